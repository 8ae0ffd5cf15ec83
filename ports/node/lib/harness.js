// Harness protocol v1: requests, field accessors, the op table and responses.
// Normative: specs/harness.md. Inputs are read in the order of each op's row, each checked
// completely when read (the order closer-spec serve uses), so the first bad input names the error.
import { CloserError, fail } from './errors.js';
import { hexDecode, hexEncode, base64Decode, base64Encode, utf8Encode } from './encoding.js';
import { parseJSON, canonicalBytes, canonicalize, canonicalString } from './json.js';
import { readKeyset, makeAeadKeyset, makeHybridPrivateKeyset, publicKeysetOf, PREFIX } from './keyset.js';
import { scalarFrom, generateScalar, pointFromUncompressed, sharedSecret } from './p256.js';
import { aeadEncrypt, aeadDecrypt, hybridEncrypt, hybridDecrypt, gcmSealRaw, gcmOpenRaw, hkdfSha256, systemRandom } from './tink.js';
import {
  encSeal, encOpen, sealedSeal, sealedOpen, parseWire, checkSealedPayload, commitmentOf,
  pubDecode, pubEncode, keyboxWrap, keyboxUnwrap, bindingJoin, sealedAAD, keyboxContext,
} from './values.js';
import { phraseFromEntropy, phraseNormalize } from './phrase.js';
import { dateKey } from './datekeys.js';
import * as payback from './payback.js';
import * as paybackServer from './payback-server.js';
import * as paybackGroups from './payback-groups.js';
import * as paybackDeletion from './payback-deletion.js';
import * as paybackMembers from './payback-members.js';
import * as paybackSelfFriend from './payback-self-friend.js';
import * as paybackLinkedAccounts from './payback-linked-accounts.js';
import { parseInstant, parseInstantNanos, recipientInQuietHours } from './quiet-hours.js';
import { respond as webhookRespond } from './revenuecat-webhook.js';
import { gentleReminderLimit } from './gentle-reminder.js';
import { isPremium, LISTENER_ERROR } from './entitlements.js';
import { validateDocument } from './documents.js';
import { acceptInvite } from './accept-invite.js';
import { createInvite, partnerJoined } from './invites.js';
import { proactiveReminder } from './reminders.js';
import { reengagement, outcomeReminder, challengeDay, capsuleUnlock } from './scheduled-reminders.js';
import { dataMembers, planFanout, revealTrigger } from './fcm-fanout.js';
import { accountDelete, claimPush, coupleLeave } from './cascades.js';

export const IMPLEMENTATION = 'closer-port-node';
export const VERSION = '0.1.0';

/** @param {string} name @param {string} what @returns {never} */
const malformed = (name, what) => fail('harness.malformed_request', `field "${name}" ${what}`);

const isObject = (/** @type {any} */ v) => v !== null && typeof v === 'object' && !Array.isArray(v);
/** A field that is an object or null. @param {Fields} r @param {string} name */
function objectOrNull(r, name) {
  const v = r.json(name);
  if (v !== null && !isObject(v)) malformed(name, 'must be an object or null');
  return v;
}
/** A uid or invite code used as a path segment. @param {string} id @param {string} name */
function documentId(id, name) {
  if (id === '' || id.includes('/')) malformed(name, 'must be a document id (non-empty, no "/")');
}

/** Typed access to a request's fields; a missing or mistyped field is `malformed_request`. */
export class Fields {
  /** @param {Record<string, any>} f */
  constructor(f) { this.f = f; }
  /** @param {string} n */
  has(n) { return Object.hasOwn(this.f, n); }
  /** @param {string} n @returns {string} */
  string(n) {
    if (!this.has(n)) malformed(n, 'is missing');
    const v = this.f[n];
    if (typeof v !== 'string') malformed(n, 'must be a string');
    return v;
  }
  /** Absent or null → undefined. @param {string} n @returns {string|undefined} */
  optionalString(n) {
    if (!this.has(n) || this.f[n] === null) return undefined;
    const v = this.f[n];
    if (typeof v !== 'string') malformed(n, 'must be a string');
    return v;
  }
  /** @param {string} s @param {string} n */
  #hex(s, n) {
    try { return hexDecode(s); } catch { return malformed(n, 'is not hex'); }
  }
  /** @param {string} n @returns {Uint8Array} */
  hex(n) { return this.#hex(this.string(n), n); }
  /** @param {string} n @returns {Uint8Array|undefined} */
  optionalHex(n) {
    const s = this.optionalString(n);
    return s === undefined ? undefined : this.#hex(s, n);
  }
  /** @param {string} n @param {number} lo @param {number} hi @returns {number} */
  integer(n, lo, hi) {
    if (!this.has(n)) malformed(n, 'is missing');
    const v = this.f[n];
    if (typeof v !== 'number' || !Number.isFinite(v) || !Number.isInteger(v) || Math.abs(v) > 9e15) malformed(n, 'must be an integer');
    if (v < lo || v > hi) malformed(n, `must be in ${lo}...${hi}`);
    return v;
  }
  /** @param {string} n */
  uint32(n) { return this.integer(n, 0, 0xffffffff); }
  /** A required field that is a string or null. @param {string} n @returns {string|null} */
  nullableString(n) {
    if (!this.has(n)) malformed(n, 'is missing');
    const v = this.f[n];
    if (v !== null && typeof v !== 'string') malformed(n, 'must be a string or null');
    return v;
  }
  /** A required field of any JSON type (null included). @param {string} n @returns {any} */
  json(n) {
    if (!this.has(n)) malformed(n, 'is missing');
    return this.f[n];
  }
}

/** `own` / `partner` of entitlement.evaluate: an object, null or "error". @param {Fields} r @param {string} n */
function snapshot(r, n) {
  const v = r.json(n);
  if (v === null || v === LISTENER_ERROR || (typeof v === 'object' && !Array.isArray(v))) return v;
  return malformed(n, 'must be an object, null or "error"');
}

/** @param {Fields} r */
function ephemeralAndIV(r) {
  const e = r.optionalHex('ephemeralPrivateKey');
  const eph = e !== undefined ? scalarFrom(e) : generateScalar(systemRandom);
  const iv = r.optionalHex('iv') ?? systemRandom(12);
  return { eph, iv };
}

/** @param {Fields} r @returns {[string, string, string]} */
function sealedIds(r) {
  const ids = /** @type {[string, string, string]} */ ([r.string('coupleId'), r.string('questionId'), r.string('userId')]);
  sealedAAD(...ids);
  return ids;
}

/** @param {Fields} r */
function keyboxBinding(r) {
  return keyboxContext(r.string('coupleId'), r.string('questionId'), r.string('senderUserId'), r.string('recipientUserId'));
}

/** @type {Record<string, string>} */
const PROFILES = { b64: 'b64', b64url: 'b64url', hex: 'hex' };

/** @typedef {(r: Fields) => Record<string, any>} OpHandler */

/** Every op this port implements, in the order `info` lists them. @type {Record<string, OpHandler>} */
/** A field that must be a JSON object. @param {any} r @param {string} n */
function objectField(r, n) {
  const v = r.json(n);
  if (!isObject(v)) malformed(n, 'must be an object');
  return v;
}

export const OPS = {
  info: () => ({ implementation: IMPLEMENTATION, version: VERSION, protocol: 1, ops: Object.keys(OPS) }),

  'aead.keyset': (r) => {
    const name = r.optionalString('prefix') ?? 'TINK';
    if (!Object.hasOwn(PREFIX, name)) malformed('prefix', 'must be TINK, RAW, LEGACY or CRUNCHY');
    const ks = makeAeadKeyset(r.hex('key'), r.uint32('keyId'), /** @type {any} */ (PREFIX)[name]);
    return { keyset: hexEncode(ks.bytes) };
  },
  'aead.encrypt': (r) => {
    const ks = readKeyset(r.hex('keyset'), 'aead');
    const pt = r.hex('plaintext');
    const aad = r.hex('aad');
    const iv = r.optionalHex('iv') ?? systemRandom(12);
    return { ciphertext: hexEncode(aeadEncrypt(ks, pt, aad, iv)) };
  },
  'aead.decrypt': (r) => {
    const ks = readKeyset(r.hex('keyset'), 'aead');
    const ct = r.hex('ciphertext');
    return { plaintext: hexEncode(aeadDecrypt(ks, ct, r.hex('aad'))) };
  },

  'hybrid.keyset': (r) => {
    const d = r.hex('privateKey');
    const priv = makeHybridPrivateKeyset(d, r.uint32('keyId'));
    return { privateKeyset: hexEncode(priv.bytes), publicKeyset: hexEncode(publicKeysetOf(priv).bytes) };
  },
  'hybrid.encrypt': (r) => {
    const pub = readKeyset(r.hex('publicKeyset'), 'hybridPublic');
    const { eph, iv } = ephemeralAndIV(r);
    const pt = r.hex('plaintext');
    return { ciphertext: hexEncode(hybridEncrypt(pub, pt, r.hex('contextInfo'), eph, iv)) };
  },
  'hybrid.decrypt': (r) => {
    const priv = readKeyset(r.hex('privateKeyset'), 'hybridPrivate');
    const ct = r.hex('ciphertext');
    return { plaintext: hexEncode(hybridDecrypt(priv, ct, r.hex('contextInfo'))) };
  },

  'enc.seal': (r) => {
    const ks = readKeyset(r.hex('keyset'), 'aead');
    const iv = r.optionalHex('iv') ?? systemRandom(12);
    const text = r.string('text');
    return { value: encSeal(ks, r.string('coupleId'), text, iv) };
  },
  'enc.open': (r) => {
    const ks = readKeyset(r.hex('keyset'), 'aead');
    const value = r.string('value');
    return { text: encOpen(ks, r.string('coupleId'), value) };
  },

  'sealed.seal': (r) => {
    const ks = readKeyset(r.hex('keyset'), 'aead');
    const ids = sealedIds(r);
    const payload = checkSealedPayload(parseJSON(utf8Encode(r.string('payload'))));
    const iv = r.optionalHex('iv') ?? systemRandom(12);
    return sealedSeal(ks, ids, payload, iv);
  },
  'sealed.open': (r) => {
    const ks = readKeyset(r.hex('keyset'), 'aead');
    const ids = sealedIds(r);
    const value = r.string('value');
    parseWire(value, 'sealed');
    const digest = parseWire(r.string('commitment'), 'commitment');
    return { payload: new TextDecoder().decode(sealedOpen(ks, ids, value, digest)) };
  },

  'pub.encode': (r) => ({ value: pubEncode(r.hex('publicKeyset')) }),
  'pub.decode': (r) => {
    const { keyset, body } = pubDecode(r.string('value'));
    const p = keyset.primary;
    return { publicKeyset: hexEncode(body), keyId: p.keyId, x: hexEncode(p.key.point.x), y: hexEncode(p.key.point.y) };
  },

  'keybox.wrap': (r) => {
    const recipient = pubDecode(r.string('recipient')).keyset;
    const context = keyboxBinding(r);
    const ks = readKeyset(r.hex('keyset'), 'aead');
    const { eph, iv } = ephemeralAndIV(r);
    return { value: keyboxWrap(recipient, context, ks, eph, iv) };
  },
  'keybox.unwrap': (r) => {
    const priv = readKeyset(r.hex('privateKeyset'), 'hybridPrivate');
    const context = keyboxBinding(r);
    return { keyset: hexEncode(keyboxUnwrap(priv, context, r.string('value')).bytes) };
  },

  canonicalize: (r) => ({ canonical: hexEncode(canonicalize(utf8Encode(r.string('json')))) }),
  commitment: (r) => {
    const canonical = canonicalize(utf8Encode(r.string('json')));
    return { canonical: hexEncode(canonical), value: commitmentOf(canonical) };
  },

  'phrase.fromEntropy': (r) => ({ phrase: phraseFromEntropy(r.hex('entropy')) }),
  'phrase.normalize': (r) => {
    const { phrase, entropy } = phraseNormalize(r.string('input'));
    return { phrase, entropy: hexEncode(entropy) };
  },

  'datekey.compute': (r) => ({ key: dateKey(r.string('instant'), r.string('kind')) }),
  // Server contracts (specs/quiet-hours.md, specs/entitlements.md, specs/revenuecat-webhook.md).
  'quietHours.check': (r) => {
    const user = r.json('user');
    return { quiet: recipientInQuietHours(user, parseInstant(r.string('instant'))) };
  },
  'entitlement.evaluate': (r) => {
    const own = snapshot(r, 'own');
    const partner = snapshot(r, 'partner');
    const fallback = r.json('revenueCatFallback');
    if (fallback !== null && typeof fallback !== 'boolean') malformed('revenueCatFallback', 'must be true, false or null');
    return { premium: isPremium(own, partner, fallback, r.string('now')) };
  },
  'doc.validate': (r) => {
    const path = r.string('path');
    validateDocument(path, r.json('document'));
    return { valid: true };
  },
  'acceptInvite.evaluate': (r) => {
    const caller = r.nullableString('caller');
    const code = r.string('code');
    const now = parseInstantNanos(r.string('now'));
    const attempts = r.json('attempts');
    if (!Array.isArray(attempts)) malformed('attempts', 'must be an array');
    const invite = r.json('invite'), callerUser = r.json('callerUser'), inviterUser = r.json('inviterUser');
    return acceptInvite({ caller, code, now, attempts, invite, callerUser, inviterUser, coupleId: r.string('coupleId') });
  },
  // cloud-functions.md §createInviteCallable server behaviour, §partner_joined
  'createInvite.evaluate': (r) => {
    const caller = r.nullableString('caller');
    const payload = r.json('payload');
    const nowText = r.string('now');
    const existing = objectOrNull(r, 'existing');
    const now = parseInstantNanos(nowText);
    if (caller !== null) documentId(caller, 'caller');
    return createInvite(caller, payload, now, existing);
  },
  'acceptInvite.partnerJoined': (r) => {
    const inviter = r.string('inviterUserId'), acceptor = r.string('acceptorUserId'), coupleId = r.string('coupleId');
    documentId(inviter, 'inviterUserId');
    documentId(acceptor, 'acceptorUserId');
    documentId(coupleId, 'coupleId');
    if (inviter === acceptor) malformed('acceptorUserId', 'must differ from inviterUserId');
    return partnerJoined(inviter, coupleId);
  },
  // cloud-functions.md §sendDailyQuestionProactiveReminder
  'reminder.proactive': (r) => {
    const run = r.string('run'), coupleId = r.string('coupleId'), questionDate = r.string('questionDate');
    const question = r.json('question');
    if (!isObject(question)) malformed('question', 'must be an object');
    const flag = (/** @type {string} */ n) => { const v = r.json(n); if (typeof v !== 'boolean') malformed(n, 'must be true or false'); return v; };
    const autoClaimed = flag('autoClaimed'), gentleSent = flag('gentleSent');
    const answers = r.json('answers');
    if (!Array.isArray(answers) || !answers.every((a) => typeof a === 'string')) malformed('answers', 'must be an array of strings');
    const couple = r.json('couple');
    if (!isObject(couple)) malformed('couple', 'must be an object');
    documentId(coupleId, 'coupleId');
    documentId(questionDate, 'questionDate');
    return proactiveReminder({ run: parseInstantNanos(run), coupleId, questionDate, question, autoClaimed, gentleSent, answers, couple });
  },
  // cloud-functions.md §The scheduled reminders
  'reminder.reengagement': (r) => {
    const run = r.string('run'), coupleId = r.string('coupleId');
    const couple = objectField(r, 'couple');
    const users = objectField(r, 'users');
    if (!Object.values(users).every(isObject)) malformed('users', 'must be an object of objects');
    documentId(coupleId, 'coupleId');
    return reengagement({ run: parseInstantNanos(run), runMs: parseInstant(run), couple, users });
  },
  'reminder.outcome': (r) => {
    const run = r.string('run'), coupleId = r.string('coupleId');
    const couple = objectField(r, 'couple');
    const outcomes = objectField(r, 'outcomes');
    const strings = (/** @type {any} */ v) => Array.isArray(v) && v.every((i) => typeof i === 'string');
    if (!Object.values(outcomes).every(strings)) malformed('outcomes', 'must be an object of arrays of strings');
    documentId(coupleId, 'coupleId');
    return outcomeReminder({ run: parseInstantNanos(run), couple, outcomes });
  },
  'reminder.challengeDay': (r) => {
    const run = r.string('run'), coupleId = r.string('coupleId'), startedAt = r.string('startedAt');
    const totalDays = r.integer('totalDays', 1, 366);
    const completed = objectField(r, 'completed');
    const day = (/** @type {any} */ v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 366;
    if (!Object.values(completed).every(day)) malformed('completed', 'must be an object of integers in 0...366');
    const couple = objectField(r, 'couple');
    documentId(coupleId, 'coupleId');
    const runNs = parseInstantNanos(run);
    return challengeDay({ run: runNs, startedAt: parseInstantNanos(startedAt), totalDays, completed, couple });
  },
  'reminder.capsuleUnlock': (r) => {
    const run = r.string('run'), coupleId = r.string('coupleId'), capsuleId = r.string('capsuleId');
    const unlockAt = r.string('unlockAt');
    const unlocked = r.json('unlocked');
    if (typeof unlocked !== 'boolean') malformed('unlocked', 'must be true or false');
    const couple = objectField(r, 'couple');
    documentId(coupleId, 'coupleId');
    documentId(capsuleId, 'capsuleId');
    const runNs = parseInstantNanos(run);
    return capsuleUnlock({ run: runNs, unlockAt: parseInstantNanos(unlockAt), unlocked, couple });
  },
  'fcm.fanout': (r) => {
    const type = r.string('type');
    const data = dataMembers(r.json('data'));
    const title = r.string('title'), body = r.string('body');
    const user = r.json('user');
    if (user !== null && (typeof user !== 'object' || Array.isArray(user))) malformed('user', 'must be an object or null');
    const tokenDocs = r.json('tokenDocs');
    if (!Array.isArray(tokenDocs)) malformed('tokenDocs', 'must be an array');
    return planFanout({ type, data, title, body, user, tokenDocs });
  },
  'reveal.trigger': (r) => {
    const isObj = (/** @type {any} */ v) => v !== null && typeof v === 'object' && !Array.isArray(v);
    const userId = r.string('userId');
    const couple = r.json('couple');
    if (!isObj(couple)) malformed('couple', 'must be an object');
    const before = r.json('before');
    if (before !== null && !isObj(before)) malformed('before', 'must be an object or null');
    const after = r.json('after');
    if (!isObj(after)) malformed('after', 'must be an object');
    return revealTrigger(userId, couple, before, after);
  },
  // cloud-functions.md §leaveCouple and account deletion, §Game session flags
  'couple.leave': (r) => {
    const caller = r.nullableString('caller');
    const callerUser = objectOrNull(r, 'callerUser'), couple = objectOrNull(r, 'couple'), partnerUser = objectOrNull(r, 'partnerUser');
    if (caller !== null) documentId(caller, 'caller');
    return coupleLeave(caller, callerUser, couple, partnerUser);
  },
  'account.delete': (r) => {
    const uid = r.string('uid');
    const user = objectOrNull(r, 'user'), couple = objectOrNull(r, 'couple'), partnerUser = objectOrNull(r, 'partnerUser');
    const invites = r.json('invites');
    if (!Array.isArray(invites)) malformed('invites', 'must be an array');
    for (const i of invites) {
      const ok = isObject(i) && Object.keys(i).length === 2 && typeof i.code === 'string' && isObject(i.document);
      if (!ok) malformed('invites', 'must hold objects {code: string, document: object}');
      documentId(i.code, 'invites');
    }
    documentId(uid, 'uid');
    return accountDelete(uid, user, couple, partnerUser, invites);
  },
  'game.claimPush': (r) => {
    const session = r.json('session');
    if (!isObject(session)) malformed('session', 'must be an object');
    const key = r.string('key');
    const now = r.string('now');
    const sendFails = r.has('sendFails') ? r.json('sendFails') : undefined;
    if (sendFails !== undefined && typeof sendFails !== 'boolean') malformed('sendFails', 'must be a bool');
    return claimPush(session, key, now, sendFails);
  },
  'gentleReminder.rateLimit': (r) => {
    const record = r.json('record');
    return gentleReminderLimit(record, r.string('now'));
  },
  'webhook.revenuecat': (r) => {
    const method = r.string('method');
    const signingKey = r.nullableString('signingKey');
    const signature = r.nullableString('signature');
    const body = r.hex('body');
    const ids = r.has('processedEventIds') ? r.f.processedEventIds : [];
    if (!Array.isArray(ids) || !ids.every((x) => typeof x === 'string')) malformed('processedEventIds', 'must be an array of strings');
    return webhookRespond({ method, signingKey, signature, body }, new Set(ids));
  },

  // Lower-layer ops (optional; specs/harness.md, specs/vectors.md §Layers).
  'encoding.decode': (r) => {
    const profile = r.string('profile');
    if (!Object.hasOwn(PROFILES, profile)) malformed('profile', 'must be b64, b64url or hex');
    const text = r.string('text');
    return { bytes: hexEncode(profile === 'hex' ? hexDecode(text) : base64Decode(text, /** @type {any} */ (profile))) };
  },
  'encoding.encode': (r) => {
    const profile = r.string('profile');
    if (!Object.hasOwn(PROFILES, profile)) malformed('profile', 'must be b64, b64url or hex');
    const bytes = r.hex('bytes');
    return { text: profile === 'hex' ? hexEncode(bytes) : base64Encode(bytes, /** @type {any} */ (profile)) };
  },
  'keyset.validate': (r) => {
    const bytes = r.hex('keyset');
    const primitive = r.string('primitive');
    if (!['aead', 'hybridPrivate', 'hybridPublic'].includes(primitive)) malformed('primitive', 'must be aead, hybridPrivate or hybridPublic');
    const ks = readKeyset(bytes, /** @type {any} */ (primitive));
    return { primaryKeyId: ks.primary.keyId, keyIds: ks.entries.map((e) => e.keyId) };
  },
  'binding.aad': (r) => {
    const kind = r.string('kind');
    if (kind === 'enc') return { aad: hexEncode(bindingJoin([['coupleId', r.string('coupleId')]])) };
    if (kind === 'sealed') return { aad: hexEncode(sealedAAD(r.string('coupleId'), r.string('questionId'), r.string('userId'))) };
    if (kind === 'keybox') return { aad: hexEncode(keyboxBinding(r)) };
    return malformed('kind', 'must be enc, sealed or keybox');
  },
  'aesgcm.seal': (r) => {
    const key = r.hex('key'), iv = r.hex('iv'), pt = r.hex('plaintext'), aad = r.hex('aad');
    return { ciphertext: hexEncode(gcmSealRaw(key, iv, pt, aad)) };
  },
  'aesgcm.open': (r) => {
    const key = r.hex('key'), iv = r.hex('iv'), ct = r.hex('ciphertext'), aad = r.hex('aad');
    return { plaintext: hexEncode(gcmOpenRaw(key, iv, ct, aad)) };
  },
  'p256.ecdh': (r) => {
    const s = scalarFrom(r.hex('privateKey'));
    const point = pointFromUncompressed(r.hex('publicPoint'));
    return { sharedSecret: hexEncode(sharedSecret(s, point)) };
  },
  'hkdf.sha256': (r) => {
    const ikm = r.hex('ikm'), salt = r.hex('salt'), info = r.hex('info');
    return { okm: hexEncode(hkdfSha256(ikm, salt, info, r.integer('length', -9e15, 9e15))) };
  },
  // PayBack profile (specs/profiles/payback/identity.md)
  'payback.isMe': (r) => {
    const a = r.json('account');
    const account = {
      id: idField(a?.id, 'account.id'),
      linkedMemberId: a?.linkedMemberId == null ? null : idField(a.linkedMemberId, 'account.linkedMemberId'),
      equivalentMemberIds: idList(a?.equivalentMemberIds, 'account.equivalentMemberIds'),
    };
    return { isMe: payback.isMe(account, r.string('memberId')) };
  },
  'payback.areSamePerson': (r) => {
    const list = r.json('friends');
    if (!Array.isArray(list)) malformed('friends', 'must be an array');
    const friends = list.map((f) => ({
      memberId: idField(f?.memberId, 'friends[].memberId'), aliasMemberIds: idList(f?.aliasMemberIds, 'friends[].aliasMemberIds'),
    }));
    const a = payback.memberId(r.string('a')), b = payback.memberId(r.string('b'));
    const ca = payback.canonical(friends, a), cb = payback.canonical(friends, b);
    return { same: ca === cb, canonicalA: ca, canonicalB: cb };
  },
  'payback.normalizeEmail': (r) => {
    const e = r.json('email');
    if (e !== null && typeof e !== 'string') malformed('email', 'must be a string or null');
    return { email: payback.normalizeEmail(e) };
  },
  // Splits, netBalance, expense validation (specs/profiles/payback/balance.md, validation.md)
  'payback.splitExpense': (r) => {
    const amount = centsField(r.json('amountCents'), 'amountCents');
    const mode = payback.splitMode(r.string('mode'));
    const people = participantsField(r.json('participants'), mode, true);
    return { shares: payback.shares(amount, mode, people) };
  },
  'payback.netBalance': (r) => {
    const me = accountField(r.json('account'));
    const f = r.json('friend');
    const friend = {
      memberId: idField(f?.memberId, 'friend.memberId'),
      accountFriendMemberId: f?.accountFriendMemberId == null ? null : idField(f.accountFriendMemberId, 'friend.accountFriendMemberId'),
    };
    const list = r.json('expenses');
    if (!Array.isArray(list)) malformed('expenses', 'must be an array');
    const expenses = list.map((e) => {
      const amountCents = centsField(e?.amountCents, 'expenses[].amountCents');
      const paidBy = idField(e?.paidBy, 'expenses[].paidBy');
      if (typeof e?.mode !== 'string') malformed('expenses[].mode', 'must be a string');
      const mode = payback.splitMode(e.mode);
      const participants = participantsField(e.participants, mode, true);
      payback.shares(amountCents, mode, participants); // split before the next expense is read (balance.md §"Order of checks")
      return { amountCents, paidBy, mode, participants };
    });
    return { netCents: payback.netBalance(me, friend, expenses) };
  },
  'payback.validateExpense': (r) => {
    const description = r.string('description');
    const n = r.json('amountCents');
    if (typeof n !== 'number') malformed('amountCents', 'must be a number');
    const amount = Number.isInteger(n) ? n : null;
    const modeName = r.string('mode');
    const mode = payback.MODES.includes(modeName) ? modeName : null;
    const participants = participantsField(r.json('participants'), mode, false);
    const problems = payback.expenseProblems({ description, amount, mode, participants });
    return { valid: problems.length === 0, problems };
  },
  // JSON mapping (specs/profiles/payback/mapping.md)
  'payback.decodeAccountFriend': (r) => ({ friend: payback.friendFromRow(r.json('row')) }),
  'payback.encodeAccountFriend': (r) => ({ row: payback.rowOf(payback.friendFromClient(r.json('friend'))) }),
  'payback.linkAccountFriend': (r) => {
    const row = r.json('row');
    return { row: payback.linkRow(row, r.json('account')) };
  },
  'payback.decodeUserAccount': (r) => ({ account: payback.userAccountFromDocument(r.json('document')) }),
  // CSV import remapping (specs/profiles/payback/import.md)
  'payback.remapImport': (r) => {
    const data = r.json('import');
    const members = idMap(r.json('memberIdMapping'), 'memberIdMapping', (k) => payback.memberId(k));
    const names = namedIds(r.json('nameToExistingId'));
    const fresh = idList(r.json('newMemberIds'), 'newMemberIds');
    const { data: remapped, groups } = payback.remapImport(data, members, names, fresh, idList(r.json('newGroupIds'), 'newGroupIds'));
    return { import: remapped, memberIdMapping: Object.fromEntries(members), groupIdMapping: Object.fromEntries(groups) };
  },
  // Server contracts (specs/profiles/payback/server.md)
  'payback.authorizeMutation': (r) => paybackServer.authorizeMutation(r.string('mutation'), r.json('caller'), r.json('payload')),
  'payback.confirmDirectFriend': (r) => {
    const name = r.json('memberName');
    if (name !== null && typeof name !== 'string') malformed('memberName', 'must be a string or null');
    const list = (/** @type {string} */ k) => { const v = r.json(k); if (!Array.isArray(v)) malformed(k, 'must be an array'); return v; };
    const member = idField(r.json('memberId'), 'memberId');
    return paybackServer.confirmDirectFriend(member, name, list('friends'), list('memberAliases'), list('accounts'));
  },
  // Group contracts (specs/profiles/payback/groups.md)
  'payback.authorizeGroupUpsert': (r) => paybackGroups.authorizeGroupUpsert(r.json('caller'), r.json('group'), r.json('existing')),
  'payback.planGroupDelete': (r) => {
    const list = (/** @type {string} */ k) => { const v = r.json(k); if (!Array.isArray(v)) malformed(k, 'must be an array'); return v; };
    return { steps: paybackGroups.planGroupDelete(list('groupIds'), list('expenses')) };
  },
  // Hard-delete cascade (specs/profiles/payback/deletion.md)
  'payback.planHardDelete': (r) => {
    const friends = r.json('friends');
    if (!Array.isArray(friends)) malformed('friends', 'must be an array');
    return { steps: paybackDeletion.planHardDelete(r.json('account'), friends) };
  },
  // Member id bootstrap (specs/profiles/payback/members.md)
  'payback.authorizeMemberIdUpdate': (r) => {
    const used = r.json('usedMemberIds');
    if (!Array.isArray(used)) malformed('usedMemberIds', 'must be an array');
    return paybackMembers.authorizeMemberIdUpdate(r.json('caller'), r.json('account'), r.json('memberId'), used);
  },
  'payback.isSelfFriend': (r) => {
    const session = r.json('session'), name = r.json('accountName');
    if (typeof session !== 'boolean') malformed('session', 'must be a bool');
    if (name !== null && typeof name !== 'string') malformed('accountName', 'must be a string or null');
    return paybackSelfFriend.isSelfFriend(session, accountField(r.json('account')), name, r.json('friend'));
  },
  'payback.visibleLinkedAccounts': (r) => {
    const surface = r.json('surface'), accounts = r.json('accounts');
    const visible = new Set(['selfIds', 'groupMemberIds', 'friendMemberIds', 'linkedFriendIds'].flatMap((k) => idList(surface?.[k], `surface.${k}`)));
    if (!Array.isArray(accounts)) malformed('accounts', 'must be an array');
    return paybackLinkedAccounts.visibleLinkedAccounts(visible, accounts, idList(r.json('memberIds'), 'memberIds'));
  },
};

/** payback.isMe's account. @param {any} a */
function accountField(a) {
  return {
    id: idField(a?.id, 'account.id'),
    linkedMemberId: a?.linkedMemberId == null ? null : idField(a.linkedMemberId, 'account.linkedMemberId'),
    equivalentMemberIds: idList(a?.equivalentMemberIds, 'account.equivalentMemberIds'),
  };
}

/** @param {any} v @param {string} name */
function centsField(v, name) {
  if (typeof v !== 'number') malformed(name, 'must be a number');
  return payback.amountCents(v);
}

/** A split's participants (balance.md §"Order of checks"); not strict: bad shares kept as missing. */
function participantsField(/** @type {any} */ v, /** @type {string|null} */ mode, /** @type {boolean} */ strict) {
  if (!Array.isArray(v)) malformed('participants', 'must be an array');
  const kept = (/** @type {() => number} */ read) => {
    try { return read(); } catch (e) { if (strict) throw e; return null; }
  };
  return v.map((p) => {
    const memberId = idField(p?.memberId, 'participants[].memberId');
    if (mode === 'percent') {
      if (typeof p.percent !== 'string') malformed('participants[].percent', 'must be a string');
      return { memberId, basisPoints: kept(() => payback.basisPoints(p.percent)) };
    }
    if (mode === 'exact') {
      if (typeof p.amountCents !== 'number') malformed('participants[].amountCents', 'must be a number');
      return { memberId, exactCents: kept(() => payback.exactCents(p.amountCents)) };
    }
    return { memberId };
  });
}

/** nameToExistingId: [{name, id}] in list order, the first of one name (code units) wins; no name in a message (manual §6). */
function namedIds(/** @type {any} */ v) {
  if (!Array.isArray(v)) malformed('nameToExistingId', 'must be an array');
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const item of v) {
    if (typeof item?.name !== 'string') malformed('nameToExistingId[].name', 'must be a string');
    const id = idField(item.id, 'nameToExistingId[].id');
    if (!out.has(item.name)) out.set(item.name, id);
  }
  return out;
}

/** A JSON object of ids by key (keys in sorted order; the first of two keys naming one key wins). */
function idMap(/** @type {any} */ v, /** @type {string} */ name, /** @type {(k: string) => string} */ keyOf) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) malformed(name, 'must be an object');
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const key of Object.keys(v).sort()) {
    const k = keyOf(key);
    if (!out.has(k)) out.set(k, idField(v[key], name)); // not the key: a name is PII (manual §6)
  }
  return out;
}

/** @param {any} v @param {string} name */
function idField(v, name) {
  if (typeof v !== 'string') malformed(name, 'must be a string');
  return payback.memberId(v);
}

/** @param {any} v @param {string} name */
function idList(v, name) {
  if (!Array.isArray(v)) malformed(name, 'must be an array');
  return v.map((x) => idField(x, name));
}

/** @param {any} id @param {CloserError} e */
function failure(id, e) {
  return { id, ok: false, error: { code: e.category, detail: e.code, message: e.message } };
}

/** Printable op name for messages. @param {string} op */
const printable = (op) => Array.from(op).slice(0, 64).filter((c) => c >= ' ' && c !== '\x7f').join('');

/**
 * Handles one request object (`{id?, op, ...fields}`, e.g. a vector's `{op, ...input}`) and
 * returns the response object. Never throws for bad input.
 * @param {Record<string, any>} request @returns {Record<string, any>}
 */
export function handle(request) {
  if (request === null || typeof request !== 'object' || Array.isArray(request)) {
    return failure(null, new CloserError('harness.malformed_request', 'request must be a JSON object'));
  }
  if (!Object.hasOwn(request, 'op') || typeof request.op !== 'string') {
    return failure(null, new CloserError('harness.malformed_request', 'request has no string field "op"'));
  }
  const id = Object.hasOwn(request, 'id') ? request.id : null;
  const op = request.op;
  if (!Object.hasOwn(OPS, op)) return failure(id, new CloserError('harness.unknown_op', `unknown op "${printable(op)}"`));
  try {
    const out = OPS[op](new Fields(request));
    return { ...out, id, ok: true };
  } catch (e) {
    if (e instanceof CloserError) return failure(id, e);
    // A bug, never a secret: the category is the nearest honest one.
    return failure(id, new CloserError('harness.malformed_request', `internal error in ${op}: ${/** @type {any} */ (e)?.name ?? 'error'}`));
  }
}

export const MAXIMUM_LINE_LENGTH = 16 * 1024 * 1024;

/**
 * One request line (bytes, without the LF) → one response line (RFC 8785, without the LF).
 * @param {Uint8Array} line @returns {string}
 */
export function respondToLine(line) {
  let request;
  try {
    request = parseJSON(line);
  } catch (e) {
    return canonicalString(failure(null, new CloserError('harness.malformed_request', `request is not valid JSON: ${/** @type {any} */ (e).message}`)));
  }
  if (request === null || typeof request !== 'object' || Array.isArray(request)) {
    return canonicalString(failure(null, new CloserError('harness.malformed_request', 'request must be a JSON object')));
  }
  if (typeof request.op !== 'string') {
    return canonicalString(failure(null, new CloserError('harness.malformed_request', 'request has no string field "op"')));
  }
  return encodeResponse(handle(request));
}

/** @param {Record<string, any>} response */
export function encodeResponse(response) {
  try {
    return canonicalString(response);
  } catch {
    return '{"error":{"code":"malformed_request","message":"response could not be encoded"},"ok":false}';
  }
}

export { canonicalBytes };

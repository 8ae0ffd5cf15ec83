// createInviteCallable's server side (the payload checks of callables.md, the code collision, the
// invite and its queue record) and the partner_joined notification of an accept.
// Normative: specs/cloud-functions.md §createInviteCallable server behaviour, §partner_joined;
// specs/callables.md §"Checks, in order" (D-CONTRACTS-06, D-CF-69, D-CF-71..74).
import { MATERIAL, utcText } from './accept-invite.js';

const INVITE_TTL = 24n * 3600n * 1_000_000_000n;
const ALIASES = { wrappedCoupleKey: ['wrappedKey'], kdfSalt: ['salt'], kdfParams: ['params'],
  recoveryPhrase: ['encryptedPhrase', 'encryptedRecoveryPhrase'] };
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const present = (o, k) => Object.hasOwn(o, k) && o[k] !== null;

/** callables.md's createInviteCallable checks: [HttpsError code, detail] of the first failure, or undefined. */
function payloadRefusal(p) {
  if (!isObject(p)) return ['invalid-argument', 'callable.payload_not_object'];
  for (const m of MATERIAL) {
    if (present(p, m)) continue;
    const alias = ALIASES[m].some((a) => Object.hasOwn(p, a));
    return ['failed-precondition', alias ? 'callable.alias_member' : 'callable.missing_encryption_material'];
  }
  if (!MATERIAL.every((m) => typeof p[m] === 'string')) return ['invalid-argument', 'callable.invalid_member_type'];
  if (!present(p, 'code')) return ['invalid-argument', 'callable.missing_code'];
  if (typeof p.code !== 'string') return ['invalid-argument', 'callable.invalid_member_type'];
  if (!/^[A-Za-z0-9]{6}$/.test(p.code)) return ['invalid-argument', 'callable.invalid_code'];
  return undefined;
}

const queueRecord = (uid, type) => ({ kind: 'add', path: `users/${uid}/notification_queue`,
  members: { type, read: false }, serverTimestamps: ['createdAt'] });

/** @param {string|null} caller @param {any} payload @param {bigint} now @param {any} existing */
export function createInvite(caller, payload, now, existing) {
  if (caller === null) return { outcome: 'unauthenticated', reason: 'unauthenticated', writes: [] };
  const refused = payloadRefusal(payload);
  if (refused) return { outcome: refused[0], reason: refused[1], writes: [] };
  if (existing !== null) return { outcome: 'already-exists', reason: 'code_exists', writes: [] };
  const code = payload.code;
  const invite = { ...Object.fromEntries(MATERIAL.map((m) => [m, payload[m]])), code, inviterUserId: caller,
    status: 'pending', createdAt: { timestampValue: utcText(now) }, expiresAt: { timestampValue: utcText(now + INVITE_TTL) } };
  return { outcome: 'created', response: { code },
    writes: [{ kind: 'create', path: `invites/${code}`, members: invite, serverTimestamps: [] }, queueRecord(caller, 'invite_created')] };
}

/** D-CF-72: the inviter's queue record, then one push with coupleId; the acceptor gets nothing. */
export function partnerJoined(/** @type {string} */ inviter, /** @type {string} */ coupleId) {
  return { writes: [queueRecord(inviter, 'partner_joined')],
    pushes: [{ recipient: inviter, data: { type: 'partner_joined', coupleId } }] };
}

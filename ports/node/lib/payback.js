// PayBack identity equivalence, the Convex (TypeScript) side (specs/profiles/payback/identity.md),
// written from the page: member ids compared as UUIDs (case-insensitive text, lower-case canonical),
// isMe over id / linkedMemberId / equivalentMemberIds, areSamePerson through the friends' alias map,
// email normalization (trim ASCII white space, empty → null, ASCII-only lower-casing).

import { fail } from './errors.js';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** The canonical (lower-case) text of a member id. @param {string} text @returns {string} */
export function memberId(text) {
  if (typeof text !== 'string' || !UUID.test(text)) fail('payback.invalid_member_id', 'a member id is a UUID: 8-4-4-4-12 hex digits');
  return text.toLowerCase(); // ASCII hex digits only, so toLowerCase is exact here
}

/** @param {{id: string, linkedMemberId: string|null, equivalentMemberIds: string[]}} account @param {string} member */
export function isMe(account, member) {
  const m = memberId(member);
  return m === account.id || m === account.linkedMemberId || account.equivalentMemberIds.includes(m);
}

/** @param {{memberId: string, aliasMemberIds: string[]}[]} friends @param {string} id */
export function canonical(friends, id) {
  const f = friends.find((x) => x.aliasMemberIds.includes(id));
  return f ? f.memberId : id;
}

/** @param {string|null} email @returns {string|null} */
export function normalizeEmail(email) {
  if (email === null) return null;
  const trimmed = email.replace(/^[ \t\n\r]+|[ \t\n\r]+$/g, '');
  if (trimmed === '') return null;
  return trimmed.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

// Splits, netBalance and the expense validation (specs/profiles/payback/balance.md, validation.md),
// written from the pages: whole cents, shares rounded down, leftover cents by largest remainder, ties
// to the lower member id (canonical text), then list order.

export const MAX_CENTS = 100_000_000_000;
export const MODES = ['equal', 'percent', 'exact'];

/** @param {number} n @returns {number} */
export function amountCents(n) {
  if (!Number.isInteger(n) || n < 1 || n > MAX_CENTS) fail('payback.invalid_amount', `an amount is a whole number of cents from 1 to ${MAX_CENTS}`);
  return n;
}

/** @param {string} name */
export function splitMode(name) {
  if (!MODES.includes(name)) fail('payback.unknown_split_mode', 'a split mode is equal, percent or exact');
  return name;
}

const PERCENT = /^(0|[1-9][0-9]{0,2})(\.[0-9]{1,2})?$/;
/** A percent text in basis points. @param {string} text @returns {number} */
export function basisPoints(text) {
  const m = PERCENT.exec(text);
  const bp = m ? Number(m[1]) * 100 + (m[2] ? Number((m[2].slice(1) + '0').slice(0, 2)) : 0) : NaN;
  if (!m || bp > 10000) fail('payback.invalid_percent', 'a percent is 0 to 100 with at most two decimals, like 33.33');
  return bp;
}

/** @param {number} n */
export function exactCents(n) {
  if (!Number.isInteger(n) || n < 0 || n > MAX_CENTS) fail('payback.invalid_share', `an exact share is a whole number of cents from 0 to ${MAX_CENTS}`);
  return n;
}

/**
 * @param {number} amount @param {string} mode
 * @param {{memberId: string, basisPoints?: number|null, exactCents?: number|null}[]} people
 * @returns {number[]} the shares in list order
 */
export function shares(amount, mode, people) {
  amountCents(amount);
  if (people.length === 0) fail('payback.no_participants', 'a split needs at least one participant');
  if (mode === 'exact') {
    const cents = people.map((p) => (p.exactCents == null ? fail('payback.invalid_share', 'an exact share is missing') : p.exactCents));
    if (cents.reduce((a, b) => a + b, 0) !== amount) fail('payback.exact_total', 'the exact amounts of a split add up to the expense amount');
    return cents;
  }
  const weights = mode === 'equal' ? people.map(() => 1)
    : people.map((p) => (p.basisPoints == null ? fail('payback.invalid_percent', 'a percent is missing') : p.basisPoints));
  const total = weights.reduce((a, b) => a + b, 0);
  if (mode === 'percent' && total !== 10000) fail('payback.percent_total', 'the percents of a split add up to exactly 100');
  const rem = weights.map((w) => (amount * w) % total);
  const out = weights.map((w, i) => (amount * w - rem[i]) / total); // exact: integers below 2^53
  const order = people.map((_, i) => i).sort((i, j) => rem[j] - rem[i]
    || (people[i].memberId < people[j].memberId ? -1 : people[i].memberId > people[j].memberId ? 1 : 0) || i - j);
  let left = amount - out.reduce((a, b) => a + b, 0);
  for (const i of order) { if (left-- <= 0) break; out[i] += 1; }
  return out;
}

/**
 * What the friend owes the account over the expenses (balance.md §netBalance).
 * @param {{id: string, linkedMemberId: string|null, equivalentMemberIds: string[]}} account
 * @param {{memberId: string, accountFriendMemberId: string|null}} friend
 * @param {{amountCents: number, paidBy: string, mode: string, participants: any[]}[]} expenses
 */
export function netBalance(account, friend, expenses) {
  const me = (/** @type {string} */ m) => isMe(account, m);
  const isFriend = (/** @type {string} */ m) => m === friend.memberId || m === friend.accountFriendMemberId;
  let net = 0;
  for (const e of expenses) {
    const s = shares(e.amountCents, e.mode, e.participants);
    const owedBy = (/** @type {(m: string) => boolean} */ who) => e.participants.reduce((sum, p, i) => sum + (who(p.memberId) ? s[i] : 0), 0);
    if (me(e.paidBy)) net += owedBy(isFriend);
    else if (isFriend(e.paidBy)) net -= owedBy(me);
  }
  return net;
}

// Unicode White_Space, listed (validation.md §Description).
const WHITE_SPACE = /^[\u0009-\u000d\u0020\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

/**
 * Every miss in check order (validation.md). `amount` null: not a whole number.
 * @param {{description: string, amount: number|null, mode: string|null, participants: any[]}} d @returns {string[]}
 */
export function expenseProblems(d) {
  const out = [];
  if (WHITE_SPACE.test(d.description)) out.push('payback.expense_missing_description');
  const amountOK = d.amount !== null && d.amount >= 1 && d.amount <= MAX_CENTS;
  if (!amountOK) out.push('payback.expense_invalid_amount');
  if (d.participants.length === 0) out.push('payback.expense_no_participants');
  if (amountOK && d.participants.length > 0 && !hasSplits(d)) out.push('payback.expense_empty_splits');
  return out;
}

/** @param {{amount: number|null, mode: string|null, participants: any[]}} d */
function hasSplits(d) {
  if (d.mode === null || d.amount === null) return false;
  try { return shares(d.amount, d.mode, d.participants).some((x) => x > 0); } catch { return false; }
}

// The JSON mapping between Convex documents and the app's models (specs/profiles/payback/mapping.md).

/** @param {string} name @param {string} why @returns {never} */
const badField = (name, why) => fail('payback.invalid_field', `${name} ${why}`);

/** Field readers over one document (absent or null → undefined). @param {any} doc @param {string} what */
export function fieldsOf(doc, what) {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) badField(what, 'is not an object');
  const value = (/** @type {string} */ k) => (Object.hasOwn(doc, k) && doc[k] !== null ? doc[k] : undefined);
  const string = (/** @type {string} */ k) => {
    const v = value(k);
    if (v !== undefined && typeof v !== 'string') badField(`${what}.${k}`, 'is not a string');
    return /** @type {string|undefined} */ (v);
  };
  return {
    value,
    string,
    nonEmpty: (/** @type {string} */ k) => { const s = string(k); return s === undefined || s === '' ? null : s; },
    member: (/** @type {string} */ k) => { const s = string(k); return s === undefined ? null : memberId(s); },
    members: (/** @type {string} */ k) => {
      const v = value(k);
      if (v === undefined) return [];
      if (!Array.isArray(v)) badField(`${what}.${k}`, 'is not an array');
      return v.map((x) => (typeof x === 'string' ? memberId(x) : badField(`${what}.${k}[]`, 'is not a string')));
    },
    bool: (/** @type {string} */ k) => {
      const v = value(k);
      if (v !== undefined && typeof v !== 'boolean') badField(`${what}.${k}`, 'is not a boolean');
      return /** @type {boolean|undefined} */ (v);
    },
  };
}

/** Ids in order, each once, without `own`. @param {string[]} ids @param {string|null} own */
const unique = (ids, own) => ids.filter((id, i) => id !== own && ids.indexOf(id) === i);

/** An account_friends row → AccountFriend (camelCase, absent = null). @param {any} row */
export function friendFromRow(row) {
  const f = fieldsOf(row, 'row');
  const member = f.member('member_id') ?? badField('row.member_id', 'is missing');
  const name = f.string('name') ?? badField('row.name', 'is missing');
  const hasLinkedAccount = f.bool('has_linked_account') ?? false;
  const linkedAccountId = f.nonEmpty('linked_account_id');
  const email = f.string('linked_account_email');
  const linkedAccountEmail = normalizeEmail(email === undefined ? null : email);
  const linkedMemberId = f.member('linked_member_id');
  const aliasMemberIds = unique([...f.members('alias_member_ids'), ...(linkedMemberId ? [linkedMemberId] : [])], member);
  return { memberId: member, name, hasLinkedAccount, linkedAccountId, linkedAccountEmail, linkedMemberId, aliasMemberIds };
}

/** AccountFriend JSON → the model (same checks, camelCase). @param {any} json */
export function friendFromClient(json) {
  const f = fieldsOf(json, 'friend');
  const member = f.member('memberId') ?? badField('friend.memberId', 'is missing');
  const name = f.string('name') ?? badField('friend.name', 'is missing');
  const hasLinkedAccount = f.bool('hasLinkedAccount') ?? false;
  const linkedAccountId = f.nonEmpty('linkedAccountId');
  const linkedAccountEmail = f.string('linkedAccountEmail') ?? null;
  const linkedMemberId = f.member('linkedMemberId');
  return { memberId: member, name, hasLinkedAccount, linkedAccountId, linkedAccountEmail, linkedMemberId, aliasMemberIds: f.members('aliasMemberIds') };
}

/** The row sent: absent keys left out (never null), the email normalized. @param {ReturnType<typeof friendFromRow>} f */
export function rowOf(f) {
  /** @type {Record<string, any>} */
  const row = { member_id: f.memberId, name: f.name, has_linked_account: f.hasLinkedAccount, alias_member_ids: f.aliasMemberIds };
  if (f.linkedAccountId) row.linked_account_id = f.linkedAccountId;
  const email = normalizeEmail(f.linkedAccountEmail);
  if (email !== null) row.linked_account_email = email;
  if (f.linkedMemberId) row.linked_member_id = f.linkedMemberId;
  return row;
}

/** A row linked to an account: its auth id, never its Convex _id. @param {any} row @param {any} account */
export function linkRow(row, account) {
  const friend = friendFromRow(row);
  const a = fieldsOf(account, 'account');
  const authId = a.nonEmpty('id') ?? fail('payback.missing_auth_id', 'the linked account has no auth id (its Convex _id is not one)');
  const member = a.member('member_id');
  const email = a.string('email');
  friend.hasLinkedAccount = true;
  friend.linkedAccountId = authId;
  friend.linkedAccountEmail = normalizeEmail(email === undefined ? null : email);
  friend.linkedMemberId = member;
  friend.aliasMemberIds = unique([...friend.aliasMemberIds, ...a.members('alias_member_ids'), ...(member ? [member] : [])], friend.memberId);
  return rowOf(friend);
}

/** An accounts document → UserAccount. @param {any} doc */
export function userAccountFromDocument(doc) {
  const f = fieldsOf(doc, 'account');
  const id = f.nonEmpty('id') ?? fail('payback.missing_auth_id', 'the account has no auth id (its Convex _id is not one)');
  const email = f.string('email');
  const member = f.member('member_id');
  return { id, email: normalizeEmail(email === undefined ? null : email), linkedMemberId: member, equivalentMemberIds: unique(f.members('alias_member_ids'), member) };
}

// CSV import remapping (specs/profiles/payback/import.md): memberIdMapping first, then the exact name
// in nameToExistingId, then the next fresh id; groups from their own fresh ids; expenses only name
// ids the import listed or memberIdMapping already held (D-PAYBACK-19). Ids are compared and written as lower-case UUID text.

/**
 * @param {any} data the parsed import @param {Map<string, string>} members original → new (mutated)
 * @param {Map<string, string>} names @param {string[]} freshMembers @param {string[]} freshGroups
 */
export function remapImport(data, members, names, freshMembers, freshGroups) {
  /** @type {Map<string, string>} */
  const groups = new Map();
  const fresh = { m: 0, g: 0 };
  const outOfIds = () => fail('payback.import_out_of_ids', 'the import needs more fresh UUIDs than were given');
  const person = (/** @type {any} */ p, /** @type {string} */ what) => {
    const f = fieldsOf(p, what);
    const original = f.member('id') ?? badField(`${what}.id`, 'is missing');
    const name = f.string('name') ?? badField(`${what}.name`, 'is missing');
    if (!members.has(original)) {
      const known = names.get(name);
      members.set(original, known ?? (fresh.m < freshMembers.length ? freshMembers[fresh.m++] : outOfIds()));
    }
    return { id: members.get(original), name };
  };
  const list = (/** @type {ReturnType<typeof fieldsOf>} */ f, /** @type {string} */ key, /** @type {string} */ what) => {
    const v = f.value(key);
    if (v === undefined) return [];
    if (!Array.isArray(v)) badField(`${what}.${key}`, 'is not an array');
    return v;
  };
  const doc = fieldsOf(data, 'import');
  const friends = list(doc, 'friends', 'import').map((p) => person(p, 'friends[]'));
  const groupsOut = list(doc, 'groups', 'import').map((g) => {
    const f = fieldsOf(g, 'groups[]');
    const original = f.member('id') ?? badField('groups[].id', 'is missing');
    if (!groups.has(original)) groups.set(original, fresh.g < freshGroups.length ? freshGroups[fresh.g++] : outOfIds());
    const name = f.string('name') ?? badField('groups[].name', 'is missing');
    return { id: groups.get(original), name, members: list(f, 'members', 'groups[]').map((p) => person(p, 'groups[].members[]')) };
  });
  const mappedMember = (/** @type {string} */ id) => members.get(id) ?? fail('payback.import_unknown_member', 'an expense names a member neither the import nor memberIdMapping lists');
  const expenses = list(doc, 'expenses', 'import').map((e) => {
    const f = fieldsOf(e, 'expenses[]');
    const groupId = groups.get(f.member('groupId') ?? badField('expenses[].groupId', 'is missing'))
      ?? fail('payback.import_unknown_group', 'an expense names a group the import does not list');
    const paidBy = mappedMember(f.member('paidBy') ?? badField('expenses[].paidBy', 'is missing'));
    return { groupId, paidBy, participants: f.members('participants').map(mappedMember) };
  });
  return { data: { friends, groups: groupsOut, expenses }, groups };
}

// leaveCoupleCallable with onCoupleLeave, onUserDelete and onGameSessionUpdate's flag-claim: the
// ordered Firestore writes and the partner pushes. Normative: specs/cloud-functions.md §leaveCouple
// and account deletion (D-CF-53, D-CF-54, D-CF-57, D-CF-58), §Game session flags (D-CF-55, D-CF-59, D-CF-60).
import { fail } from './errors.js';
import { parseInstant } from './quiet-hours.js';

const isObj = (/** @type {any} */ v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A path segment: non-empty, no "/" (D-CF-63). Ids compare with ===, code point for code point (D-CF-62). @param {string} id */
const isDocId = (id) => id !== '' && !id.includes('/');

/** A users document's coupleId when a document id (D-CF-57, D-CF-63). @param {any} user */
const coupleIdOf = (user) => (isObj(user) && Object.hasOwn(user, 'coupleId') && typeof user.coupleId === 'string' && isDocId(user.coupleId) ? user.coupleId : undefined);

/** couple.userIds when an array of strings. @param {any} couple @returns {string[] | undefined} */
function members(couple) {
  const ids = isObj(couple) ? couple.userIds : undefined;
  return Array.isArray(ids) && ids.every((i) => typeof i === 'string') ? ids : undefined;
}

/** The other member of userIds that is a document id, when userIds lists uid (D-CF-63). @param {string} uid @param {any} couple */
function partnerOf(uid, couple) {
  const ids = members(couple);
  return ids && ids.includes(uid) ? ids.find((i) => i !== uid && isDocId(i)) : undefined;
}

const unlink = (/** @type {string} */ uid) => ({ kind: 'update', path: `users/${uid}`, deleteMembers: ['coupleId'] });

/** The linked partner's unlink, queue record and push (D-CF-57). */
function tellPartner(/** @type {string|undefined} */ partner, /** @type {any} */ partnerUser, /** @type {string} */ coupleId, /** @type {string} */ type, /** @type {{writes: any[], pushes: any[]}} */ plan) {
  if (partner === undefined || coupleIdOf(partnerUser) !== coupleId) return;
  plan.writes.push(unlink(partner));
  plan.writes.push({ kind: 'add', path: `users/${partner}/notification_queue`, members: { type, read: false }, serverTimestamps: ['createdAt'] });
  plan.pushes.push({ recipient: partner, data: { type } });
}

/** couple.leave (D-CF-53): null caller unauthenticated; no coupleId a no-op; the couple is kept. */
export function coupleLeave(/** @type {string|null} */ caller, /** @type {any} */ callerUser, /** @type {any} */ couple, /** @type {any} */ partnerUser) {
  if (caller === null) return { outcome: 'unauthenticated', writes: [], pushes: [] };
  const coupleId = coupleIdOf(callerUser);
  if (coupleId === undefined) return { outcome: 'noop', writes: [], pushes: [] };
  const plan = { writes: [unlink(caller)], pushes: [] };
  tellPartner(partnerOf(caller, couple), partnerUser, coupleId, 'partner_left', plan);
  return { outcome: 'left', ...plan };
}

/** account.delete (D-CF-54, D-CF-58): partner, couple tree, pending invites, rate limit, user tree. */
export function accountDelete(/** @type {string} */ uid, /** @type {any} */ user, /** @type {any} */ couple, /** @type {any} */ partnerUser, /** @type {{code: string, document: any}[]} */ invites) {
  /** @type {{writes: any[], pushes: any[]}} */
  const plan = { writes: [], pushes: [] };
  const coupleId = coupleIdOf(user);
  if (coupleId !== undefined) {
    tellPartner(partnerOf(uid, couple), partnerUser, coupleId, 'partner_deleted_account', plan);
    if (couple === null || (members(couple) ?? []).includes(uid)) plan.writes.push({ kind: 'deleteRecursive', path: `couples/${coupleId}` });
  }
  for (const { code, document } of invites) {
    if (document.status === 'pending' && document.inviterUserId === uid) plan.writes.push({ kind: 'delete', path: `invites/${code}` });
  }
  plan.writes.push({ kind: 'delete', path: `rate_limits/${uid}_gentle_reminder` });
  plan.writes.push({ kind: 'deleteRecursive', path: `users/${uid}` });
  return plan;
}

/** A push key is a Firestore simple field name of at most 64 characters, not __…__ (D-CF-59). @param {string} key */
export function validatePushKey(key) {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) || key.length > 64) fail('game.invalid_push_key', 'the push key is not a simple field name of 1 to 64 characters');
  if (/^__.*__$/.test(key)) fail('game.invalid_push_key', 'the push key is a reserved __…__ field name');
}

/**
 * game.claimPush (D-CF-55, D-CF-60): any present value claims; a non-map notificationsSent claims every key.
 * The claim is written before the send, so it stays when the send fails (`sendFails`).
 */
export function claimPush(/** @type {any} */ session, /** @type {string} */ key, /** @type {string} */ now,
  /** @type {boolean|undefined} */ sendFails = undefined) {
  validatePushKey(key);
  parseInstant(now);
  const sent = session.notificationsSent;
  const unclaimed = sent === undefined || (isObj(sent) && !Object.hasOwn(sent, key));
  if (!unclaimed) return { send: false };
  /** @type {Record<string, unknown>} */
  const out = { send: true, update: { [`notificationsSent.${key}`]: { timestampValue: now } } };
  if (sendFails !== undefined) Object.assign(out, { delivered: !sendFails, flagWritten: true });
  return out;
}

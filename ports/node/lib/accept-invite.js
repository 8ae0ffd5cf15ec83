// acceptInviteCallable's server behaviour over the state it reads: the rate limit over
// users/{uid}/invite_attempts, the checks in order, the attempt record and what an accept writes.
// Normative: specs/cloud-functions.md §acceptInviteCallable server behaviour (D-CF-18..23, D-CF-33..38).
import { timestampNanos } from './documents.js';

export const MAXIMUM_ATTEMPTS_PER_HOUR = 10;
const NS = 1_000_000_000n;
const HOUR = 3600n * NS;
const ATTEMPT_TTL = 25n * HOUR;
export const MATERIAL = ['wrappedCoupleKey', 'kdfSalt', 'kdfParams', 'recoveryPhrase'];
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const HTTPS = { unauthenticated: 'unauthenticated', rate_limited: 'resource-exhausted', not_found: 'not-found' };

/** UTC RFC 3339 of nanoseconds since 1970, the fraction without trailing zeros (D-CF-35). @param {bigint} ns */
export function utcText(ns) {
  const secs = ns >= 0n ? ns / NS : -((-ns + NS - 1n) / NS);
  const frac = ns - secs * NS;
  const d = new Date(Number(secs) * 1000);
  let text = d.toISOString().replace(/\.\d{3}Z$/, '');
  if (d.getUTCFullYear() < 1 || d.getUTCFullYear() > 9999) text = text.replace(/^[+-]0*/, '');
  if (frac > 0n) text += '.' + frac.toString().padStart(9, '0').replace(/0+$/, '');
  return text + 'Z';
}

/** Attempts with a well-formed attemptedAt in (now − 1 h, now] (D-CF-34). */
function recentAttempts(attempts, now) {
  return attempts.filter((a) => {
    const at = isObject(a) ? timestampNanos(a.attemptedAt) : undefined;
    return at !== undefined && at > now - HOUR && at <= now;
  }).length;
}

const paired = (user) => isObject(user) && typeof user.coupleId === 'string' && user.coupleId !== '';

/** The refusal reason in check order, or undefined (D-CF-21, D-CF-33..37). */
function refusal(s, now) {
  if (s.caller === null) return 'unauthenticated';
  if (recentAttempts(s.attempts, now) >= MAXIMUM_ATTEMPTS_PER_HOUR) return 'rate_limited';
  const inv = s.invite;
  if (!isObject(inv) || typeof inv.inviterUserId !== 'string' || inv.inviterUserId === '') return 'not_found';
  if (Object.hasOwn(inv, 'status') && inv.status !== 'pending') return 'not_pending';
  const expires = timestampNanos(inv.expiresAt);
  if (expires === undefined || expires < now) return 'expired';
  if (inv.inviterUserId === s.caller) return 'own_invite';
  if (paired(s.callerUser) || paired(s.inviterUser)) return 'already_paired';
  if (!MATERIAL.every((m) => typeof inv[m] === 'string' && inv[m] !== '')) return 'missing_encryption_material';
  return undefined;
}

/**
 * @param {{caller: string|null, code: string, now: bigint, attempts: any[], invite: any, callerUser: any, inviterUser: any, coupleId: string}} s
 */
export function acceptInvite(s) {
  const reason = refusal(s, s.now);
  /** @type {Record<string, any>} */
  const out = {};
  if (reason !== 'unauthenticated' && reason !== 'rate_limited') {
    out.attempt = { code: s.code, attemptedAt: { timestampValue: utcText(s.now) }, expiresAt: { timestampValue: utcText(s.now + ATTEMPT_TTL) } };
  }
  if (reason !== undefined) return { outcome: HTTPS[reason] ?? 'failed-precondition', reason, ...out };
  const inv = s.invite, inviter = inv.inviterUserId;
  const material = Object.fromEntries(MATERIAL.map((m) => [m, inv[m]]));
  return {
    outcome: 'accepted', ...out,
    response: { ...material, coupleId: s.coupleId },
    couple: { id: s.coupleId, userIds: [inviter, s.caller], inviteCode: s.code, encryptionVersion: 2,
      wrappedCoupleKey: inv.wrappedCoupleKey, kdfSalt: inv.kdfSalt, kdfParams: inv.kdfParams },
    linkUsers: [inviter, s.caller],
    inviteUpdate: { status: 'accepted', deleteMembers: ['recoveryPhrase'] },
  };
}

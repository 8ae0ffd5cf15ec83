// PayBack's member id contract (specs/profiles/payback/members.md), written from the page:
// users:updateLinkedMemberId never reassigns an account's member_id; it bootstraps a legacy account
// without one, and only with an id not already in use (§9.3).

import { fail } from './errors.js';
import { fieldsOf, memberId, normalizeEmail } from './payback.js';

/** @param {any} caller @param {any} account @param {any} requested @param {any[]} used */
export function authorizeMemberIdUpdate(caller, account, requested, used) {
  const isObject = caller !== null && typeof caller === 'object' && !Array.isArray(caller);
  const email = isObject ? normalizeEmail(fieldsOf(caller, 'caller').string('email') ?? null) : null;
  if (email === null) fail('payback.unauthenticated', 'no signed-in caller: users:updateLinkedMemberId needs getCurrentUserOrThrow');
  const id = memberId(requested);
  const stored = fieldsOf(account, 'account').string('member_id');
  if (stored !== undefined && stored !== '') fail('payback.member_id_not_reassignable', 'the account has a member_id: it is never reassigned');
  for (const v of used) {
    if (typeof v !== 'string') fail('payback.invalid_field', 'usedMemberIds[] is not a string');
    if (memberId(v) === id) fail('payback.member_id_in_use', 'the requested member id is already in use');
  }
  return { action: 'bootstrap', memberId: id };
}

// Self-friend detection (specs/profiles/payback/members.md §"Self-friend detection"), written from
// the page: a row is the user by member_id or linked_member_id (isMe) in every context, and by an
// equal normalized name only without an authenticated session (§9.6).

import { fail } from './errors.js';
import { fieldsOf, isMe, normalizeEmail } from './payback.js';

/** @param {boolean} session @param {any} account @param {string|null} accountName @param {any} friend */
export function isSelfFriend(session, account, accountName, friend) {
  const row = fieldsOf(friend, 'friend');
  const member = row.member('member_id');
  if (member === null) fail('payback.invalid_field', 'friend.member_id is missing');
  const linked = row.member('linked_member_id');
  if (isMe(account, member) || (linked !== null && isMe(account, linked))) return { isSelf: true, matchedBy: 'identity' };
  const name = normalizeEmail(row.string('name') ?? null);
  if (!session && name !== null && name === normalizeEmail(accountName)) return { isSelf: true, matchedBy: 'name' };
  return { isSelf: false, matchedBy: null };
}

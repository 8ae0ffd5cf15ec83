// PayBack's hard-delete cascade (specs/profiles/payback/deletion.md), written from the page: the
// user's accounts record, then the account_friends rows the user owns, then every other user's row
// linked through by_linked_account_id, by_linked_account_email or by_linked_member_id (§7.1).

import { fail } from './errors.js';
import { fieldsOf, normalizeEmail } from './payback.js';

export const LINK_INDEXES = ['by_linked_account_id', 'by_linked_account_email', 'by_linked_member_id'];

/** @param {any} account @param {any[]} friends */
export function planHardDelete(account, friends) {
  const a = fieldsOf(account, 'account');
  const authId = a.nonEmpty('id') ?? fail('payback.missing_auth_id', 'the account has no auth id (its Convex _id is not one)');
  const email = normalizeEmail(a.string('email') ?? null) ?? fail('payback.invalid_field', 'account.email is missing');
  const member = a.member('member_id');
  /** @type {{step: string, id: string, via?: string}[]} */
  const owned = [], linked = [];
  for (const row of friends) {
    const f = fieldsOf(row, 'friend');
    const id = f.nonEmpty('_id') ?? fail('payback.invalid_field', 'friend._id is missing');
    const owner = normalizeEmail(f.string('account_email') ?? null) ?? fail('payback.invalid_field', 'friend.account_email is missing');
    const linkedId = f.nonEmpty('linked_account_id');
    const linkedEmail = normalizeEmail(f.string('linked_account_email') ?? null);
    const linkedMember = f.member('linked_member_id');
    const hits = [linkedId === authId, linkedEmail === email, member !== null && linkedMember === member];
    if (owner === email) owned.push({ step: 'deleteOwnedFriend', id });
    else if (hits.includes(true)) linked.push({ step: 'deleteLinkedFriend', id, via: LINK_INDEXES[hits.indexOf(true)] });
  }
  return [{ step: 'deleteAccount', id: authId }, ...owned, ...linked];
}

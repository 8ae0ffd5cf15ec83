// users:resolveLinkedAccountsForMemberIds (specs/profiles/payback/members.md §"Linked account
// resolution"), written from the page: metadata only for requested ids on the caller's visible
// identity surface, never a directory lookup (§9.4); request order, a repeated id once.

import { fail } from './errors.js';
import { fieldsOf } from './payback.js';

/** @param {Set<string>} visible @param {any[]} accounts @param {string[]} requested */
export function visibleLinkedAccounts(visible, accounts, requested) {
  const directory = accounts.map((doc) => {
    const f = fieldsOf(doc, 'account');
    const id = f.nonEmpty('id');
    if (id === null) fail('payback.invalid_field', 'account.id is missing');
    const own = f.member('member_id');
    return { ids: [...(own === null ? [] : [own]), ...f.members('alias_member_ids')], id, email: f.string('email') ?? null };
  });
  /** @type {Set<string>} */
  const seen = new Set();
  const out = [];
  for (const member of requested) {
    if (seen.has(member)) continue;
    seen.add(member);
    if (!visible.has(member)) continue;
    const hit = directory.find((a) => a.ids.includes(member));
    if (hit) out.push({ memberId: member, accountId: hit.id, email: hit.email });
  }
  return { accounts: out };
}

// PayBack's Convex contracts (specs/profiles/payback/server.md), written from the page: the caller of
// a destructive/identity mutation from auth with the §8.4 payload keys (§8.1), and expenses.create's
// direct-group friend confirmation by identity, then by one unique normalized name (§7.7, §8.8).

import { fail } from './errors.js';
import { fieldsOf, memberId, normalizeEmail } from './payback.js';

/** The §8.1 mutations and the member-id keys §8.4 requires of each. */
export const REQUIRED_KEYS = new Map([
  ['aliases:mergeMemberIds', ['sourceId', 'targetCanonicalId']],
  ['aliases:mergeUnlinkedFriends', []],
  ['cleanup:deleteLinkedFriend', ['friendMemberId']],
  ['cleanup:deleteUnlinkedFriend', ['friendMemberId']],
  ['cleanup:selfDeleteAccount', []],
]);

/** @param {string} mutation @param {any} caller @param {any} payload */
export function authorizeMutation(mutation, caller, payload) {
  const keys = REQUIRED_KEYS.get(mutation) ?? fail('payback.unknown_mutation', 'not one of the mutations that derive the caller from auth');
  const isObject = caller !== null && typeof caller === 'object' && !Array.isArray(caller);
  const email = isObject ? normalizeEmail(fieldsOf(caller, 'caller').string('email') ?? null) : null;
  if (email === null) fail('payback.unauthenticated', 'no signed-in caller: the mutation needs getCurrentUserOrThrow');
  const f = fieldsOf(payload, 'payload');
  /** @type {Record<string, string>} */
  const args = {};
  for (const key of keys) {
    const id = f.member(key);
    if (id === null) fail('payback.missing_payload_key', `the payload lacks ${key}`);
    args[key] = id;
  }
  const claimed = f.string('accountEmail');
  if (claimed === undefined) return { accountEmail: email, args };
  if (mutation === 'aliases:mergeUnlinkedFriends') fail('payback.forbidden_payload_key', `${mutation} takes no accountEmail`);
  if (normalizeEmail(claimed) !== email) fail('payback.account_mismatch', "accountEmail is not the signed-in caller's");
  return { accountEmail: email, args };
}

/** member_aliases rows as an undirected graph; widen(ids) adds every id joined by a chain. @param {any[]} rows */
function aliasClosure(rows) {
  /** @type {Map<string, string[]>} */
  const edges = new Map();
  for (const row of rows) {
    const f = fieldsOf(row, 'alias');
    const a = f.member('canonical_member_id'), b = f.member('alias_member_id');
    if (a === null || b === null) fail('payback.invalid_field', 'alias lacks canonical_member_id or alias_member_id');
    edges.set(a, [...(edges.get(a) ?? []), b]);
    edges.set(b, [...(edges.get(b) ?? []), a]);
  }
  return (/** @type {Set<string>} */ ids) => {
    const seen = new Set(ids), queue = [...ids];
    while (queue.length > 0) for (const n of edges.get(/** @type {string} */ (queue.pop())) ?? []) if (!seen.has(n)) { seen.add(n); queue.push(n); }
    return seen;
  };
}

/** @param {string} member @param {string|null} name @param {any[]} friends @param {any[]} aliases @param {any[]} accounts */
export function confirmDirectFriend(member, name, friends, aliases, accounts) {
  const widen = aliasClosure(aliases);
  const rows = friends.map((row) => {
    const f = fieldsOf(row, 'friend');
    const own = f.member('member_id') ?? fail('payback.invalid_field', 'friend.member_id is missing');
    const ids = new Set([own]);
    const linked = f.member('linked_member_id');
    if (linked !== null) ids.add(linked);
    const linkId = f.nonEmpty('linked_account_id'), linkEmail = normalizeEmail(f.string('linked_account_email') ?? null);
    for (const doc of accounts) {
      const a = fieldsOf(doc, 'account');
      const byId = linkId !== null && a.nonEmpty('id') === linkId;
      if (!byId && !(linkEmail !== null && normalizeEmail(a.string('email') ?? null) === linkEmail)) continue;
      const m = a.member('member_id');
      if (m !== null) ids.add(m);
      for (const x of a.members('alias_member_ids')) ids.add(x);
    }
    return { member: own, name: f.string('name') ?? null, ids: widen(ids) };
  });
  const hit = rows.find((r) => r.ids.has(member));
  if (hit) return { friendMemberId: hit.member, matchedBy: 'identity' };
  const wanted = normalizeEmail(name); // the name key: trimmed, ASCII lower-cased, empty = none
  const named = wanted === null ? [] : rows.filter((r) => normalizeEmail(r.name) === wanted);
  if (named.length === 1) return { friendMemberId: named[0].member, matchedBy: 'name' };
  return fail('payback.not_a_confirmed_friend', 'the other member is not a confirmed friend');
}

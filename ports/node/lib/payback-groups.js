// PayBack's group contracts (specs/profiles/payback/groups.md), written from the page: groups:create's
// upsert by client id patches a stored group only for its owner, the auth caller (§9.1); every group
// deletion reconciles each expense, deletes those expenses, then the group (§9.2).

import { fail } from './errors.js';
import { fieldsOf, memberId, normalizeEmail } from './payback.js';

/** A group id: a UUID compared by value (lower-case canonical text). @param {string} text */
export function groupId(text) {
  try {
    return memberId(text);
  } catch {
    return fail('payback.invalid_group_id', 'a group id is not a UUID');
  }
}

/** @param {any} caller @param {any} group @param {any} existing */
export function authorizeGroupUpsert(caller, group, existing) {
  const isObject = caller !== null && typeof caller === 'object' && !Array.isArray(caller);
  const email = isObject ? normalizeEmail(fieldsOf(caller, 'caller').string('email') ?? null) : null;
  if (email === null) fail('payback.unauthenticated', 'no signed-in caller: groups:create needs getCurrentUserOrThrow');
  const id = fieldsOf(group, 'group').string('id');
  if (id !== undefined) groupId(id);
  if (id === undefined || existing === null) return { action: 'insert', ownerEmail: email };
  const owner = fieldsOf(existing, 'existing').string('owner_email') ?? null;
  if (normalizeEmail(owner) !== email) fail('payback.not_group_owner', "the stored group of this id is not the caller's");
  return { action: 'patch', ownerEmail: email };
}

/** @param {any[]} groupIds @param {any[]} expenses */
export function planGroupDelete(groupIds, expenses) {
  /** @type {string[]} */
  const groups = [];
  for (const v of groupIds) {
    if (typeof v !== 'string') fail('payback.invalid_field', 'groupIds[] is not a string');
    const id = groupId(v);
    if (!groups.includes(id)) groups.push(id);
  }
  const rows = expenses.map((doc) => {
    const f = fieldsOf(doc, 'expense');
    const id = f.nonEmpty('id') ?? fail('payback.invalid_field', 'expense.id is missing');
    const g = f.string('group_id');
    if (g === undefined) fail('payback.invalid_field', 'expense.group_id is missing');
    return { id, group: groupId(/** @type {string} */ (g)) };
  });
  /** @type {{step: string, id: string}[]} */
  const steps = [];
  for (const group of groups) {
    const owned = rows.filter((r) => r.group === group).map((r) => r.id);
    for (const id of owned) steps.push({ step: 'reconcileUserExpenses', id });
    for (const id of owned) steps.push({ step: 'deleteExpense', id });
    steps.push({ step: 'deleteGroup', id: group });
  }
  return steps;
}

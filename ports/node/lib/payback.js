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

// Premium evaluation from users/{uid}/entitlements/premium (own and partner) and the local
// RevenueCat fallback; a premium-only Cloud Function applies the document rule with no fallback
// (D-ENT-10). Normative: specs/entitlements.md §Rule (decisions D-ENT-NN).
import { parseInstantNanos } from './quiet-hours.js';

/** What a listener reported: the document (object), null (absent) or 'error'. */
export const LISTENER_ERROR = 'error';

/**
 * Whether a stored document grants premium at `now`: `premium` exactly true and `expiresAt`
 * absent, null, or a timestamp not before now (D-ENT-03, D-ENT-04); a malformed document grants
 * nothing (D-ENT-05). @param {any} doc @param {bigint} now nanoseconds since 1970
 */
export function documentGrants(doc, now) {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc) || doc.premium !== true) return false;
  if (!Object.hasOwn(doc, 'expiresAt') || doc.expiresAt === null) return true;
  const e = doc.expiresAt;
  if (e === null || typeof e !== 'object' || Array.isArray(e) || Object.keys(e).length !== 1 || typeof e.timestampValue !== 'string') return false;
  try {
    return !(parseInstantNanos(e.timestampValue) < now);
  } catch {
    return false; // fails closed
  }
}

/** One side: the document when it exists, else the fallback (own side only), nothing on an error. */
function grants(snapshot, now, fallback) {
  if (snapshot === null) return fallback;
  if (snapshot === LISTENER_ERROR) return false; // fails closed (D-ENT-01)
  return documentGrants(snapshot, now);
}

/**
 * Couple-shared premium (D-ENT-06): either side grants; the RevenueCat fallback (`null`: no
 * CustomerInfo yet) stands in for the caller's own absent document only (D-ENT-02, D-ENT-07, D-ENT-11).
 * @param {any} own @param {any} partner @param {boolean|null} revenueCatFallback @param {string} nowText RFC 3339
 */
export function isPremium(own, partner, revenueCatFallback, nowText) {
  const now = parseInstantNanos(nowText);
  return grants(own, now, revenueCatFallback === true) || grants(partner, now, false);
}

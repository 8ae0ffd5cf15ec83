// sendGentleReminderCallable's per-user limit: 5 per hour in rate_limits/{uid}_gentle_reminder
// ({windowStart, count}). Normative: specs/cloud-functions.md §sendGentleReminderCallable (D-CF-05..08).
import { parseInstantNanos } from './quiet-hours.js';

export const MAXIMUM_PER_WINDOW = 5;
const HOUR = 3600n * 1_000_000_000n;
const MINUTE = 60n * 1_000_000_000n;

/** {windowStart nanos, count} of a well-formed record, else undefined (D-CF-08). @param {any} record */
function parse(record) {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return undefined;
  const w = record.windowStart, c = record.count;
  if (w === null || typeof w !== 'object' || Array.isArray(w) || Object.keys(w).length !== 1 || typeof w.timestampValue !== 'string') return undefined;
  if (typeof c !== 'number' || !Number.isInteger(c) || c < 0 || c > 1_000_000) return undefined;
  let start;
  try { start = parseInstantNanos(w.timestampValue); } catch { return undefined; }
  return { start, count: c };
}

/**
 * @param {any} record the stored counter or null @param {string} nowText RFC 3339
 * @returns {{allowed: true, record: {windowStart: any, count: number}} | {allowed: false, retryAfterMinutes: number}}
 */
export function gentleReminderLimit(record, nowText) {
  const now = parseInstantNanos(nowText);
  const stored = parse(record);
  const restart = { allowed: /** @type {true} */ (true), record: { windowStart: { timestampValue: nowText }, count: 1 } };
  if (!stored || now >= stored.start + HOUR) return restart;
  if (stored.count < MAXIMUM_PER_WINDOW) return { allowed: true, record: { windowStart: record.windowStart, count: stored.count + 1 } };
  const left = stored.start + HOUR - now;
  return { allowed: false, retryAfterMinutes: Number((left + MINUTE - 1n) / MINUTE) };
}

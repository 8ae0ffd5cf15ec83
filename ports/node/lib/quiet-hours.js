// recipientInQuietHours(userData) at an instant, as the Cloud Functions compute it: the local
// time via Intl.DateTimeFormat({timeZone}), a window that may cross midnight, fail-open.
// Normative: specs/quiet-hours.md (decisions D-QH-NN in specs/decisions/contracts-server.md).
import { fail } from './errors.js';

/** The four partner-action senders that consult the check (M-001 (3)). */
export const QUIET_HOURS_SENDERS = ['onMessageWritten', 'onAnswerWritten', 'onAnswerRevealed', 'onGameSessionUpdate'];

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Strict RFC 3339 (specs/date-keys.md §Instant): upper-case T and Z, years 0001–9999, no leap second.
 * @param {string} text @returns {number} milliseconds since 1970 (fraction truncated to ms)
 */
export function parseInstant(text) {
  const m = RFC3339.exec(text);
  const bad = () => fail('datekey.invalid_instant', 'instant is not RFC 3339');
  if (!m) return bad();
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number);
  const daysIn = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysIn[mo - 1] || h > 23 || mi > 59 || s > 59) return bad();
  let offset = 0;
  if (m[8] !== 'Z') {
    const oh = Number(m[8].slice(1, 3)), om = Number(m[8].slice(4, 6));
    if (oh > 23 || om > 59) return bad();
    offset = (m[8][0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const base = Date.UTC(2000, mo - 1, d, h, mi, s);
  const date = new Date(base);
  date.setUTCFullYear(y);
  const ms = m[7] ? Number((m[7] + '00').slice(0, 3)) : 0;
  return date.getTime() + ms - offset * 60000;
}

/** The instant in nanoseconds since 1970 as a BigInt (all 9 fraction digits). @param {string} text */
export function parseInstantNanos(text) {
  const ms = parseInstant(text);
  const frac = (RFC3339.exec(text)?.[7] ?? '') + '000000000';
  return BigInt(ms - (ms % 1000 + 1000) % 1000) * 1_000_000n + BigInt(frac.slice(0, 9));
}

/** An integral number in 0…1439, else undefined (−0 is a double in rules.md). @param {any} v */
function minute(v) {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 1439 || Object.is(v, -0)) return undefined;
  return v;
}

/**
 * The local minute of the day (0…1439) in `timeZone`, or undefined for a zone Intl does not know.
 * hourCycle h23: midnight is hour 0, never 24. @param {string} timeZone @param {number} ms
 */
export function localMinute(timeZone, ms) {
  let parts;
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).formatToParts(new Date(ms));
  } catch {
    return undefined;
  }
  const get = (/** @type {string} */ t) => Number(parts.find((p) => p.type === t)?.value);
  const value = (get('hour') % 24) * 60 + get('minute');
  return Number.isInteger(value) ? value : undefined;
}

/**
 * Whether a push to the user is suppressed at the instant (ms since 1970). Fail-open.
 * @param {any} user the stored users/{uid} document @param {number} ms @returns {boolean}
 */
export function recipientInQuietHours(user, ms) {
  if (user === null || typeof user !== 'object' || Array.isArray(user)) return false;
  if (user.quietHoursEnabled !== true) return false;
  const start = minute(user.quietHoursStartMinutes), end = minute(user.quietHoursEndMinutes);
  const zone = user.timezone;
  if (start === undefined || end === undefined || typeof zone !== 'string' || zone === '') return false;
  const m = localMinute(zone, ms);
  if (m === undefined) return false;
  if (start < end) return m >= start && m < end;
  if (start > end) return m >= start || m < end;
  return false;
}

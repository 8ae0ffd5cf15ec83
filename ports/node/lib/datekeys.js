// The date keys of specs/date-keys.md: dailyQuestion = the UTC date of the instant minus 23 h (the
// document a client reads, D-DATE-03), assignmentKey = minus 6 h (the functions' CST_OFFSET_HOURS,
// D-DATE-01), reminderDay = the UTC date (D-DATE-06). Date.UTC does the calendar arithmetic.
import { fail } from './errors.js';

const RFC3339 = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]{1,9}))?(Z|[+-][0-9]{2}:[0-9]{2})$/;
const OFFSET_HOURS = { dailyQuestion: -23, assignmentKey: -6, reminderDay: 0 };

/** @param {string} why @returns {never} */
const bad = (why) => fail('datekey.invalid_instant', `instant is not RFC 3339: ${why}`);

/** Days since 1970-01-01 of a proleptic Gregorian date (no two-digit-year mapping). */
function daysFromCivil(y, m, d) {
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  return Math.floor(t.getTime() / 86400000);
}

/** Whole seconds since 1970 (the fraction never changes a key). @param {string} text */
export function instantSeconds(text) {
  if (Buffer.byteLength(text, 'utf8') > 64) bad('longer than 64 bytes');
  const m = RFC3339.exec(text);
  if (m === null) bad('not YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)');
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const zone = m[8];
  let offset = 0;
  if (zone !== 'Z') {
    const oh = Number(zone.slice(1, 3)), om = Number(zone.slice(4, 6));
    if (oh > 23 || om > 59) bad('offset out of range');
    offset = (oh * 3600 + om * 60) * (zone[0] === '-' ? -1 : 1);
  }
  if (hour > 23 || minute > 59 || second > 59) bad('time out of range (leap seconds are refused)');
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > days[month - 1]) bad('no such date');
  return daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - offset;
}

/** @param {string} instant @param {string} kind @returns {string} */
export function dateKey(instant, kind) {
  const seconds = instantSeconds(instant);
  if (!Object.hasOwn(OFFSET_HOURS, kind)) {
    fail('datekey.unknown_kind', 'kind is not dailyQuestion, assignmentKey or reminderDay');
  }
  const t = new Date(Math.floor((seconds + OFFSET_HOURS[kind] * 3600) / 86400) * 86400000);
  const y = t.getUTCFullYear();
  if (y < 1 || y > 9999) fail('datekey.out_of_range', "the key's year is outside 0001-9999");
  const pad = (v, n) => String(v).padStart(n, '0');
  return `${pad(y, 4)}-${pad(t.getUTCMonth() + 1, 2)}-${pad(t.getUTCDate(), 2)}`;
}

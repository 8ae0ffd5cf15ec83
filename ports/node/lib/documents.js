// The member types of the Firestore documents Closer writes: what a Cloud Function checks before
// writing fcmTokens, notification_queue, outcomes and daily_question documents, and what a client
// may write to users/{uid} and couples/{coupleId}. Normative: specs/documents.md (D-DOC-NN).
import { fail } from './errors.js';
import { parseInstantNanos } from './quiet-hours.js';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A tz database zone id as the database spells it (D-DOC-03): Intl knows it, no offset form. */
export function isZone(z) {
  if (typeof z !== 'string' || z === '' || /^[+-]/.test(z)) return false;
  let resolved;
  try { resolved = new Intl.DateTimeFormat('en-US', { timeZone: z }).resolvedOptions().timeZone; } catch { return false; }
  // Intl matches case-insensitively and may answer an alias's canonical name: a respelling of
  // the same name in another case is refused, an alias is kept.
  return resolved.toLowerCase() === z.toLowerCase() ? resolved === z : true;
}

/** A timestamp in rules.md's encoding, as nanoseconds, else undefined. */
export function timestampNanos(v) {
  if (!isObject(v) || Object.keys(v).length !== 1 || typeof v.timestampValue !== 'string') return undefined;
  try { return parseInstantNanos(v.timestampValue); } catch { return undefined; }
}

const T = {
  string: (v) => typeof v === 'string',
  nonEmpty: (v) => typeof v === 'string' && v !== '',
  bool: (v) => typeof v === 'boolean',
  timestamp: (v) => timestampNanos(v) !== undefined,
  map: isObject,
  integer: (lo, hi) => (v) => typeof v === 'number' && Number.isInteger(v) && !Object.is(v, -0) && v >= lo && v <= hi,
  oneOf: (...xs) => (v) => xs.includes(v),
  zone: isZone,
  nullable: (t) => (v) => v === null || t(v),
};
const minute = T.integer(0, 1439);
const platform = T.oneOf('android', 'ios');
const req = (name, type, what) => ({ name, required: true, type, what });
const opt = (name, type, what) => ({ name, required: false, type, what });

/** specs/documents.md §Members, in the page's order. */
const COLLECTIONS = {
  users: {
    rules: [opt('email', T.string, 'a string'), opt('displayName', T.string, 'a string'),
      opt('photoUrl', T.nullable(T.string), 'a string or null'), opt('platform', T.nullable(platform), '"android", "ios" or null'),
      opt('fcmToken', T.nonEmpty, 'a non-empty string'), opt('quietHoursEnabled', T.bool, 'a bool'),
      opt('quietHoursStartMinutes', minute, 'an integer 0…1439'), opt('quietHoursEndMinutes', minute, 'an integer 0…1439'),
      opt('timezone', T.zone, 'a tz database zone id')],
    server: ['coupleId', 'hasPremium'], closed: true,
  },
  couples: {
    rules: [opt('wrappedCoupleKey', T.nonEmpty, 'a non-empty string'), opt('kdfSalt', T.nonEmpty, 'a non-empty string'),
      opt('kdfParams', T.nonEmpty, 'a non-empty string'), opt('streakCount', T.integer(0, 2147483647), 'an integer ≥ 0'),
      opt('lastAnsweredAt', T.nullable(T.timestamp), 'a timestamp or null')],
    server: ['id', 'userIds', 'inviteCode', 'createdAt', 'currentQuestionId', 'activePackId', 'encryptionVersion', 'encryptionMigrationUsers'],
    closed: true,
  },
  fcmTokens: {
    rules: [req('token', T.nonEmpty, 'a non-empty string'), req('platform', platform, '"android" or "ios"'), req('updatedAt', T.timestamp, 'a timestamp')],
    server: [], closed: false,
  },
  notification_queue: {
    rules: [req('type', T.nonEmpty, 'a non-empty string'), req('read', T.bool, 'a bool'), req('createdAt', T.timestamp, 'a timestamp'),
      opt('sent', T.bool, 'a bool'), opt('title', T.string, 'a string'), opt('body', T.string, 'a string')],
    server: [], closed: false,
  },
  outcomes: { rules: [req('submittedAt', T.timestamp, 'a timestamp'), req('answers', T.map, 'a map')], server: [], closed: true },
  daily_question: {
    rules: [req('questionId', T.nonEmpty, 'a non-empty string'), req('date', T.string, 'a string'),
      req('assignedAt', T.timestamp, 'a timestamp'), req('expiresAt', T.timestamp, 'a timestamp')],
    server: [], closed: true,
  },
};
export const OUTCOME_DAY_KEYS = ['day_0', 'day_30', 'day_60', 'day_90'];

function isCalendarDate(s) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = m.slice(1).map(Number);
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return y >= 1 && days !== undefined && d >= 1 && d <= days;
}

/** specs/documents.md §Paths: the collection a path names; its id checked. @param {string} path */
export function collectionOf(path) {
  const s = path.split('/');
  if (s.some((x) => x === '')) fail('document.unknown_path', 'the path has an empty segment');
  if (s.length === 2 && (s[0] === 'users' || s[0] === 'couples')) return { name: s[0], id: s[1] };
  if (s.length === 4 && s[0] === 'users' && ['fcmTokens', 'notification_queue'].includes(s[2])) return { name: s[2], id: s[3] };
  if (s.length === 4 && s[0] === 'users' && s[2] === 'outcomes') {
    if (!OUTCOME_DAY_KEYS.includes(s[3])) fail('document.invalid_id', 'an outcomes document id is day_0, day_30, day_60 or day_90');
    return { name: 'outcomes', id: s[3] };
  }
  if (s.length === 4 && s[0] === 'couples' && s[2] === 'daily_question') {
    if (!isCalendarDate(s[3])) fail('document.invalid_id', 'a daily_question document id is a calendar date YYYY-MM-DD');
    return { name: 'daily_question', id: s[3] };
  }
  return fail('document.unknown_path', 'the path names no document specs/documents.md covers');
}

/** daily_question: date is the id, expiresAt after assignedAt (D-DOC-10). */
function checkAcross(name, id, doc) {
  if (name !== 'daily_question') return;
  if (doc.date !== id) fail('document.invalid_member', '"date" must equal the document id');
  if (!(timestampNanos(doc.assignedAt) < timestampNanos(doc.expiresAt))) fail('document.invalid_member', '"expiresAt" must be after "assignedAt"');
}

/** Code-point order (documents.md §Order of checks); Array.prototype.sort's default is UTF-16 order. */
function byCodePoint(a, b) {
  const x = [...a], y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/**
 * Throws the first document.* error in specs/documents.md §Order of checks, else returns.
 * @param {string} path @param {any} doc
 */
export function validateDocument(path, doc) {
  const { name, id } = collectionOf(path);
  if (!isObject(doc)) fail('document.not_object', `the document at a ${name} path is not a JSON object`);
  const c = COLLECTIONS[name];
  for (const r of c.rules) {
    if (!Object.hasOwn(doc, r.name)) {
      if (r.required) fail('document.missing_member', `"${r.name}" is missing`);
    } else if (!r.type(doc[r.name])) fail('document.invalid_member', `"${r.name}" must be ${r.what}`);
  }
  checkAcross(name, id, doc);
  const known = new Set(c.rules.map((r) => r.name));
  for (const m of Object.keys(doc).sort(byCodePoint)) {
    if (known.has(m)) continue;
    if (c.server.includes(m)) fail('document.server_member', `"${m}" is server-controlled in ${name}`);
    if (c.closed) fail('document.unknown_member', `"${m}" is not a member of ${name}`);
  }
}

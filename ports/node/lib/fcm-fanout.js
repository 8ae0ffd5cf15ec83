// The FCM send side of a partner push: the tokens a sender fans out to and the message it sends.
// Normative: specs/cloud-functions.md §FCM fan-out (D-CF-28, D-CF-47..50).
import { fail } from './errors.js';

/** Payload keys the app routes (specs/push-routing.md §Table). */
const PAYLOAD_KEYS = new Set([
  'partner_answered', 'partner_opened_answer', 'reveal_ready', 'partner_started_game', 'partner_completed_part',
  'partner_finished_game', 'game_results_ready', 'challenge_day_ready', 'challenge_waiting', 'memory_capsule_unlocked',
  'daily_question', 'daily_question_reminder', 'chat_message', 'outcome_reminder', 'gentle_reminder', 'partner_joined',
  'date_match', 'reengagement', 'partner_left', 'partner_deleted_account',
]);

/** @param {any} v */
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The data members: an object of strings without its own `type`, else `push.invalid_payload`. @param {any} data */
export function dataMembers(data) {
  if (!isObject(data)) fail('push.invalid_payload', 'the data members must be a JSON object');
  for (const [k, v] of Object.entries(data)) {
    if (typeof v !== 'string') fail('push.invalid_payload', `data member ${JSON.stringify(k)} is not a string`);
  }
  return data;
}

/** Legacy `fcmToken` first, then the documents' `token`s in read order, each distinct non-empty string once. */
export function fanoutTokens(/** @type {any} */ user, /** @type {any[]} */ docs) {
  const out = [];
  for (const c of [isObject(user) ? user.fcmToken : undefined, ...docs.map((d) => (isObject(d) ? d.token : undefined))]) {
    if (typeof c === 'string' && c !== '' && !out.includes(c)) out.push(c);
  }
  return out;
}

/** fcm.fanout: `{tokens, data, notification}`. */
export function planFanout({ type, data, title, body, user, tokenDocs }) {
  if (type === '') fail('push.missing_type', 'the push has no payload key');
  if (!PAYLOAD_KEYS.has(type)) fail('push.unknown_type', `payload key ${JSON.stringify(type)} maps to no notification type`);
  if (Object.hasOwn(data, 'type')) fail('push.invalid_payload', 'the data members must not carry their own "type"');
  return { tokens: fanoutTokens(user, tokenDocs), data: { ...data, type }, notification: { title, body } };
}

/** reveal.trigger: onAnswerRevealed's push (specs/cloud-functions.md §isRevealed and partner_opened_answer, D-CF-52). */
export function revealTrigger(/** @type {string} */ userId, /** @type {any} */ couple, /** @type {any} */ before, /** @type {any} */ after) {
  if (after.isRevealed !== true || (before !== null && before.isRevealed === true)) return { send: false };
  const ids = couple.userIds;
  if (!Array.isArray(ids) || !ids.every((i) => typeof i === 'string') || !ids.includes(userId)) return { send: false };
  const partner = ids.find((i) => i !== userId && i !== '');
  if (partner === undefined) return { send: false };
  const data = { type: 'partner_opened_answer' };
  if (typeof after.questionId === 'string' && after.questionId !== '') data.questionId = after.questionId;
  return { send: true, recipient: partner, data };
}

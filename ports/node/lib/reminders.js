// sendDailyQuestionProactiveReminder's decision for one daily question: due, the three stated
// skips in order, the claim, a queue record and a push per member.
// Normative: specs/cloud-functions.md §sendDailyQuestionProactiveReminder (D-CF-75..77).
import { timestampNanos } from './documents.js';

const HORIZON = 3n * 3600n * 1_000_000_000n;
const TYPE = 'daily_question_reminder';
const skip = (reason) => ({ send: false, skip: reason, writes: [], pushes: [] });

/** userIds' document ids, once each, in order (D-CF-77). @param {any} couple @returns {string[]} */
export function reminderMembers(couple) {
  const ids = couple.userIds;
  /** @type {string[]} */
  const out = [];
  if (Array.isArray(ids) && ids.every((i) => typeof i === 'string')) {
    for (const uid of ids) if (uid !== '' && !uid.includes('/') && !out.includes(uid)) out.push(uid);
  }
  return out;
}

/** @param {{run: bigint, coupleId: string, questionDate: string, question: any, autoClaimed: boolean, gentleSent: boolean, answers: string[], couple: any}} s */
export function proactiveReminder(s) {
  const expires = timestampNanos(s.question.expiresAt);
  if (expires === undefined || !(s.run < expires && expires <= s.run + HORIZON)) return skip('not_due');
  if (s.autoClaimed) return skip('already_claimed');
  if (s.gentleSent) return skip('gentle_sent');
  if (s.answers.length > 0) return skip('answered');
  const members = reminderMembers(s.couple);
  if (members.length === 0) return skip('no_members');
  return {
    send: true,
    writes: [
      { kind: 'create', path: `couples/${s.coupleId}/daily_reminders/auto_${s.questionDate}`, members: {}, serverTimestamps: ['claimedAt'] },
      ...members.map((uid) => ({ kind: 'add', path: `users/${uid}/notification_queue`, members: { type: TYPE, read: false }, serverTimestamps: ['createdAt'] })),
    ],
    pushes: members.map((uid) => ({ recipient: uid, data: { type: TYPE } })),
  };
}

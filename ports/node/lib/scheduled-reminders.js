// What one run of the scheduled senders sends for one couple: re-engagement, 30/60/90 outcomes,
// challenge days, capsule unlocks. Every rule decided by CloserSpec.
// Normative: specs/cloud-functions.md §The scheduled reminders (D-CF-77..87).
import { timestampNanos } from './documents.js';
import { recipientInQuietHours } from './quiet-hours.js';
import { reminderMembers } from './reminders.js';

const DAY = 86_400_000_000_000n;

/** Whole 24-hour periods from `start` to `run` (BigInt ns), floored toward −∞ (D-CF-78). */
export function elapsedDays(start, run) {
  const d = run - start;
  const q = d / DAY;
  return d % DAY < 0n ? q - 1n : q;
}

/** The member's own entry of an object keyed by uid (exact text), else undefined. */
const entry = (/** @type {any} */ obj, /** @type {string} */ uid) => (Object.hasOwn(obj, uid) ? obj[uid] : undefined);

/** @param {[string, string][]} to @param {object} extra */
function sent(to, extra = {}) {
  return {
    send: true, ...extra,
    writes: to.map(([uid, type]) => ({ kind: 'add', path: `users/${uid}/notification_queue`, members: { type, read: false }, serverTimestamps: ['createdAt'] })),
    pushes: to.map(([uid, type]) => ({ recipient: uid, data: { type } })),
  };
}
const skip = (/** @type {string} */ reason, extra = {}) => ({ send: false, skip: reason, ...extra, writes: [], pushes: [] });

/** @param {{run: bigint, runMs: number, couple: any, users: any}} s */
export function reengagement(s) {
  const last = timestampNanos(s.couple.lastAnsweredAt);
  const days = last === undefined ? undefined : elapsedDays(last, s.run);
  if (days === undefined || days < 3n || days > 10n) return skip('not_quiet', { quiet: [] });
  const members = reminderMembers(s.couple);
  if (members.length === 0) return skip('no_members', { quiet: [] });
  const quiet = members.filter((m) => recipientInQuietHours(entry(s.users, m), s.runMs));
  const to = members.filter((m) => !quiet.includes(m));
  if (to.length === 0) return skip('quiet_hours', { quiet });
  return sent(to.map((m) => [m, 'reengagement']), { quiet });
}

/** @param {{run: bigint, couple: any, outcomes: any}} s */
export function outcomeReminder(s) {
  const created = timestampNanos(s.couple.createdAt);
  if (created === undefined) return skip('no_start');
  const days = elapsedDays(created, s.run);
  if (days !== 30n && days !== 60n && days !== 90n) return skip('not_checkpoint');
  const dayKey = `day_${days}`;
  const members = reminderMembers(s.couple);
  if (members.length === 0) return skip('no_members');
  const due = members.filter((m) => !(entry(s.outcomes, m) ?? []).includes(dayKey));
  if (due.length === 0) return skip('submitted');
  return sent(due.map((m) => [m, 'outcome_reminder']), { dayKey });
}

/** @param {{run: bigint, startedAt: bigint, totalDays: number, completed: any, couple: any}} s */
export function challengeDay(s) {
  const day = elapsedDays(s.startedAt, s.run) + 1n;
  if (day < 1n) return skip('not_started');
  if (day > BigInt(s.totalDays)) return skip('finished');
  const members = reminderMembers(s.couple);
  if (members.length === 0) return skip('no_members');
  const done = members.map((m) => (entry(s.completed, m) ?? 0) >= Number(day));
  /** @type {[string, string][]} */
  const to = [];
  members.forEach((m, i) => {
    if (done[i]) return;
    const partnerDone = done.some((d, j) => j !== i && d);
    to.push([m, partnerDone ? 'challenge_waiting' : 'challenge_day_ready']);
  });
  if (to.length === 0) return skip('all_done');
  return sent(to, { day: Number(day) });
}

/** @param {{run: bigint, unlockAt: bigint, unlocked: boolean, couple: any}} s */
export function capsuleUnlock(s) {
  if (s.run < s.unlockAt) return skip('locked');
  if (s.unlocked) return skip('already_unlocked');
  const members = reminderMembers(s.couple);
  if (members.length === 0) return skip('no_members');
  return sent(members.map((m) => [m, 'memory_capsule_unlocked']));
}

// Deliberately broken copies ("mutants") of the Node port, the TypeScript side of the app profiles.
//
// Each mutant is one small, realistic mistake a backend engineer makes, written into a copy of the
// port's source: one exact text replaced in one file of ports/node (the text must occur exactly
// once, so a mutant that no longer applies fails loudly instead of silently becoming the unmodified
// port). The copy is made in a temporary directory, which is removed when the server ends.
// `closer-spec harness --port "ports/node-mutants/mutant-port NAME"` must fail the suites listed for
// it and name its layer (specs/vectors.md §Layers); oracles/python/test_node_mutants.py checks both.
//
//   mutants.mjs NAME [serve]   serve harness protocol v1 with mutant NAME ("none": unmodified copy)
//   mutants.mjs --list         the names
//   mutants.mjs --json         mutants.json (name, description, layer, suites, file)
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PORT = fileURLToPath(new URL('../node/', import.meta.url));

/** @type {{name: string, layer: string, suites: string[], description: string, file: string, find: string, replace: string}[]} */
export const MUTANTS = [
  {
    name: 'payback-net-balance-no-equivalence', layer: 'contract', suites: ['payback_balance'],
    description: "netBalance matches the account by its own id only, as a raw comparison: expenses paid by or split with its "
      + 'linkedMemberId or an equivalentMemberIds alias are left out (manual §7.4 "Settled ($0.00) while unsettled transactions still exist").',
    file: 'lib/payback.js',
    find: 'const me = (/** @type {string} */ m) => isMe(account, m);',
    replace: 'const me = (/** @type {string} */ m) => m === account.id;',
  },
  {
    name: 'payback-email-not-lowercased', layer: 'contract', suites: ['payback_identity'],
    description: 'email normalization trims and turns empty into null but keeps the case as typed (manual §8.10 "lowercase '
      + 'emails before send" missed on the Convex side): Alice@Example.COM is sent as written.',
    file: 'lib/payback.js',
    find: 'return trimmed.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));',
    replace: 'return trimmed;',
  },
  {
    name: 'payback-remainder-list-order', layer: 'contract', suites: ['payback_balance'],
    description: 'a split gives its leftover cents to the first participants in list order instead of breaking ties by '
      + 'member id, so the iOS app and the backend put the extra cent on different people for the same expense.',
    file: 'lib/payback.js',
    find: '|| (people[i].memberId < people[j].memberId ? -1 : people[i].memberId > people[j].memberId ? 1 : 0) || i - j);',
    replace: '|| i - j);',
  },
  {
    name: 'payback-validation-first-miss', layer: 'contract', suites: ['payback_expense_validation'],
    description: 'the expense validation stops at the first miss and reports it alone, where the manual (§12.2) wants every '
      + 'missing field listed: an empty description hides a zero amount.',
    file: 'lib/payback.js',
    find: "if (amountOK && d.participants.length > 0 && !hasSplits(d)) out.push('payback.expense_empty_splits');",
    replace: "if (amountOK && d.participants.length > 0 && !hasSplits(d)) out.push('payback.expense_empty_splits');\n  out.splice(1);",
  },
  {
    name: 'payback-link-convex-id', layer: 'contract', suites: ['payback_mapping'],
    description: "linking a friend row stores the linked account's Convex document _id in linked_account_id instead of its auth "
      + 'id (the mistake §8.3 forbids): friend lookups by_linked_account_id never match the signed-in account.',
    file: 'lib/payback.js',
    find: "const authId = a.nonEmpty('id') ?? fail(",
    replace: "const authId = a.nonEmpty('_id') ?? fail(",
  },
  {
    name: 'payback-trust-client-account-email', layer: 'contract', suites: ['payback_server'],
    description: "a destructive mutation believes the payload's accountEmail and never compares it with the auth caller's "
      + '(the mistake §8.1 forbids: "Never trust client ownership identifiers"): selfDeleteAccount can name another account.',
    file: 'lib/payback-server.js',
    find: "if (normalizeEmail(claimed) !== email) fail('payback.account_mismatch', \"accountEmail is not the signed-in caller's\");",
    replace: '',
  },
  {
    name: 'payback-direct-friend-member-id-only', layer: 'contract', suites: ['payback_server'],
    description: 'the direct-expense friend check matches account_friends.member_id only, without linked_member_id, the '
      + 'linked account or the alias closure (§8.8 "member_id-only matching causes false not a confirmed friend errors").',
    file: 'lib/payback-server.js',
    find: 'const hit = rows.find((r) => r.ids.has(member));',
    replace: 'const hit = rows.find((r) => r.member === member);',
  },
  {
    name: 'payback-mutation-keys-not-checked', layer: 'contract', suites: ['payback_server'],
    description: 'the server reads its member-id arguments leniently: a payload without the §8.4 key (friendId instead of '
      + 'friendMemberId) is accepted with the id left out, so the delete runs on nothing or on the wrong row.',
    file: 'lib/payback-server.js',
    find: "if (id === null) fail('payback.missing_payload_key', `the payload lacks ${key}`);",
    replace: 'if (id === null) continue;',
  },
  {
    name: 'payback-group-upsert-no-owner-check', layer: 'contract', suites: ['payback_server'],
    description: 'groups:create patches whatever stored group the client id names, without checking that the caller owns it '
      + '(§9.1 "Existing-group updates by client ID are owner-only."): any signed-in user can rename or rewrite another user\'s group.',
    file: 'lib/payback-groups.js',
    find: "if (normalizeEmail(owner) !== email) fail('payback.not_group_owner', \"the stored group of this id is not the caller's\");",
    replace: '',
  },
  {
    name: 'payback-group-delete-without-reconcile', layer: 'contract', suites: ['payback_server'],
    description: 'deleting a group deletes its expenses and the group but never reconciles them first (§9.2 "Reconcile each '
      + 'expense via reconcileUserExpenses(..., [])."): the participants keep user_expenses rows pointing at deleted expenses.',
    file: 'lib/payback-groups.js',
    find: "for (const id of owned) steps.push({ step: 'reconcileUserExpenses', id });",
    replace: '',
  },
  {
    name: 'payback-hard-delete-without-member-index', layer: 'contract', suites: ['payback_server'],
    description: 'the hard-delete cascade looks other users\' rows up by_linked_account_id and by_linked_account_email only, '
      + 'as before §7.1 added by_linked_member_id: a friend row linked to the deleted user by member id survives in that friend list.',
    file: 'lib/payback-deletion.js',
    find: 'const hits = [linkedId === authId, linkedEmail === email, member !== null && linkedMember === member];',
    replace: 'const hits = [linkedId === authId, linkedEmail === email];',
  },
  {
    name: 'payback-member-id-reassigned', layer: 'contract', suites: ['payback_server'],
    description: 'users:updateLinkedMemberId overwrites a member_id the account already has (§9.3 "accounts.member_id is '
      + 'canonical identity; do not reassign for existing accounts."): friends\' rows and expenses keep the old id and lose the account.',
    file: 'lib/payback-members.js',
    find: "if (stored !== undefined && stored !== '') fail('payback.member_id_not_reassignable', 'the account has a member_id: it is never reassigned');",
    replace: '',
  },
  {
    name: 'payback-self-friend-name-in-session', layer: 'contract', suites: ['payback_server'],
    description: 'self-friend detection falls back to name equality in an authenticated session too (§9.6 "In authenticated '
      + 'sessions, self-friend detection must be ID/link based only."): a friend who shares the user\'s name vanishes from the friends list.',
    file: 'lib/payback-self-friend.js',
    find: 'if (!session && name !== null && name === normalizeEmail(accountName))',
    replace: 'if (name !== null && name === normalizeEmail(accountName))',
  },
  {
    name: 'payback-linked-accounts-directory-lookup', layer: 'contract', suites: ['payback_server'],
    description: 'users:resolveLinkedAccountsForMemberIds answers every requested id any account holds (§9.4 "must not be a '
      + 'global directory lookup"): any signed-in user can look up a stranger\'s account id and e-mail by member id.',
    file: 'lib/payback-linked-accounts.js',
    find: '    if (!visible.has(member)) continue;\n',
    replace: '',
  },
  {
    name: 'payback-import-raw-id-text', layer: 'contract', suites: ['payback_import'],
    description: "CSV import looks original member ids up in memberIdMapping by their text as written, not as UUIDs: an "
      + "upper-case id from Swift's uuidString misses its mapping and gets a fresh UUID, so the app and Convex persist different ids (§7.3).",
    file: 'lib/payback.js',
    find: "const original = f.member('id') ?? badField(`${what}.id`, 'is missing');",
    replace: "const original = f.string('id') ?? badField(`${what}.id`, 'is missing');",
  },
  {
    name: 'payback-import-group-per-listing', layer: 'contract', suites: ['payback_import'],
    description: 'CSV import takes a fresh group UUID each time a group is listed, not once per original group id: a group '
      + 'listed twice (once per CSV section) becomes two groups, and its expenses land in the second (import.md §Member ids).',
    file: 'lib/payback.js',
    find: 'if (!groups.has(original)) groups.set(original, fresh.g < freshGroups.length',
    replace: 'groups.set(original, fresh.g < freshGroups.length',
  },
  {
    name: 'fcm-fanout-no-dedupe', layer: 'contract', suites: ['fcm_fanout'],
    description: 'the sender fans out to the legacy fcmToken and every fcmTokens document without deduplicating: a device '
      + 'registered in both places gets the partner push twice (cloud-functions.md §FCM fan-out, D-CF-28).',
    file: 'lib/fcm-fanout.js',
    find: "if (typeof c === 'string' && c !== '' && !out.includes(c)) out.push(c);",
    replace: "if (typeof c === 'string' && c !== '') out.push(c);",
  },
  {
    name: 'reveal-trigger-any-true', layer: 'contract', suites: ['reveal_trigger'],
    description: "onAnswerRevealed sends partner_opened_answer on every update whose isRevealed is true, not only on the flip "
      + 'from absent/false: an updatedAt touch re-notifies the partner (cloud-functions.md §isRevealed, D-CF-52).',
    file: 'lib/fcm-fanout.js',
    find: 'if (after.isRevealed !== true || (before !== null && before.isRevealed === true)) return { send: false };',
    replace: 'if (after.isRevealed !== true) return { send: false };',
  },
  {
    name: 'leave-deletes-couple', layer: 'contract', suites: ['couple_leave'],
    description: 'leaveCoupleCallable deletes the couple tree along with both coupleIds, as onUserDelete does: the former partners '
      + 'lose the answers and threads they still hold the key for (cloud-functions.md §leaveCouple and account deletion, D-CF-53).',
    file: 'lib/cascades.js',
    find: 'const plan = { writes: [unlink(caller)], pushes: [] };',
    replace: "const plan = { writes: [unlink(caller), { kind: 'deleteRecursive', path: `couples/${coupleId}` }], pushes: [] };",
  },
  {
    name: 'delete-foreign-couple', layer: 'contract', suites: ['account_deletion'],
    description: "onUserDelete deletes couples/{coupleId} recursively without checking that the couple lists the user: a stale "
      + "coupleId deletes someone else's couple (cloud-functions.md §leaveCouple and account deletion, D-CF-58).",
    file: 'lib/cascades.js',
    find: 'if (couple === null || (members(couple) ?? []).includes(uid)) plan.writes.push(',
    replace: 'if (couple !== undefined) plan.writes.push(',
  },
  {
    name: 'claim-push-falsy-unclaimed', layer: 'contract', suites: ['game_push_claim'],
    description: 'onGameSessionUpdate tests the flag by truthiness (`if (!sent[key])`): a claim stored as false, null or "" '
      + 'is taken as unclaimed and the push goes out again (cloud-functions.md §Game session flags, D-CF-55).',
    file: 'lib/cascades.js',
    find: 'const unclaimed = sent === undefined || (isObj(sent) && !Object.hasOwn(sent, key));',
    replace: 'const unclaimed = sent === undefined || (isObj(sent) && !sent[key]);',
  },
  {
    name: 'claim-push-key-in-sent', layer: 'contract', suites: ['game_push_claim'],
    description: 'onGameSessionUpdate tests the flag with `key in sent` on the map as Firestore\'s data() returns it (a plain '
      + 'object; the port parses to null-prototype objects, so the mutant copies into one): inherited Object.prototype names '
      + 'count as claims and the key "constructor" on an empty map is never sent (cloud-functions.md §Game session flags, D-CF-55).',
    file: 'lib/cascades.js',
    find: 'const unclaimed = sent === undefined || (isObj(sent) && !Object.hasOwn(sent, key));',
    replace: 'const unclaimed = sent === undefined || (isObj(sent) && !(key in { ...sent }));',
  },
  {
    name: 'claim-push-send-then-flag', layer: 'contract', suites: ['game_push_claim'],
    description: 'onGameSessionUpdate sends first and writes the flag after the send, outside the transaction ("sends if absent, '
      + 'writes the flag" read literally): no claim precedes the send, the F-RACE-001 window is open (D-CF-55).',
    file: 'lib/cascades.js',
    find: 'const out = { send: true, update: { [`notificationsSent.${key}`]: { timestampValue: now } } };',
    replace: 'const out = { send: true };',
  },
  {
    name: 'partner-joined-no-couple-id', layer: 'contract', suites: ['partner_joined'],
    description: "the partner_joined push carries only its type, as the cascades' pushes do: the inviter's app cannot route to "
      + 'pairingSuccess(coupleId) and lands on HOME (cloud-functions.md §partner_joined, D-CF-72).',
    file: 'lib/invites.js',
    find: "pushes: [{ recipient: inviter, data: { type: 'partner_joined', coupleId } }] };",
    replace: "pushes: [{ recipient: inviter, data: { type: 'partner_joined' } }] };",
  },
  {
    name: 'create-invite-reuses-dead-codes', layer: 'contract', suites: ['create_invite'],
    description: 'createInviteCallable treats a code as free unless its invite is still pending: an accepted invite, or an '
      + 'expired one the TTL has not deleted yet, is overwritten (cloud-functions.md §createInviteCallable server behaviour, D-CF-69).',
    file: 'lib/invites.js',
    find: "if (existing !== null) return { outcome: 'already-exists', reason: 'code_exists', writes: [] };",
    replace: "if (existing !== null && existing.status === 'pending') return { outcome: 'already-exists', reason: 'code_exists', writes: [] };",
  },
  {
    name: 'proactive-reminder-skips-out-of-order', layer: 'contract', suites: ['proactive_reminder'],
    description: 'sendDailyQuestionProactiveReminder checks for answers before the claimed slot and the gentle reminder '
      + '(the cheap check first): a question already claimed and answered is reported answered, not already_claimed '
      + '(cloud-functions.md §sendDailyQuestionProactiveReminder, D-CF-76).',
    file: 'lib/reminders.js',
    find: "  if (s.autoClaimed) return skip('already_claimed');\n  if (s.gentleSent) return skip('gentle_sent');\n  if (s.answers.length > 0) return skip('answered');",
    replace: "  if (s.answers.length > 0) return skip('answered');\n  if (s.autoClaimed) return skip('already_claimed');\n  if (s.gentleSent) return skip('gentle_sent');",
  },
  {
    name: 'scheduled-reminder-day-count-truncated', layer: 'contract', suites: ['scheduled_reminders'],
    description: 'The scheduled senders count elapsed days with BigInt division, which truncates toward zero: a challenge '
      + 'starting a nanosecond after the run is on day 1, not day 0 (cloud-functions.md §The scheduled reminders, D-CF-78).',
    file: 'lib/scheduled-reminders.js',
    find: '  return d % DAY < 0n ? q - 1n : q;',
    replace: '  return q;',
  },
  {
    name: 'capsule-opens-after-its-instant', layer: 'contract', suites: ['scheduled_reminders'],
    description: 'unlockDueMemoryCapsules opens a capsule only once its unlock instant is strictly in the past, so a run at '
      + 'the instant itself leaves it locked (cloud-functions.md §unlockDueMemoryCapsules, D-CF-86).',
    file: 'lib/scheduled-reminders.js',
    find: "  if (s.run < s.unlockAt) return skip('locked');",
    replace: "  if (s.run <= s.unlockAt) return skip('locked');",
  },
];

/** The manifest: what a harness test needs of each mutant. */
export const manifest = () => MUTANTS.map(({ name, description, layer, suites, file }) => ({ name, description, layer, suites, file }));

/** A copy of the port with mutant `name` written in; returns its directory. @param {string} name */
function mutatedCopy(name) {
  const dir = mkdtempSync(join(tmpdir(), `closer-node-mutant-${name}-`));
  for (const entry of ['serve.js', 'index.js', 'package.json', 'lib']) cpSync(join(PORT, entry), join(dir, entry), { recursive: true });
  const m = MUTANTS.find((x) => x.name === name);
  if (m) {
    const path = join(dir, m.file);
    const text = readFileSync(path, 'utf8');
    const count = text.split(m.find).length - 1;
    if (count !== 1) throw new Error(`mutant ${name}: the text to replace occurs ${count} times in ${m.file} (want 1): update mutants.mjs`);
    writeFileSync(path, text.replace(m.find, () => m.replace));
  }
  return dir;
}

const args = process.argv.slice(2);
if (args.length === 1 && args[0] === '--list') {
  console.log(MUTANTS.map((m) => m.name).join('\n'));
} else if (args.length === 1 && args[0] === '--json') {
  console.log(JSON.stringify(manifest(), null, 2));
} else if ((args.length === 1 || (args.length === 2 && args[1] === 'serve')) && (args[0] === 'none' || MUTANTS.some((m) => m.name === args[0]))) {
  const dir = mutatedCopy(args[0]);
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));
  await import(pathToFileURL(join(dir, 'serve.js')).href);
} else {
  console.error('usage: mutant-port NAME [serve] | --list | --json   (NAME: none or one of mutants.json)');
  process.exit(2);
}

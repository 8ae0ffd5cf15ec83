// Plain `node --test` checks of the replay core against the real vectors (no npm needed):
//   node --test ports/firestore-emulator/test/replay-core.test.mjs
// The vectors file is the repository's vectors/rules.json (fixed path). The first test fails,
// naming it, when it is missing, not JSON, or has no test in testGroups[].tests[], so a run
// against nothing cannot pass.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { loadVectors, parseTimestamp, decodeValue, planReplay, optionsFromEnv } from '../lib/replay-core.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const VECTORS = resolve(here, '../../../vectors/rules.json');
const tagged = {
  timestamp: (s, n) => ({ ts: [s, n] }),
  bytes: (b) => ({ bytes: b }),
  reference: (p) => ({ ref: p }),
  geoPoint: (a, b) => ({ geo: [a, b] }),
};

test('vectors/rules.json is there and has tests', () => {
  assert.ok(existsSync(VECTORS), `${VECTORS} does not exist (run \`make vectors\`)`);
  const doc = JSON.parse(readFileSync(VECTORS, 'utf8'));
  const count = (Array.isArray(doc?.testGroups) ? doc.testGroups : [])
    .reduce((n, g) => n + (Array.isArray(g?.tests) ? g.tests.length : 0), 0);
  assert.ok(count > 0, `${VECTORS}: no test in testGroups[].tests[]`);
});

test('every vector plans a replay', () => {
  const { suite, tests } = loadVectors(VECTORS);
  assert.equal(tests.length, suite.numberOfTests);
  for (const t of tests) {
    const plan = planReplay(t.request);
    const paths = plan.seed.map((s) => s.path);
    assert.equal(new Set(paths).size, paths.length, `tc ${t.tcId}: duplicate seed`);
    assert.equal(paths.includes(t.request.path), t.request.existing != null, `tc ${t.tcId}`);
    for (const s of plan.seed) decodeValue(s.data, tagged);
    if (plan.operation.data) decodeValue(plan.operation.data, tagged);
    assert.equal(t.result === 'valid', t.expected.allow);
  }
});

test('timestamps keep nanoseconds and offsets', () => {
  assert.deepEqual(parseTimestamp('2025-03-14T18:00:00Z'), { seconds: 1741975200, nanoseconds: 0 });
  assert.deepEqual(parseTimestamp('2025-03-14T18:05:30.250Z'), { seconds: 1741975530, nanoseconds: 250000000 });
  assert.deepEqual(parseTimestamp('2025-03-14T13:00:00-05:00'), { seconds: 1741975200, nanoseconds: 0 });
  assert.deepEqual(parseTimestamp('1969-12-31T23:59:59.999999999Z'), { seconds: -1, nanoseconds: 999999999 });
  assert.throws(() => parseTimestamp('2025-03-14 18:00:00Z'));
});

test('only single-member wrapper objects are special', () => {
  assert.deepEqual(
    decodeValue({ a: { timestampValue: '2025-03-14T18:00:00Z' }, b: { bytesValue: 'AAEC' } }, tagged),
    { a: { ts: [1741975200, 0] }, b: { bytes: 'AAEC' } },
  );
  assert.deepEqual(decodeValue({ referenceValue: 'projects/p/databases/(default)/documents/users/a' }, tagged), {
    ref: 'users/a',
  });
  assert.deepEqual(decodeValue({ timestampValue: 5, other: 1 }, tagged), { timestampValue: 5, other: 1 });
  assert.deepEqual(decodeValue([1, null, 'x'], tagged), [1, null, 'x']);
});

test('flags and tcIds filter', () => {
  const all = loadVectors(VECTORS).tests.length;
  const stated = loadVectors(VECTORS, { skipFlags: ['Inferred', 'Configuration', 'ManualConflict'] }).tests;
  assert.ok(stated.length > 100 && stated.length < all);
  assert.ok(stated.every((t) => !t.flags.includes('Inferred')));
  assert.deepEqual(loadVectors(VECTORS, { onlyTcIds: [3, 7] }).tests.map((t) => t.tcId), [3, 7]);
  assert.deepEqual(optionsFromEnv({ SKIP_FLAGS: 'Inferred, Query', ONLY_TCIDS: '' }), {
    skipFlags: ['Inferred', 'Query'],
    onlyTcIds: null,
  });
});

test('malformed requests are refused', () => {
  const base = { auth: null, method: 'get', path: 'users/a', data: null, existing: null, world: {} };
  assert.throws(() => planReplay({ ...base, method: 'list' }));
  assert.throws(() => planReplay({ ...base, method: 'create' }));
  assert.throws(() => planReplay({ ...base, method: 'update', data: {} }));
  assert.throws(() => planReplay({ ...base, world: { 'users/a': {} } }));
});

// Checks this port against CloserSpec's golden wire vectors (specs/vectors.md): for every test
// of every suite whose ops the port implements, the port's request handler gets
// `{op, ...input}` and must answer as `result` says:
//   valid      → ok, and every member of `expected` equal to the response's member;
//   invalid    → a failure with `expected.error.code` (a different `detail` is reported, not fatal);
//   acceptable → either; when ok, the members of `expected` that are present must match.
// `steps` tests run every step in order. A failure names the layer (specs/vectors.md §Layers).
//
// Copy this file into another project's tests, install the vector package there
// (`npm install closer-spec-vectors-<version>.tgz`, specs/distribution.md §"npm") and replace the
// imports below with the module under test (its `handle(request)`) and the package.
//
// Where the vectors come from: the npm tarball `make dist` builds, installed into a scratch
// node_modules (./vector-package.mjs); this file never reads vectors/ itself. The loader checks
// every file's SHA-256 against the set's manifest. The run FAILS, naming the tarball, when it is
// missing or not installable, when a suite does not load (digest mismatch, not JSON) or has no
// test in testGroups[].tests[], when no suite is a wire suite (schema wire_vectors_v1; rules.json
// is rules_vectors_v1), or when no test ran at all: a conformance run that checked nothing must
// not pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { handle, base64Decode } from '../index.js';
import { importVectorPackage } from './vector-package.mjs';

const VECTORS = await importVectorPackage();
const DIR = VECTORS.source;
const IMPLEMENTED = new Set(handle({ op: 'info' }).ops);

/** Tests in a suite file: the length of every testGroups[].tests[] (specs/vectors.md §File). */
function countTests(doc) {
  const groups = Array.isArray(doc?.testGroups) ? doc.testGroups : [];
  return groups.reduce((n, g) => n + (Array.isArray(g?.tests) ? g.tests.length : 0), 0);
}

/**
 * Loads every suite of the installed vector package and returns the wire suites (schema
 * wire_vectors_v1; rules.json has its own schema) and what is wrong: every problem fails the run.
 */
function loadSuites() {
  const problems = [];
  if (!VECTORS.module) return { suites: [], problems: [VECTORS.problem] };
  const names = VECTORS.module.listSuites();
  if (names.length === 0) problems.push(`vector package ${DIR} holds no suite`);
  const suites = [];
  for (const name of names) {
    const f = `${name}.json`;
    let doc;
    try { doc = VECTORS.module.loadSuite(name); } catch (e) {
      problems.push(`${f}: not loadable from the vector package (${e.message})`);
      continue;
    }
    if (countTests(doc) === 0) { problems.push(`${f}: a suite file with no tests (testGroups[].tests[] is empty)`); continue; }
    if (doc.schema === 'wire_vectors_v1') suites.push({ file: f, doc });
  }
  if (names.length > 0 && suites.length === 0 && problems.length === 0) {
    problems.push(`vector package ${DIR} holds no wire vector suite (schema wire_vectors_v1) among ${names.join(', ')}`);
  }
  return { suites, problems };
}

const { suites, problems } = loadSuites();

/** The ops a test runs. */
const opsOf = (t, g) => (t.steps ? t.steps.map((s) => s.op) : [t.op ?? g.op]);

/** Best guess of the layer a wire-string mismatch lies in (specs/vectors.md §Layers). */
function layerOfValueMismatch(want, got) {
  if (typeof want !== 'string' || typeof got !== 'string') return 'unknown';
  const m = /^(enc:v1:|sealed:v1:|keybox:v1:|pub:v1:|sha256:)/.exec(want);
  if (!m) return want.length && /^[0-9a-f]*$/.test(want) ? 'bytes' : 'unknown';
  if (!got.startsWith(m[1])) return 'encoding';
  const profile = m[1] === 'enc:v1:' ? 'b64' : 'b64url';
  const lenient = (s) => Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const w = base64Decode(want.slice(m[1].length), profile);
  let g;
  try { g = base64Decode(got.slice(m[1].length), profile); } catch { return 'encoding'; }
  if (Buffer.compare(Buffer.from(w), lenient(got.slice(m[1].length))) === 0 && want !== got) return 'encoding';
  if (m[1] === 'sha256:') return 'commitment';
  if (m[1] === 'pub:v1:') return 'protobuf';
  if (Buffer.compare(Buffer.from(w.subarray(0, 5)), Buffer.from(g.subarray(0, 5))) !== 0) return 'tink_framing';
  if (m[1] === 'keybox:v1:') return Buffer.compare(Buffer.from(w.subarray(5, 70)), Buffer.from(g.subarray(5, 70))) !== 0 ? 'kem' : 'dem';
  return 'aead';
}

/** Runs one op against its expectation; returns null or a failure message. */
function check(suite, t, op, input, expected, result, notes) {
  const res = handle({ op, ...input });
  const flagLayers = (t.flags ?? []).map((f) => notes?.[f]?.layer).filter(Boolean);
  const head = `${suite} tcId ${t.tcId} (${op}${t.comment ? `: ${t.comment}` : ''}${t.flags?.length ? `; flags ${t.flags.join(',')}` : ''})`;
  if (result === 'invalid' || (expected?.error && result !== 'valid')) {
    const want = expected.error;
    if (res.ok) {
      if (result === 'acceptable') return null;
      return `${head}: the port ACCEPTED it; layer ${want.layer ?? flagLayers[0] ?? '?'} must refuse it with ${want.code}${want.detail ? ` (${want.detail})` : ''}`;
    }
    if (res.error.code !== want.code) {
      return `${head}: error ${res.error.code} (${res.error.detail}), expected ${want.code} (${want.detail ?? '-'}) at layer ${want.layer ?? flagLayers[0] ?? '?'}`;
    }
    if (want.detail && res.error.detail !== want.detail) detailNotes.push(`${head}: detail ${res.error.detail}, vector says ${want.detail}`);
    return null;
  }
  if (!res.ok) {
    if (result === 'acceptable') return null;
    return `${head}: failed with ${res.error.code} (${res.error.detail}: ${res.error.message}); expected success${flagLayers.length ? ` (layer ${flagLayers[0]})` : ''}`;
  }
  for (const [k, v] of Object.entries(expected ?? {})) {
    if (k === 'error') continue;
    try { assert.deepStrictEqual(res[k], v); } catch {
      return `${head}: member "${k}" differs (layer ${layerOfValueMismatch(v, res[k])}${flagLayers.length ? `, flags point to ${flagLayers.join('/')}` : ''})\n   expected ${JSON.stringify(v).slice(0, 400)}\n   got      ${JSON.stringify(res[k]).slice(0, 400)}`;
    }
  }
  return null;
}

/** @type {string[]} */
const detailNotes = [];

test(`vector package ${DIR}`, () => {
  assert.deepEqual(problems, [], `the vector run would check nothing, or not everything:\n${problems.join('\n')}`);
});

/** Tests run across all suites (a run of zero tests fails). */
let ranTotal = 0;

for (const { file, doc } of suites) {
  test(`vectors/${file} (${doc.suite})`, () => {
    let ran = 0, skippedOps = 0, skippedArgon = 0, skippedReading = 0;
    const missing = new Set();
    /** @type {string[]} */
    const failures = [];
    for (const g of doc.testGroups ?? []) {
      for (const t of g.tests ?? []) {
        const ops = opsOf(t, g);
        // specs/vectors.md §Test `reading`: this port follows specs/ (the pinned readings), so a
        // test of a ManualConflict's manual reading is not its to pass.
        if (t.reading?.choice === 'manual') { skippedReading++; continue; }
        if ((t.flags ?? []).some((f) => /argon2/i.test(f) || /argon2/i.test(doc.notes?.[f]?.layer ?? ''))) { skippedArgon++; continue; }
        const lacking = ops.filter((op) => !IMPLEMENTED.has(op));
        if (lacking.length) { skippedOps++; lacking.forEach((o) => missing.add(o)); continue; }
        ran++;
        const steps = t.steps ?? [{ op: t.op ?? g.op, input: t.input, expected: t.expected }];
        // specs/vectors.md §Test: `result` applies to the step whose `expected` is an error,
        // or else to the last step; every other step is checked as valid.
        const errorStep = steps.findIndex((s) => s.expected?.error);
        const resultStep = errorStep >= 0 ? errorStep : steps.length - 1;
        for (const [i, s] of steps.entries()) {
          const msg = check(doc.suite, t, s.op, s.input ?? {}, s.expected, i === resultStep ? t.result : 'valid', doc.notes);
          if (msg) { failures.push(msg); break; }
        }
      }
    }
    ranTotal += ran;
    const total = doc.numberOfTests ?? ran + skippedOps + skippedArgon;
    console.log(`# ${doc.suite}: ran ${ran} of ${total} tests` +
      (skippedOps ? `, skipped ${skippedOps} (ops not in this port: ${[...missing].join(', ')})` : '') +
      (skippedArgon ? `, skipped ${skippedArgon} (need Argon2id)` : '') +
      (skippedReading ? `, skipped ${skippedReading} (the manual reading of a ManualConflict)` : '') + `; ${failures.length} failed`);
    if (ran === 0) console.log(`# ${doc.suite}: the port implements none of this suite's ops`);
    assert.deepEqual(failures, [], `${failures.length} vector(s) of ${doc.suite} failed:\n${failures.slice(0, 25).join('\n')}`);
  });
}

test('detail codes (reported, not required)', () => {
  if (detailNotes.length) console.log(`# ${detailNotes.length} detail difference(s):\n# ${detailNotes.slice(0, 20).join('\n# ')}`);
});

test('at least one vector ran', () => {
  assert.ok(ranTotal > 0, `no vector of ${DIR} ran: ` + (suites.length
    ? `the port implements none of the ops of its ${suites.length} wire suite(s)`
    : 'no wire suite was loaded (see the test "vector package")'));
});

// Checks this port against CloserSpec's golden wire vectors (specs/vectors.md): for every test
// of every suite whose ops the port implements, the port's request handler gets
// `{op, ...input}` and must answer as `result` says:
//   valid      → ok, and every member of `expected` equal to the response's member;
//   invalid    → a failure with `expected.error.code` (a different `detail` is reported, not fatal);
//   acceptable → either; when ok, the members of `expected` that are present must match.
// `steps` tests run every step in order. A failure names the layer (specs/vectors.md §Layers).
//
// Copy this file into another project's tests and point VECTORS_DIR at a copy of vectors/;
// replace the import below with the module under test (its `handle(request)`).
//
// Where the vectors are: $VECTORS_DIR, else the repository's vectors/ (../../../vectors/ from
// this file). Only the top level is read: every `*.json` file there except MANIFEST.json is a
// suite file (subdirectories such as vectors/profiles/ are not read). The run FAILS, naming that
// directory, when it does not exist, when it holds no suite file, when a suite file is not JSON or
// has no test in testGroups[].tests[], when no suite file is a wire suite (schema
// wire_vectors_v1; rules.json is rules_vectors_v1), or when no test ran at all: a conformance
// run that checked nothing must not pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { handle, base64Decode } from '../index.js';

const DIR = process.env.VECTORS_DIR ?? fileURLToPath(new URL('../../../vectors/', import.meta.url));
const IMPLEMENTED = new Set(handle({ op: 'info' }).ops);

/** Tests in a suite file: the length of every testGroups[].tests[] (specs/vectors.md §File). */
function countTests(doc) {
  const groups = Array.isArray(doc?.testGroups) ? doc.testGroups : [];
  return groups.reduce((n, g) => n + (Array.isArray(g?.tests) ? g.tests.length : 0), 0);
}

/**
 * Reads the suite files of DIR (top level only: `*.json` except MANIFEST.json) and returns the
 * wire suites (schema wire_vectors_v1; rules.json has its own schema) and what is wrong with the
 * directory: every problem makes the run fail.
 */
function loadSuites() {
  const problems = [];
  let stat;
  try { stat = statSync(DIR); } catch { /* missing */ }
  if (!stat?.isDirectory()) {
    problems.push(`vectors directory ${DIR} does not exist or is not a directory (set VECTORS_DIR, or run \`make vectors\`)`);
    return { suites: [], problems };
  }
  const files = readdirSync(DIR, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json') && e.name !== 'MANIFEST.json')
    .map((e) => e.name).sort();
  if (files.length === 0) problems.push(`vectors directory ${DIR} holds no suite file (*.json other than MANIFEST.json)`);
  const suites = [];
  for (const f of files) {
    let doc;
    try { doc = JSON.parse(readFileSync(path.join(DIR, f), 'utf8')); } catch (e) {
      problems.push(`${path.join(DIR, f)}: not readable JSON (${e.message})`);
      continue;
    }
    if (countTests(doc) === 0) { problems.push(`${path.join(DIR, f)}: a suite file with no tests (testGroups[].tests[] is empty)`); continue; }
    if (doc.schema === 'wire_vectors_v1') suites.push({ file: f, doc });
  }
  if (files.length > 0 && suites.length === 0 && problems.length === 0) {
    problems.push(`vectors directory ${DIR} holds no wire vector suite (schema wire_vectors_v1) among ${files.join(', ')}`);
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

test(`vectors directory ${DIR}`, () => {
  assert.deepEqual(problems, [], `the vector run would check nothing, or not everything:\n${problems.join('\n')}`);
});

/** Tests run across all suites (a run of zero tests fails). */
let ranTotal = 0;

for (const { file, doc } of suites) {
  test(`vectors/${file} (${doc.suite})`, () => {
    let ran = 0, skippedOps = 0, skippedArgon = 0;
    const missing = new Set();
    /** @type {string[]} */
    const failures = [];
    for (const g of doc.testGroups ?? []) {
      for (const t of g.tests ?? []) {
        const ops = opsOf(t, g);
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
      (skippedArgon ? `, skipped ${skippedArgon} (need Argon2id)` : '') + `; ${failures.length} failed`);
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
    : 'no wire suite was loaded (see the test "vectors directory")'));
});

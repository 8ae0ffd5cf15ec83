// Replays vectors/rules.json against a real firestore.rules in the Firestore emulator with
// @firebase/rules-unit-testing v3. Each vector: clear, seed `world` (and `existing` at `path`)
// with security rules disabled, then attempt `method` on `path` as `auth`:
// expected.allow → assertSucceeds, otherwise assertFails (permission-denied).
// See ../README.md; normative: ../../../specs/rules.md.
//
// The vectors file: $RULES_VECTORS, else the repository's vectors/rules.json. A replay of nothing
// must not pass: a missing or unreadable file, a file with no test in testGroups[].tests[], or
// SKIP_FLAGS / ONLY_TCIDS that select no vector stop the run before any test, naming the file.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  Bytes,
  collection,
  deleteDoc,
  doc,
  GeoPoint,
  getDoc,
  getDocs,
  setDoc,
  Timestamp,
  type Firestore,
} from 'firebase/firestore';
import {
  decodeValue,
  loadVectors,
  optionsFromEnv,
  planReplay,
  type ValueFactories,
  type Vector,
} from '../lib/replay-core.mjs';

const rulesFile = process.env.FIRESTORE_RULES;
if (!rulesFile) {
  throw new Error('Set FIRESTORE_RULES to the path of the firestore.rules under test (see README.md).');
}
const vectorsFile =
  process.env.RULES_VECTORS ?? fileURLToPath(new URL('../../../vectors/rules.json', import.meta.url));
const replayOptions = optionsFromEnv(process.env);
let tests: Vector[];
try {
  ({ tests } = loadVectors(vectorsFile, replayOptions));
} catch (e) {
  throw new Error(`rules vectors ${vectorsFile} (RULES_VECTORS or the default): ${(e as Error).message}`);
}
if (tests.length === 0) {
  throw new Error(
    `rules vectors ${vectorsFile}: no vector to replay (the file has none in testGroups[].tests[], or ` +
      `SKIP_FLAGS=${process.env.SKIP_FLAGS ?? ''} ONLY_TCIDS=${process.env.ONLY_TCIDS ?? ''} select none); ` +
      'a replay of nothing must not pass',
  );
}

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: process.env.GCLOUD_PROJECT ?? 'demo-closer-rules',
    firestore: {
      rules: readFileSync(rulesFile, 'utf8'),
      ...(process.env.FIRESTORE_EMULATOR_HOST
        ? {}
        : { host: '127.0.0.1', port: Number(process.env.FIRESTORE_PORT ?? 8080) }),
    },
  });
});

afterAll(async () => {
  await env?.cleanup();
});

/** REST-ish vector values → Firebase JS SDK values for `db`. */
function factories(db: Firestore): ValueFactories {
  return {
    timestamp: (seconds, nanoseconds) => new Timestamp(seconds, nanoseconds),
    bytes: (base64) => Bytes.fromBase64String(base64),
    reference: (path) => doc(db, path),
    geoPoint: (latitude, longitude) => new GeoPoint(latitude, longitude),
  };
}

/** The one request the vector is about, as the caller. */
function attempt(db: Firestore, op: ReturnType<typeof planReplay>['operation']): Promise<unknown> {
  const make = factories(db);
  switch (op.method) {
    case 'get':
      return getDoc(doc(db, op.path));
    case 'list':
      // An unfiltered query over the collection (specs/rules.md §Requests).
      return getDocs(collection(db, op.path));
    case 'create':
    case 'update':
      // A full write: request.resource.data is exactly `data`. With `existing` seeded the
      // emulator evaluates it as an update, otherwise as a create.
      return setDoc(doc(db, op.path), decodeValue(op.data, make));
    case 'delete':
      return deleteDoc(doc(db, op.path));
  }
}

describe('vectors/rules.json against FIRESTORE_RULES', () => {
  for (const v of tests) {
    const name = `tc ${v.tcId} [${v.invariant}] ${v.comment} (${v.flags.join(', ')})`;
    it(name, async () => {
      const plan = planReplay(v.request);
      await env.clearFirestore();
      await env.withSecurityRulesDisabled(async (admin) => {
        const db = admin.firestore() as unknown as Firestore;
        const make = factories(db);
        for (const s of plan.seed) await setDoc(doc(db, s.path), decodeValue(s.data, make));
      });
      const ctx = plan.uid ? env.authenticatedContext(plan.uid) : env.unauthenticatedContext();
      const db = ctx.firestore() as unknown as Firestore;
      if (v.expected.allow) {
        await assertSucceeds(attempt(db, plan.operation));
      } else {
        await assertFails(attempt(db, plan.operation));
      }
    });
  }
});

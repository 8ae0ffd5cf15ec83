// Dependency-free core of the Firestore emulator replay of vectors/rules.json.
// Normative: ../../specs/rules.md (§Value model, §Requests, §Vectors).
// The emulator test (test/rules-replay.test.ts) adds only the Firebase calls; this module is
// unit-tested with plain `node --test` (test/replay-core.test.mjs).

import { readFileSync } from 'node:fs';

/**
 * Reads vectors/rules.json and returns its tests, flattened, each with its group's invariant.
 * @param {string} file
 * @param {{skipFlags?: string[], onlyTcIds?: number[] | null}} [options]
 */
export function loadVectors(file, options = {}) {
  const { skipFlags = [], onlyTcIds = null } = options;
  const suite = JSON.parse(readFileSync(file, 'utf8'));
  if (suite.schema !== 'rules_vectors_v1') {
    throw new Error(`unexpected schema ${suite.schema}; this replay reads rules_vectors_v1`);
  }
  const tests = [];
  for (const group of suite.testGroups) {
    for (const test of group.tests) {
      if (test.flags.some((f) => skipFlags.includes(f))) continue;
      if (onlyTcIds && !onlyTcIds.includes(test.tcId)) continue;
      tests.push({ ...test, invariant: group.invariant, provenance: group.provenance });
    }
  }
  if (tests.length === 0 && !onlyTcIds && skipFlags.length === 0) throw new Error('no vectors');
  return { suite, tests };
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

/**
 * RFC 3339 text → {seconds, nanoseconds} (nanosecond precision, unlike Date).
 * @param {string} text
 */
export function parseTimestamp(text) {
  const m = RFC3339.exec(text);
  if (!m) throw new Error(`timestampValue is not RFC 3339: ${text}`);
  const [, y, mo, d, h, mi, s, frac = '', zone] = m;
  let ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  if (Number.isNaN(ms)) throw new Error(`bad timestamp ${text}`);
  if (+y < 100) ms = new Date(ms).setUTCFullYear(+y); // Date.UTC maps years 0-99 to 1900-1999
  if (zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    ms -= sign * (+zone.slice(1, 3) * 3600 + +zone.slice(4, 6) * 60) * 1000;
  }
  return { seconds: Math.floor(ms / 1000), nanoseconds: +(frac + '000000000').slice(0, 9) };
}

/**
 * Converts the vectors' REST-ish JSON to SDK values. A JSON object whose ONLY member is
 * timestampValue, bytesValue, referenceValue or geoPointValue is that type; anything else maps
 * naturally (numbers are left to the SDK, which writes safe integers as integers, like the spec).
 * @param {unknown} value
 * @param {{timestamp(s: number, n: number): unknown, bytes(b64: string): unknown,
 *          reference(path: string): unknown, geoPoint(lat: number, lng: number): unknown}} make
 */
export function decodeValue(value, make) {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => decodeValue(v, make));
  const keys = Object.keys(value);
  if (keys.length === 1) {
    const inner = value[keys[0]];
    switch (keys[0]) {
      case 'timestampValue': {
        const t = parseTimestamp(inner);
        return make.timestamp(t.seconds, t.nanoseconds);
      }
      case 'bytesValue':
        return make.bytes(inner);
      case 'referenceValue':
        return make.reference(inner.replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\//, ''));
      case 'geoPointValue':
        return make.geoPoint(inner.latitude, inner.longitude);
      default:
        break;
    }
  }
  return Object.fromEntries(keys.map((k) => [k, decodeValue(value[k], make)]));
}

/**
 * What to do for one vector: documents to seed with rules disabled, then one operation as
 * `auth`. `update` is a full setDoc, so request.resource.data is exactly `data`.
 * @param {{auth: {uid: string} | null, method: string, path: string,
 *          data: object | null, existing: object | null, world: Record<string, object>}} request
 */
export function planReplay(request) {
  const { auth, method, path, data, existing, world = {} } = request;
  const segments = path.split('/').length;
  const isCollection = segments % 2 === 1;
  if ((method === 'list') !== isCollection) throw new Error(`${method} on ${path}: wrong path kind`);
  if (['create', 'update'].includes(method) !== (data != null)) throw new Error(`${method} and data disagree`);
  if (method === 'create' && existing != null) throw new Error('create with existing');
  if (method === 'update' && existing == null) throw new Error('update without existing');
  if (Object.prototype.hasOwnProperty.call(world, path)) throw new Error('world holds the request path');
  const seed = Object.keys(world)
    .sort()
    .map((p) => ({ path: p, data: world[p] }));
  if (existing != null) seed.push({ path, data: existing });
  return { seed, uid: auth ? auth.uid : null, operation: { method, path, data: data ?? null } };
}

/**
 * Reads the options from the environment: SKIP_FLAGS=Inferred,Configuration and
 * ONLY_TCIDS=12,13.
 * @param {Record<string, string | undefined>} env
 */
export function optionsFromEnv(env) {
  const list = (s) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);
  const only = list(env.ONLY_TCIDS).map(Number);
  return { skipFlags: list(env.SKIP_FLAGS), onlyTcIds: only.length ? only : null };
}

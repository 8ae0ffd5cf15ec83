// CloserSpec's vector set @PROFILE@ @VERSION@ as an npm package (specs/distribution.md §"npm").
//   import { listSuites, loadSuite, manifest } from '@PACKAGE@';
// Every file's SHA-256 is checked on load against MANIFEST.json, and MANIFEST.json against the
// digest this package was built with; a mismatch throws DigestMismatchError naming the file.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';

export const PROFILE = '@PROFILE@';
export const VERSION = '@VERSION@';
export const MANIFEST_SHA256 = '@MANIFEST_SHA256@';
const WHAT = `@PACKAGE@ ${PROFILE} ${VERSION}`;

/** A packaged file is not the published one (specs/distribution.md §"Digests"). */
export class DigestMismatchError extends Error {
  constructor(message, file) {
    super(message);
    this.name = 'DigestMismatchError';
    this.file = file;
  }
}

function checked(name, expected, against) {
  const data = readFileSync(new URL(`./vectors/${name}`, import.meta.url));
  const actual = createHash('sha256').update(data).digest('hex');
  if (actual !== expected) {
    throw new DigestMismatchError(`${WHAT}: ${name}: SHA-256 ${actual} does not match ${against} (${expected})`, name);
  }
  return data.toString('utf8');
}

/** The set's MANIFEST.json (vectorSetVersion, numberOfTests, files). */
export function manifest() {
  return JSON.parse(checked('MANIFEST.json', MANIFEST_SHA256, "the loader's manifest digest"));
}

/** The suite names (file names without .json), sorted. */
export function listSuites() {
  return Object.keys(manifest().files).map((f) => f.slice(0, -'.json'.length)).sort();
}

/** The parsed suite `name` (e.g. "enc_v1"), after its digest was checked. */
export function loadSuite(name) {
  const files = manifest().files;
  const entry = Object.hasOwn(files, `${name}.json`) ? files[`${name}.json`] : undefined;
  if (entry === undefined) {
    throw new RangeError(`${WHAT}: no suite '${name}'; suites: ${Object.keys(files).sort().join(', ')}`);
  }
  return JSON.parse(checked(`${name}.json`, entry.sha256, 'MANIFEST.json'));
}

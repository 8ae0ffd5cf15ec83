// The vectors as a Node port consumes them (specs/distribution.md §"npm"): the npm tarball
// closer-spec-vectors-<version>.tgz that `make dist` builds, installed offline into a scratch
// node_modules, its loader imported; the loader checks every file's SHA-256 against the manifest.
// Which tarball: $CLOSER_VECTORS_TGZ, else the one dist/closer-spec-vectors-<version>.tgz of this
// repository (`make dist-packages`). Returns {module, source} or {problem, source}.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));

function tarball() {
  if (process.env.CLOSER_VECTORS_TGZ) return { file: process.env.CLOSER_VECTORS_TGZ };
  const found = existsSync(DIST) ? readdirSync(DIST).filter((f) => /^closer-spec-vectors-\d.*\.tgz$/.test(f)) : [];
  if (found.length !== 1) {
    return { problem: `${found.length === 0 ? 'no' : 'more than one'} closer-spec-vectors-<version>.tgz in ${DIST} (${found.join(', ')}): run \`make dist-packages\` or set CLOSER_VECTORS_TGZ` };
  }
  return { file: path.join(DIST, found[0]) };
}

export async function importVectorPackage() {
  const { file, problem } = tarball();
  if (problem) return { problem, source: DIST };
  const scratch = mkdtempSync(path.join(tmpdir(), 'closer-node-vectors-'));
  process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
  writeFileSync(path.join(scratch, 'package.json'), '{"private": true}\n');
  const r = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--silent', file], { cwd: scratch, encoding: 'utf8' });
  if (r.status !== 0) return { problem: `npm install ${file} failed (exit ${r.status}): ${(r.stderr ?? "").trim() || r.error}`, source: file };
  const module = await import(pathToFileURL(path.join(scratch, 'node_modules/closer-spec-vectors/index.js')).href);
  return { module, source: `${file} (closer-spec-vectors ${module.VERSION}, installed in ${scratch})` };
}

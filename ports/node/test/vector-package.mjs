// The vectors as a Node port consumes them (specs/distribution.md §"npm"): the npm tarball
// closer-spec-vectors-<version>.tgz that `make dist` builds, installed offline into a scratch
// node_modules, its loader imported; the loader checks every file's SHA-256 against the manifest.
// Which tarball: $CLOSER_VECTORS_TGZ, else dist/closer-spec-vectors-<version>.tgz of this
// repository (`make dist-packages`) for the version vectors/MANIFEST.json names, so tarballs of older
// versions left in dist/ do not matter. Returns {module, source} or {problem, source}.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));

const MANIFEST = fileURLToPath(new URL('../../../vectors/MANIFEST.json', import.meta.url));

function tarball() {
  if (process.env.CLOSER_VECTORS_TGZ) return { file: process.env.CLOSER_VECTORS_TGZ };
  const version = JSON.parse(readFileSync(MANIFEST, 'utf8')).vectorSetVersion;
  const file = path.join(DIST, `closer-spec-vectors-${version}.tgz`);
  if (!existsSync(file)) {
    return { problem: `no ${file}: run \`make dist-packages\` or set CLOSER_VECTORS_TGZ` };
  }
  return { file };
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

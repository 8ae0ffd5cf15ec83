// Run by test-packages.sh in a scratch project holding every set's npm tarball: every suite
// loads, digests checked; then a tampered installed file is refused naming it.
import { appendFileSync } from 'node:fs';
import path from 'node:path';

const names = ['closer-spec-vectors', 'closer-spec-vectors-fitlink', 'closer-spec-vectors-reward-e'];
for (const name of names) {
  const m = await import(name);
  const suites = m.listSuites();
  const total = suites.reduce((n, s) => n + (m.loadSuite(s).numberOfTests ?? 0), 0);
  if (suites.length === 0 || total !== m.manifest().numberOfTests) throw new Error(`${name}: ${total} tests`);
  console.log(`dist: npm ${name} ${m.VERSION}: ${suites.length} suites, ${total} tests loaded, digests checked`);
}
const closer = await import('closer-spec-vectors');
const dir = path.join(process.cwd(), 'node_modules/closer-spec-vectors');
appendFileSync(path.join(dir, 'vectors/enc_v1.json'), ' ');
try {
  closer.loadSuite('enc_v1');
  console.log('dist: FAIL npm accepted a tampered enc_v1.json');
  process.exit(1);
} catch (e) {
  if (!(e instanceof closer.DigestMismatchError) || !e.message.includes('enc_v1.json: SHA-256')) throw e;
  console.log(`dist: npm refused a tampered file: ${e.message}`);
}

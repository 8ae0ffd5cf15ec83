// The accumulated digests of specs/explore.md §"Accumulated mode", computed by this port alone:
// 10,000 cases per recipe drawn from SHAKE128 (node:crypto), each run through the port's own
// handler, one SHA-256 over the answer lines. No closer-spec process is involved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { handle } from '../index.js';

// Published in specs/explore.md (closer-spec accumulate --op R --cases 10000 --seed 0).
const DIGESTS = {
  'b64.encode': '37c10539aef8089662404eb9752398228ab5d787e341c95c6e44eab04c58192b',
  'b64url.encode': 'b40e9b7d5b97f7a4952458d71d861cd91b2f2e08828178354edf6db1f7299327',
  'b64url.decode': '37a3e6826a7e495c28bfd0ec84a0e6c0e9739f4c6c4dc23d08a1199146eb318c',
  'canonicalize.number': '4e784e63d7b3df1c45750c8aaf3cf5a2cfa3ace05c938cc082bd36fc9748981e',
  'enc.seal': 'ffd3722579b4377f79a1a829b25facf639b5aa793a431107799fdc453df16246',
};
const LENGTHS = { 'b64.encode': 256, 'b64url.encode': 256, 'b64url.decode': 65, 'canonicalize.number': 8, 'enc.seal': 818 };
const URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const stream = (recipe, seed, i) =>
  createHash('shake128', { outputLength: LENGTHS[recipe] }).update(`closer-spec accumulate v1 ${recipe} ${seed} ${i}`).digest();

function request(recipe, x) {
  switch (recipe) {
    case 'b64.encode':
    case 'b64url.encode':
      return [{ op: 'encoding.encode', profile: recipe === 'b64.encode' ? 'b64' : 'b64url', bytes: x.subarray(1, 1 + x[0]).toString('hex') }, 'text'];
    case 'b64url.decode': {
      const text = Array.from(x.subarray(1, 1 + (x[0] % 64)), (b) => URL[b % 64]).join('');
      return [{ op: 'encoding.decode', profile: 'b64url', text }, 'bytes'];
    }
    case 'canonicalize.number': {
      const d = x.readDoubleBE(0);
      return [{ op: 'canonicalize', json: Number.isFinite(d) ? JSON.stringify(d) : 'null' }, 'canonical'];
    }
    case 'enc.seal': {
      const keyId = x.readUInt32BE(32) || 1;
      const keyset = handle({ op: 'aead.keyset', key: x.subarray(0, 32).toString('hex'), keyId }).keyset;
      let text = '';
      for (let j = 0; j < x[52]; j++) {
        let v = ((x[53 + 3 * j] << 16) | (x[54 + 3 * j] << 8) | x[55 + 3 * j]) % 0x110000;
        if (v >= 0xd800 && v <= 0xdfff) v -= 0x800;
        text += String.fromCodePoint(v);
      }
      return [{ op: 'enc.seal', keyset, iv: x.subarray(36, 48).toString('hex'), text, coupleId: 'c' + x.subarray(48, 52).toString('hex') }, 'value'];
    }
  }
  throw new Error(recipe);
}

function digest(recipe, seed, n) {
  const h = createHash('sha256');
  for (let i = 0; i < n; i++) {
    const [req, member] = request(recipe, stream(recipe, seed, i));
    const r = handle(req);
    h.update((r.ok ? r[member] : '!' + r.error.code) + '\n');
  }
  return h.digest('hex');
}

for (const recipe of Object.keys(DIGESTS)) {
  test(`accumulated ${recipe}: 10,000 cases`, () => {
    assert.equal(digest(recipe, 0, 10000), DIGESTS[recipe]);
  });
}

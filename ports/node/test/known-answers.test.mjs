// Known answers printed in specs/ (checked there against Python Tink and rfc8785), and the
// wordlist copy against specs/wordlist-v1.txt. Independent of closer-spec serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { handle } from '../index.js';

const KS = '08f8acd1910112640a580a30747970652e676f6f676c65617069732e636f6d2f676f6f676c652e63727970746f2e74696e6b2e41657347636d4b657912221a20000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f1801100118f8acd191012001';
const D = 'c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721';
const EPH = '1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988';
const ok = (r) => { assert.ok(r.ok, JSON.stringify(r.error)); return r; };

test('tink-keyset.md, tink-aead.md, enc-v1.md, sealed-v1.md known answers', () => {
  assert.equal(ok(handle({ op: 'aead.keyset', key: Buffer.from(Array.from({ length: 32 }, (_, i) => i)).toString('hex'), keyId: 0x12345678 })).keyset, KS);
  assert.equal(ok(handle({ op: 'aead.encrypt', keyset: KS, plaintext: Buffer.from('Hello, Tink!').toString('hex'), aad: Buffer.from('associated data').toString('hex'), iv: '000102030405060708090a0b' })).ciphertext,
    '0112345678000102030405060708090a0b0f67ba77aac9e24fe42ffcaaa51690f8807e8c0284e7a11c5d4f70b2');
  assert.equal(ok(handle({ op: 'enc.seal', keyset: KS, coupleId: 'couple-1', text: 'I love you', iv: '000102030405060708090a0b' })).value,
    'enc:v1:ARI0VngAAQIDBAUGBwgJCgsOIrp0s4DiYuI0noMjCDvxSIxw+Tfm6uBZBA==');
  const s = ok(handle({ op: 'sealed.seal', keyset: KS, coupleId: 'couple-1', questionId: 'q-42', userId: 'alice', iv: '0c0b0a090807060504030201',
    payload: '{"answer":"yes","coupleId":"couple-1","nonce":"AAECAwQFBgcICQoLDA0ODw","questionId":"q-42","userId":"alice"}' }));
  assert.equal(s.value, 'sealed:v1:ARI0VngMCwoJCAcGBQQDAgFns4I2XT-1D9kkcYmwzZvb6XwzMgZIqcmYTbE-Jho6MTR_4OUgv6RKntyJpTNnrgyIFTdhPTp5D1R5S65u-pVuitB101yfZH72S0CAiwPTyUMYacxZPs5R-3Uka9BiNqqx3mmeVXtnFG5P3u13a5-AuUYXsdh7gmGBd6n9');
  assert.equal(s.commitment, 'sha256:OYyzRV9kEqiAiU7hZ32PVH_XXPjtJW6emQBuBr_G1Xk');
});

test('tink-hybrid.md, pub-v1.md, keybox-v1.md known answers', () => {
  const hk = ok(handle({ op: 'hybrid.keyset', privateKey: D, keyId: 0x0a0b0c0d }));
  assert.equal(hk.privateKeyset.length / 2, 267);
  assert.equal(hk.publicKeyset.length / 2, 228);
  const pub = ok(handle({ op: 'pub.encode', publicKeyset: hk.publicKeyset })).value;
  assert.equal(pub, 'pub:v1:CI2YrFAS3AEK0AEKPXR5cGUuZ29vZ2xlYXBpcy5jb20vZ29vZ2xlLmNyeXB0by50aW5rLkVjaWVzQWVhZEhrZGZQdWJsaWNLZXkSjAESRAoECAIQAxI6EjgKMHR5cGUuZ29vZ2xlYXBpcy5jb20vZ29vZ2xlLmNyeXB0by50aW5rLkFlc0djbUtleRICEBAYARgBGiEAYP7UuiVanTHJYet0xjVtaMBJuJI7Yfps5mliLmDyn7YiIQB5A_4QCLi8maQa6elWKLxk8vGyDC1-n1F3o8KU1EYimRgDEAEYjZisUCAB');
  const kem = '04bd7c73b88b2e9b4ceda62022b2da8be13193a5b56edc26e7df7842e24cd0b5eb0605ada7bda83ac6a2b80d7e314040fa47ff16b83bac85cedb014451bb7ce71a';
  assert.equal(ok(handle({ op: 'hybrid.encrypt', publicKeyset: hk.publicKeyset, plaintext: Buffer.from('Hello, hybrid!').toString('hex'), contextInfo: Buffer.from('context info').toString('hex'), ephemeralPrivateKey: EPH, iv: '0102030405060708090a0b0c' })).ciphertext,
    '010a0b0c0d' + kem + '0102030405060708090a0b0c' + 'c43ff18941e044eb9874c2cc8b95' + '6f3dd0a369b8d0b23fdbfc3ab3d7eb18');
  assert.equal(ok(handle({ op: 'p256.ecdh', privateKey: EPH, publicPoint: '0460fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb67903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299' })).sharedSecret,
    'f48b14fba9257fcc8bc6db57d52eb095344a078473d24c0214f8624509613a57');
  const box = ok(handle({ op: 'keybox.wrap', recipient: pub, coupleId: 'couple-1', questionId: 'q-42', senderUserId: 'alice', recipientUserId: 'bob', keyset: KS, ephemeralPrivateKey: EPH, iv: '0102030405060708090a0b0c' })).value;
  assert.equal(box, 'keybox:v1:AQoLDA0EvXxzuIsum0ztpiAistqL4TGTpbVu3Cbn33hC4kzQtesGBa2nvag6xqK4DX4xQED6R_8WuDushc7bAURRu3znGgECAwQFBgcICQoLDP_bhgfuIGKptayh6IJfzVySIQMiD7ofm_pDGg8Xeqld0WOHW_WaGhvEfh3LPIRHHI9-hxJ_5v_i6vfqyICI93Q0i2JrStdIfMNyBgVdA6BREIpkbJvNRG8q8WVsrbtHMQ6EGsiTvAIu_7CAmxedDVIfmSzIOdEu7ywcUhM');
  assert.equal(ok(handle({ op: 'keybox.unwrap', privateKeyset: hk.privateKeyset, coupleId: 'couple-1', questionId: 'q-42', senderUserId: 'alice', recipientUserId: 'bob', value: box })).keyset, KS);
  assert.equal(handle({ op: 'keybox.unwrap', privateKeyset: hk.privateKeyset, coupleId: 'couple-1', questionId: 'q-42', senderUserId: 'bob', recipientUserId: 'alice', value: box }).error.code, 'authentication_failure');
});

test('canonical-json.md numbers (RFC 8785 Appendix B rows and §5 examples)', () => {
  const cases = { '1e21': '1e+21', '999999999999999999999': '1e+21', '123456789012345680000': '123456789012345680000', '-0': '0', '1e-7': '1e-7',
    '0.000001': '0.000001', '5e-324': '5e-324', '1.7976931348623157e308': '1.7976931348623157e+308', '9.999999999999997e-7': '9.999999999999997e-7',
    '1e-400': '0', '9007199254740993': '9007199254740992', '333333333.33333329': '333333333.3333333', '1E+2': '100', '4.35': '4.35' };
  for (const [input, want] of Object.entries(cases)) {
    assert.equal(Buffer.from(ok(handle({ op: 'canonicalize', json: input })).canonical, 'hex').toString(), want, input);
  }
  assert.equal(Buffer.from(ok(handle({ op: 'canonicalize', json: '{"\\ue000":1,"\\ud800\\udc00":2,"a":3}' })).canonical, 'hex').toString(), '{"a":3,"𐀀":2,"\ue000":1}');
});

test('wordlist copy equals specs/wordlist-v1.txt and its pinned SHA-256; recovery-phrase.md example', () => {
  const copy = readFileSync(new URL('../lib/wordlist-v1.txt', import.meta.url));
  assert.equal(createHash('sha256').update(copy).digest('hex'), 'db75d74eed1c6364830f3e6623e0da4275216a91f1bd43d6a24589ca7fea15e0');
  assert.equal(ok(handle({ op: 'phrase.fromEntropy', entropy: '00010203040506070809' })).phrase, 'acorn album alpine anchor animal apple apron arena arrow artist');
  const n = ok(handle({ op: 'phrase.normalize', input: ' ＡＣＯＲＮ\u3000album\talpine anchor animal apple apron arena arrow ARTIST\n' }));
  assert.equal(n.entropy, '00010203040506070809');
});

test('port.sh: one response per line, CRLF, garbage, ill-formed UTF-8, end of input without LF', () => {
  const input = Buffer.concat([Buffer.from('{"id":1,"op":"info"}\r\nnot json\n{"op":"x","id":"\u00e9"}\n'), Buffer.from([0x7b, 0xc0, 0xaf, 0x7d, 0x0a]), Buffer.from('{"id":2,"op":"phrase.fromEntropy","entropy":"00"}')]);
  const r = spawnSync(fileURLToPath(new URL('../port.sh', import.meta.url)), { input });
  const lines = r.stdout.toString().split('\n');
  assert.equal(lines.pop(), '');
  assert.equal(lines.length, 5);
  assert.equal(JSON.parse(lines[0]).id, 1);
  assert.equal(lines[1], '{"error":{"code":"malformed_request","detail":"harness.malformed_request","message":"request is not valid JSON: json: bare word of 3 letters at offset 0 is not true, false or null"},"id":null,"ok":false}');
  assert.equal(JSON.parse(lines[2]).error.code, 'unknown_op');
  assert.equal(JSON.parse(lines[3]).error.code, 'malformed_request');
  assert.equal(JSON.parse(lines[4]).error.detail, 'phrase.invalid_entropy_length');
});

test('payback: no name from nameToExistingId in an error message (manual §6, specs/profiles/payback/import.md)', () => {
  const r = handle({ op: 'payback.remapImport', import: {}, memberIdMapping: {}, nameToExistingId: [{ name: 'Alice Smith', id: 5 }], newMemberIds: [], newGroupIds: [] });
  assert.equal(r.ok, false);
  assert.equal(r.error.detail, 'harness.malformed_request');
  assert.ok(!JSON.stringify(r).includes('Alice'), JSON.stringify(r));
});

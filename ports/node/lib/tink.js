// AES-GCM, Tink AEAD framing and key selection, HKDF-SHA256, Tink hybrid ECIES.
// Normative: specs/tink-aead.md, specs/tink-hybrid.md.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { fail } from './errors.js';
import { concat, bytesEqual } from './encoding.js';
import { PREFIX, hexId } from './keyset.js';
import { pointFromUncompressed, sharedSecret, uncompressed } from './p256.js';

/** @param {number} n */
export const systemRandom = (n) => new Uint8Array(randomBytes(n));

/** @param {Uint8Array} key */
function gcmName(key) {
  if (key.length !== 16 && key.length !== 32) fail('keyset.invalid_key_size', `AES-GCM key must be 16 or 32 bytes, got ${key.length}`);
  return key.length === 16 ? 'aes-128-gcm' : 'aes-256-gcm';
}

/** AES-GCM seal: `ct || tag` (no IV). @param {Uint8Array} key @param {Uint8Array} iv @param {Uint8Array} plaintext @param {Uint8Array} aad */
export function gcmSealRaw(key, iv, plaintext, aad) {
  if (iv.length !== 12) fail('aesgcm.invalid_iv', `AES-GCM IV must be 12 bytes, got ${iv.length}`);
  const c = createCipheriv(gcmName(key), key, iv);
  if (aad.length > 0) c.setAAD(aad);
  return concat(new Uint8Array(c.update(plaintext)), new Uint8Array(c.final()), new Uint8Array(c.getAuthTag()));
}

/** AES-GCM open of `ct || tag`. @param {Uint8Array} key @param {Uint8Array} iv @param {Uint8Array} sealed @param {Uint8Array} aad */
export function gcmOpenRaw(key, iv, sealed, aad) {
  if (iv.length !== 12) fail('aesgcm.invalid_iv', `AES-GCM IV must be 12 bytes, got ${iv.length}`);
  if (sealed.length < 16) fail('aesgcm.too_short', `AES-GCM input is ${sealed.length} bytes; a 16-byte tag is needed`);
  const name = gcmName(key);
  try {
    const d = createDecipheriv(name, key, iv, { authTagLength: 16 });
    if (aad.length > 0) d.setAAD(aad);
    d.setAuthTag(sealed.subarray(sealed.length - 16));
    return concat(new Uint8Array(d.update(sealed.subarray(0, sealed.length - 16))), new Uint8Array(d.final()));
  } catch {
    return fail('aesgcm.authentication_failed', 'AES-GCM tag did not verify');
  }
}

/** `IV || ct || tag`. @param {Uint8Array} key @param {Uint8Array} iv @param {Uint8Array} pt @param {Uint8Array} aad */
export const gcmSeal = (key, iv, pt, aad) => concat(iv, gcmSealRaw(key, iv, pt, aad));

/** Opens `IV || ct || tag`. @param {Uint8Array} key @param {Uint8Array} sealed @param {Uint8Array} aad */
export function gcmOpen(key, sealed, aad) {
  if (sealed.length < 28) fail('aesgcm.too_short', `AES-GCM input is ${sealed.length} bytes; at least 28 needed`);
  gcmName(key);
  return gcmOpenRaw(key, sealed.subarray(0, 12), sealed.subarray(12), aad);
}

/** HKDF-SHA256 (empty salt = 32 zero bytes). @param {Uint8Array} ikm @param {Uint8Array} salt @param {Uint8Array} info @param {number} length */
export function hkdfSha256(ikm, salt, info, length) {
  if (!(length >= 0 && length <= 8160)) fail('hkdf.invalid_length', `HKDF-SHA256 output length ${length} is outside 0...8160`);
  if (length === 0) return new Uint8Array(0);
  return new Uint8Array(hkdfSync('sha256', ikm, salt, info, length));
}

/** Tink AEAD encrypt with the primary. @param {import('./keyset.js').PrimitiveKeyset} ks @param {Uint8Array} pt @param {Uint8Array} aad @param {Uint8Array} iv */
export function aeadEncrypt(ks, pt, aad, iv) {
  return concat(ks.primary.prefix, gcmSeal(ks.primary.key.keyValue, iv, pt, aad));
}

/** Tink's key selection: prefix-matching ENABLED non-RAW keys on bytes 5…, then RAW keys on all. @param {import('./keyset.js').PrimitiveKeyset} ks @param {Uint8Array} ct @param {Uint8Array} aad */
export function aeadDecrypt(ks, ct, aad) {
  let tried = 0;
  if (ct.length > 5) {
    const head = ct.subarray(0, 5);
    for (const e of ks.entries) {
      if (e.outputPrefixType === PREFIX.RAW || !bytesEqual(e.prefix, head)) continue;
      tried++;
      try { return gcmOpen(e.key.keyValue, ct.subarray(5), aad); } catch { /* next candidate */ }
    }
  }
  for (const e of ks.entries) {
    if (e.outputPrefixType !== PREFIX.RAW) continue;
    tried++;
    try { return gcmOpen(e.key.keyValue, ct, aad); } catch { /* next candidate */ }
  }
  if (tried === 0 && ct.length >= 5 && (ct[0] === 0 || ct[0] === 1)) {
    const id = ((ct[1] << 24) | (ct[2] << 16) | (ct[3] << 8) | ct[4]) >>> 0;
    fail('aead.decryption_failed', `decryption failed: Tink prefix key id ${hexId(id)} matches no key in the keyset`);
  }
  return fail('aead.decryption_failed', `decryption failed: ${tried} candidate key(s) did not authenticate the ciphertext`);
}

/** @param {Uint8Array} kem @param {Uint8Array} shared @param {Uint8Array} info */
export const demKey = (kem, shared, info) => hkdfSha256(concat(kem, shared), new Uint8Array(0), info, 16);

/**
 * Hybrid encrypt to the primary with an ephemeral scalar and IV.
 * @param {import('./keyset.js').PrimitiveKeyset} pub @param {Uint8Array} pt @param {Uint8Array} info
 * @param {import('./p256.js').P256Scalar} eph @param {Uint8Array} iv
 */
export function hybridEncrypt(pub, pt, info, eph, iv) {
  const kem = uncompressed(eph.publicPoint);
  const shared = sharedSecret(eph, pub.primary.key.point);
  const sealed = gcmSeal(demKey(kem, shared, info), iv, pt, new Uint8Array(0));
  return concat(pub.primary.prefix, kem, sealed);
}

/** Hybrid decrypt; every failure is `hybrid.decryption_failed`. @param {import('./keyset.js').PrimitiveKeyset} priv @param {Uint8Array} ct @param {Uint8Array} info */
export function hybridDecrypt(priv, ct, info) {
  let reason = 'no key in the keyset matches the ciphertext prefix';
  /** @type {[any, Uint8Array][]} */
  const candidates = [];
  if (ct.length > 5) {
    const head = ct.subarray(0, 5);
    for (const e of priv.entries) if (e.outputPrefixType !== PREFIX.RAW && bytesEqual(e.prefix, head)) candidates.push([e, ct.subarray(5)]);
    if (candidates.length === 0 && (ct[0] === 0 || ct[0] === 1)) {
      reason = `Tink prefix key id ${hexId(((ct[1] << 24) | (ct[2] << 16) | (ct[3] << 8) | ct[4]) >>> 0)} matches no key in the keyset`;
    }
  }
  for (const e of priv.entries) if (e.outputPrefixType === PREFIX.RAW) candidates.push([e, ct]);
  for (const [e, body] of candidates) {
    if (body.length < 65 + 28) { reason = 'ciphertext is too short for KEM, IV and tag'; continue; }
    const kem = body.subarray(0, 65);
    try {
      const point = pointFromUncompressed(kem);
      const shared = sharedSecret(e.key.scalar, point);
      return gcmOpen(demKey(kem, shared, info), body.subarray(65), new Uint8Array(0));
    } catch (err) {
      reason = /** @type {any} */ (err).code?.startsWith('p256.') ? 'KEM point is invalid' : 'DEM tag did not verify (wrong key, context info or tampering)';
    }
  }
  return fail('hybrid.decryption_failed', `decryption failed: ${reason}`);
}

// The Closer wire values: enc:v1, sealed:v1, sha256:, pub:v1, keybox:v1, and their bindings.
// Normative: specs/enc-v1.md, sealed-v1.md, commitment.md, pub-v1.md, keybox-v1.md.
import { createHash, timingSafeEqual } from 'node:crypto';
import { fail } from './errors.js';
import { base64Decode, base64Encode, utf8Encode, utf8DecodeStrict, bytesEqual } from './encoding.js';
import { readKeyset, PREFIX, prefixName } from './keyset.js';
import { aeadEncrypt, aeadDecrypt, hybridEncrypt, hybridDecrypt } from './tink.js';
import { parseJSON, canonicalBytes } from './json.js';

/** @typedef {'enc'|'sealed'|'keybox'|'commitment'|'pub'} WireKind */
export const WIRE = {
  enc: { prefix: 'enc:v1:', profile: /** @type {const} */ ('b64'), min: 33 },
  sealed: { prefix: 'sealed:v1:', profile: /** @type {const} */ ('b64url'), min: 33 },
  keybox: { prefix: 'keybox:v1:', profile: /** @type {const} */ ('b64url'), min: 98 },
  commitment: { prefix: 'sha256:', profile: /** @type {const} */ ('b64url'), min: 32 },
  pub: { prefix: 'pub:v1:', profile: /** @type {const} */ ('b64url'), min: 1 },
};

/** Keyless parse of a wire string: prefix, strict base64, length, Tink prefix byte. @param {string} text @param {WireKind} kind @returns {Uint8Array} */
export function parseWire(text, kind) {
  const w = WIRE[kind];
  if (!text.startsWith(w.prefix)) {
    const other = Object.values(WIRE).find((o) => text.startsWith(o.prefix));
    fail('wire.wrong_prefix', other ? `expected a ${w.prefix} value, found a ${other.prefix} value` : `expected a ${w.prefix} value; the string has no such prefix`);
  }
  const body = base64Decode(text.slice(w.prefix.length), w.profile);
  if (kind === 'commitment') {
    if (body.length !== 32) fail('wire.wrong_length', `sha256: digest is ${body.length} bytes; 32 expected`);
  } else if (kind === 'pub') {
    if (body.length === 0) fail('wire.too_short', 'pub:v1: body is empty');
  } else {
    if (body.length < w.min) fail('wire.too_short', `${w.prefix} body is ${body.length} bytes; at least ${w.min} expected`);
    if (body[0] !== 0x01) fail('wire.wrong_tink_prefix', `${w.prefix} body starts with 0x${body[0].toString(16)}; a Tink TINK prefix (0x01) is expected`);
  }
  return body;
}

/** Joins checked binding components with `|`. @param {[string, string][]} components (name, value) @returns {Uint8Array} */
export function bindingJoin(components) {
  for (const [name, value] of components) {
    if (value.length === 0) fail('binding.empty_component', `${name} is empty; binding components must be non-empty`);
    if (value.includes('|')) fail('binding.separator_in_component', `${name} contains '|', the component separator`);
  }
  return utf8Encode(components.map((c) => c[1]).join('|'));
}

/** @param {import('./keyset.js').PrimitiveKeyset} ks @param {string} prefix */
function requireTinkPrimary(ks, prefix) {
  if (ks.primary.outputPrefixType !== PREFIX.TINK) {
    fail('wire.primary_not_tink', `${prefix} values are written with a TINK-prefixed primary key; this primary is ${prefixName(ks.primary.outputPrefixType)}`);
  }
}

/** @param {import('./keyset.js').PrimitiveKeyset} ks @param {string} coupleId @param {string} text @param {Uint8Array} iv */
export function encSeal(ks, coupleId, text, iv) {
  const aad = bindingJoin([['coupleId', coupleId]]);
  requireTinkPrimary(ks, 'enc:v1:');
  return 'enc:v1:' + base64Encode(aeadEncrypt(ks, utf8Encode(text), aad, iv), 'b64');
}

/** @param {import('./keyset.js').PrimitiveKeyset} ks @param {string} coupleId @param {string} value */
export function encOpen(ks, coupleId, value) {
  const aad = bindingJoin([['coupleId', coupleId]]);
  const body = parseWire(value, 'enc');
  const text = utf8DecodeStrict(aeadDecrypt(ks, body, aad));
  if (text === null) fail('enc.plaintext_not_utf8', 'enc:v1: plaintext is not valid UTF-8');
  return text;
}

/** `sha256:` + b64url(SHA-256(bytes)). @param {Uint8Array} canonical */
export const commitmentOf = (canonical) => 'sha256:' + base64Encode(sha256(canonical), 'b64url');
/** @param {Uint8Array} b */
const sha256 = (b) => new Uint8Array(createHash('sha256').update(b).digest());

/** @param {string} c @param {string} q @param {string} u */
export const sealedAAD = (c, q, u) => bindingJoin([['coupleId', c], ['questionId', q], ['userId', u]]);
/** @param {string} c @param {string} q @param {string} s @param {string} r */
export const keyboxContext = (c, q, s, r) => bindingJoin([['coupleId', c], ['questionId', q], ['senderUserId', s], ['recipientUserId', r]]);

/** Checks the sealed payload's members (sealed-v1.md §Payload). @param {any} json */
export function checkSealedPayload(json) {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) fail('sealed.payload_not_object', 'sealed payload must be a JSON object');
  for (const name of ['coupleId', 'questionId', 'userId', 'nonce']) {
    if (!Object.hasOwn(json, name) || typeof json[name] !== 'string') fail('sealed.payload_missing_member', `sealed payload lacks the string member "${name}"`);
  }
  let nonce;
  try { nonce = base64Decode(json.nonce, 'b64url'); } catch { fail('sealed.payload_invalid_nonce', 'sealed payload nonce is not b64url'); }
  if (nonce.length !== 16) fail('sealed.payload_invalid_nonce', `sealed payload nonce is ${nonce.length} bytes; 16 required`);
  return json;
}

/** Payload ids equal the binding's, byte for byte. @param {any} payload @param {[string, string, string]} ids */
function checkIds(payload, ids) {
  const names = ['coupleId', 'questionId', 'userId'];
  names.forEach((n, k) => {
    if (payload[n] !== ids[k]) fail('sealed.binding_mismatch', `payload ${n} differs from the AAD's ${n}`);
  });
}

/** @param {import('./keyset.js').PrimitiveKeyset} ks @param {[string, string, string]} ids @param {any} payload checked payload @param {Uint8Array} iv */
export function sealedSeal(ks, ids, payload, iv) {
  checkIds(payload, ids);
  requireTinkPrimary(ks, 'sealed:v1:');
  const canonical = canonicalBytes(payload);
  const body = aeadEncrypt(ks, canonical, sealedAAD(...ids), iv);
  return { value: 'sealed:v1:' + base64Encode(body, 'b64url'), commitment: commitmentOf(canonical) };
}

/** The reveal, in the order of sealed-v1.md. @param {import('./keyset.js').PrimitiveKeyset} ks @param {[string, string, string]} ids @param {string} value @param {Uint8Array} digest */
export function sealedOpen(ks, ids, value, digest) {
  const aad = sealedAAD(...ids);
  const body = parseWire(value, 'sealed');
  const plaintext = aeadDecrypt(ks, body, aad);
  const json = parseJSON(plaintext);
  let canonical = null;
  try { canonical = canonicalBytes(json); } catch { /* not canonical */ }
  if (canonical === null || !bytesEqual(canonical, plaintext)) fail('sealed.non_canonical_payload', 'sealed payload bytes are not RFC 8785 canonical JSON');
  if (!timingSafeEqual(sha256(plaintext), digest)) fail('sealed.commitment_mismatch', 'payload does not match the sha256: commitment');
  checkSealedPayload(json);
  checkIds(json, ids);
  return plaintext;
}

/** pub:v1 decode: wire, keyset, TINK primary. @param {string} value */
export function pubDecode(value) {
  const body = parseWire(value, 'pub');
  const ks = readKeyset(body, 'hybridPublic');
  if (ks.primary.outputPrefixType !== PREFIX.TINK) fail('pub.wrong_output_prefix', `pub:v1: primary key has output prefix ${prefixName(ks.primary.outputPrefixType)}; TINK is required`);
  return { keyset: ks, body };
}

/** @param {Uint8Array} publicKeyset */
export function pubEncode(publicKeyset) {
  // The bytes are a keyset, not a value's body: none is a keyset with no keys (specs/pub-v1.md, D-WIRE-28).
  if (publicKeyset.length === 0) fail('keyset.empty', 'keyset has no keys');
  const value = 'pub:v1:' + base64Encode(publicKeyset, 'b64url');
  pubDecode(value);
  return value;
}

/** @param {import('./keyset.js').PrimitiveKeyset} recipient @param {Uint8Array} context @param {import('./keyset.js').PrimitiveKeyset} oneTime @param {import('./p256.js').P256Scalar} eph @param {Uint8Array} iv */
export function keyboxWrap(recipient, context, oneTime, eph, iv) {
  if (recipient.primary.outputPrefixType !== PREFIX.TINK) fail('pub.wrong_output_prefix', 'keybox recipients need a TINK-prefixed primary key');
  return 'keybox:v1:' + base64Encode(hybridEncrypt(recipient, oneTime.bytes, context, eph, iv), 'b64url');
}

/** @param {import('./keyset.js').PrimitiveKeyset} priv @param {Uint8Array} context @param {string} value */
export function keyboxUnwrap(priv, context, value) {
  const body = parseWire(value, 'keybox');
  const plaintext = hybridDecrypt(priv, body, context);
  return readKeyset(plaintext, 'aead');
}

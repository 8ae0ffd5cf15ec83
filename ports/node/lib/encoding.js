// Strict hex and base64 (b64, b64url). Normative: specs/encodings.md.
import { fail } from './errors.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const INVALID = 0xff, OTHER = 0xfe, PAD = 0xfd;

/** @typedef {'b64'|'b64url'} Base64Profile */

/** @param {Base64Profile} profile */
function table(profile) {
  const t = new Uint8Array(256).fill(INVALID);
  for (let i = 0; i < 64 - 2; i++) t[LETTERS.charCodeAt(i)] = i;
  const [c62, c63, o62, o63] = profile === 'b64' ? '+/-_' : '-_+/';
  t[c62.charCodeAt(0)] = 62;
  t[c63.charCodeAt(0)] = 63;
  t[o62.charCodeAt(0)] = OTHER;
  t[o63.charCodeAt(0)] = OTHER;
  t[0x3d] = PAD;
  return t;
}
const TABLES = { b64: table('b64'), b64url: table('b64url') };
const SYMBOLS = { b64: LETTERS + '+/', b64url: LETTERS + '-_' };

/**
 * Canonical encoding in a profile (b64 padded, b64url unpadded).
 * @param {Uint8Array} bytes @param {Base64Profile} profile @returns {string}
 */
export function base64Encode(bytes, profile) {
  const s = SYMBOLS[profile];
  let out = '';
  let i = 0;
  for (; i + 3 <= bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += s[(n >> 18) & 63] + s[(n >> 12) & 63] + s[(n >> 6) & 63] + s[n & 63];
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = (bytes[i] << 16) | (rest === 2 ? bytes[i + 1] << 8 : 0);
    out += s[(n >> 18) & 63] + s[(n >> 12) & 63];
    if (rest === 2) out += s[(n >> 6) & 63];
    if (profile === 'b64') out += rest === 2 ? '=' : '==';
  }
  return out;
}

/** @param {number} c */
function describe(c) {
  if (c >= 0x21 && c < 0x7f) return `character '${String.fromCharCode(c)}'`;
  if (c === 0x20) return 'space';
  return `byte 0x${c.toString(16)}`;
}

/**
 * Strict decoding, checks in the order of encodings.md (the first failing check names the error).
 * @param {string} text @param {Base64Profile} profile @returns {Uint8Array}
 */
export function base64Decode(text, profile) {
  const input = new TextEncoder().encode(text);
  const t = TABLES[profile];
  let body = input.length;
  while (body > 0 && input[body - 1] === 0x3d) body--;
  const pad = input.length - body;
  for (let off = 0; off < body; off++) {
    const v = t[input[off]];
    if (v < 64) continue;
    if (v === OTHER) fail('b64.wrong_alphabet', `${profile}: character at offset ${off} belongs to the other base64 alphabet`);
    if (v === PAD) fail('b64.invalid_padding', `${profile}: '=' at offset ${off} is not at the end`);
    fail('b64.invalid_character', `${profile}: ${describe(input[off])} at offset ${off} is not in the alphabet`);
  }
  const rem = body % 4;
  if (rem === 1) fail('b64.invalid_length', `${profile}: ${body} symbols cannot encode whole bytes`);
  if (profile === 'b64url') {
    if (pad > 0) fail('b64.invalid_padding', `${profile}: padding '=' is not allowed`);
  } else {
    const expected = rem === 0 ? 0 : 4 - rem;
    if (pad !== expected) fail('b64.invalid_padding', `${profile}: expected ${expected} '=' padding character(s), found ${pad}`);
  }
  const full = Math.floor(body / 4);
  const out = new Uint8Array(full * 3 + (rem === 0 ? 0 : rem - 1));
  let i = 0, o = 0;
  for (; i + 4 <= body; i += 4) {
    const n = (t[input[i]] << 18) | (t[input[i + 1]] << 12) | (t[input[i + 2]] << 6) | t[input[i + 3]];
    out[o++] = (n >> 16) & 0xff; out[o++] = (n >> 8) & 0xff; out[o++] = n & 0xff;
  }
  if (rem >= 2) {
    const a = t[input[i]], b = t[input[i + 1]];
    if (rem === 2) {
      if (b & 0x0f) fail('b64.non_canonical_trailing_bits', `${profile}: non-canonical trailing bits`);
      out[o] = ((a << 2) | (b >> 4)) & 0xff;
    } else {
      const c = t[input[i + 2]];
      if (c & 0x03) fail('b64.non_canonical_trailing_bits', `${profile}: non-canonical trailing bits`);
      out[o] = ((a << 2) | (b >> 4)) & 0xff;
      out[o + 1] = (((b & 0x0f) << 4) | (c >> 2)) & 0xff;
    }
  }
  return out;
}

/** Lowercase hex. @param {Uint8Array} bytes @returns {string} */
export function hexEncode(bytes) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/** Hex of either case; odd length or a non-hex character → `hex.invalid`. @param {string} text @returns {Uint8Array} */
export function hexDecode(text) {
  if (text.length % 2 !== 0) fail('hex.invalid', `hex: odd length ${text.length}`);
  if (!/^[0-9a-fA-F]*$/.test(text)) fail('hex.invalid', 'hex: non-hex character');
  return new Uint8Array(Buffer.from(text, 'hex'));
}

/** @param {...Uint8Array} parts @returns {Uint8Array} */
export function concat(...parts) {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
}

/** @param {Uint8Array} a @param {Uint8Array} b */
export function bytesEqual(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** Strict UTF-8 (Unicode Table 3-7) decoding, keeping a leading U+FEFF; null when ill-formed. @param {Uint8Array} bytes @returns {string|null} */
export function utf8DecodeStrict(bytes) {
  try { return STRICT_UTF8.decode(bytes); } catch { return null; }
}

/** @param {string} s @returns {Uint8Array} */
export function utf8Encode(s) { return new TextEncoder().encode(s); }

// P-256 points and scalars as Tink stores them, checked explicitly with BigInt arithmetic
// before node:crypto sees them. Normative: specs/tink-hybrid.md §"Points and scalars".
import { createECDH } from 'node:crypto';
import { fail } from './errors.js';
import { concat, bytesEqual } from './encoding.js';

export const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
export const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

/** @param {Uint8Array} b */
function toBig(b) {
  let v = 0n;
  for (const x of b) v = (v << 8n) | BigInt(x);
  return v;
}
/** @param {bigint} v @param {number} n */
function toBytes(v, n) {
  const out = new Uint8Array(n);
  for (let i = n - 1; i >= 0; i--) { out[i] = Number(v & 0xffn); v >>= 8n; }
  return out;
}

/**
 * Strips leading zeros; at most 32 significant bytes and below `bound`; left-pads to 32.
 * @param {Uint8Array} bytes @param {bigint} bound @param {string} code @param {string} what
 */
function fixed32(bytes, bound, code, what) {
  let k = 0;
  while (k < bytes.length && bytes[k] === 0) k++;
  const sig = bytes.subarray(k);
  if (sig.length > 32) fail(code, `${what} has ${sig.length} significant bytes; at most 32`);
  const v = toBig(sig);
  if (v >= bound) fail(code, `${what} is not below the P-256 ${bound === P ? 'field prime' : 'group order'}`);
  return { value: v, bytes: toBytes(v, 32) };
}

/** A validated public point: 32-byte coordinates. @typedef {{x: Uint8Array, y: Uint8Array}} P256Point */

/**
 * A point from Tink coordinates of any length: range, then the curve equation
 * (y² = x³ − 3x + b mod p; the identity and (0,0) fail it).
 * @param {Uint8Array} xb @param {Uint8Array} yb @returns {P256Point}
 */
export function pointFromCoordinates(xb, yb) {
  const x = fixed32(xb, P, 'p256.coordinate_out_of_range', 'x coordinate');
  const y = fixed32(yb, P, 'p256.coordinate_out_of_range', 'y coordinate');
  const lhs = (y.value * y.value) % P;
  const rhs = (((x.value * x.value) % P) * x.value - 3n * x.value + B) % P;
  if (lhs !== ((rhs % P) + P) % P) fail('p256.not_on_curve', 'point is not on P-256');
  return { x: x.bytes, y: y.bytes };
}

/** `04 || X || Y`, 65 bytes, or `p256.invalid_point_encoding`. @param {Uint8Array} b @returns {P256Point} */
export function pointFromUncompressed(b) {
  if (b.length !== 65 || b[0] !== 0x04) {
    fail('p256.invalid_point_encoding', `expected a 65-byte uncompressed point starting 04, got ${b.length} bytes`);
  }
  return pointFromCoordinates(b.subarray(1, 33), b.subarray(33));
}

/** @param {P256Point} p */
export const uncompressed = (p) => concat(Uint8Array.of(4), p.x, p.y);

/** @param {P256Point} a @param {P256Point} b */
export const pointsEqual = (a, b) => bytesEqual(a.x, b.x) && bytesEqual(a.y, b.y);

/** A validated scalar: d (32 bytes, 0 < d < n) and d·G. @typedef {{d: Uint8Array, publicPoint: P256Point}} P256Scalar */

/** A scalar from any-length big-endian bytes. @param {Uint8Array} bytes @returns {P256Scalar} */
export function scalarFrom(bytes) {
  const d = fixed32(bytes, N, 'p256.scalar_out_of_range', 'private scalar');
  if (d.value === 0n) fail('p256.scalar_out_of_range', 'private scalar is zero');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d.bytes);
  const pub = new Uint8Array(ecdh.getPublicKey());
  return { d: d.bytes, publicPoint: { x: pub.slice(1, 33), y: pub.slice(33, 65) } };
}

/** ECDH: the 32-byte x of d·point (leading zeros kept). @param {P256Scalar} s @param {P256Point} point */
export function sharedSecret(s, point) {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(s.d);
  try {
    return new Uint8Array(ecdh.computeSecret(uncompressed(point)));
  } catch {
    return fail('p256.not_on_curve', 'ECDH refused the point');
  }
}

/** A fresh scalar from the CSPRNG. @param {(n: number) => Uint8Array} random */
export function generateScalar(random) {
  for (;;) {
    const b = random(32);
    const v = toBig(b);
    if (v > 0n && v < N) return scalarFrom(b);
  }
}

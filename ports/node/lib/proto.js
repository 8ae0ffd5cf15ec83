// A strict protobuf wire reader and Tink's canonical writer. Normative: specs/tink-keyset.md
// §"Protobuf wire rules" and §"Canonical writer".
import { fail } from './errors.js';
import { utf8DecodeStrict, concat } from './encoding.js';

/**
 * One field as read from the wire.
 * @typedef {{number: number, wireType: 0|1|2|5, varint?: bigint, bytes?: Uint8Array}} ProtoField
 */

/** Wire types of the known fields: varint (uint32, enum) and length-delimited (string, bytes, message). */
export const VARINT = 0;
export const LEN = 2;

/**
 * The known fields of one message in wire order. The whole message is scanned first, so a
 * structural fault anywhere beats anything its fields hold. Unknown fields, groups included, are
 * skipped; so is a known field written with another wire type (tink-keyset.md §"Protobuf wire
 * rules": protobuf's parsers treat it as an unknown field).
 * @param {Uint8Array} bytes @param {string} message name for reasons
 * @param {Record<number, number>} schema field number → its wire type
 * @returns {ProtoField[]}
 */
export function protoFields(bytes, message, schema) {
  const r = new Reader(bytes, message);
  const out = [];
  for (let f = r.next(); f !== null; f = r.next()) {
    if (schema[f.number] === f.wireType) out.push(f);
  }
  return out;
}

class Reader {
  /** @param {Uint8Array} b @param {string} m */
  constructor(b, m) { this.b = b; this.i = 0; this.m = m; }

  /** @returns {ProtoField|null} */
  next() {
    const b = this.b;
    while (this.i < b.length) {
      const tag = this.varint();
      const wt = Number(tag & 7n);
      const num = tag >> 3n;
      if (num < 1n || num > 0x1fffffffn) fail('proto.invalid_tag', `${this.m}: field number ${num} is out of range`);
      const number = Number(num);
      switch (wt) {
        case 0: return { number, wireType: 0, varint: this.varint() };
        case 1: this.fixed(8); return { number, wireType: 1 };
        case 2: {
          const len = this.varint();
          if (len > BigInt(b.length - this.i)) fail('proto.truncated', `${this.m} field ${number}: length ${len} runs past the end`);
          const start = this.i;
          this.i += Number(len);
          return { number, wireType: 2, bytes: b.subarray(start, this.i) };
        }
        case 3: this.skipGroup(num, 1); continue;
        case 4: fail('proto.invalid_tag', `${this.m}: end-group tag without a start`);
        // falls through (fail never returns)
        case 5: this.fixed(4); return { number, wireType: 5 };
        default: fail('proto.invalid_wire_type', `${this.m}: wire type ${wt} does not exist`);
      }
    }
    return null;
  }

  /** @param {bigint} number @param {number} depth */
  skipGroup(number, depth) {
    if (depth > 64) fail('proto.too_deep', `${this.m}: groups nested deeper than 64`);
    const b = this.b;
    while (this.i < b.length) {
      const tag = this.varint();
      const wt = Number(tag & 7n);
      const inner = tag >> 3n;
      if (inner < 1n || inner > 0x1fffffffn) fail('proto.invalid_tag', `${this.m}: field number ${inner} in group ${number} is out of range`);
      switch (wt) {
        case 0: this.varint(); break;
        case 1: this.fixed(8); break;
        case 2: {
          const len = this.varint();
          if (len > BigInt(b.length - this.i)) fail('proto.truncated', `${this.m}: group member runs past the end`);
          this.i += Number(len);
          break;
        }
        case 3: this.skipGroup(inner, depth + 1); break;
        case 4:
          if (inner !== number) fail('proto.invalid_tag', `${this.m}: end-group ${inner} closes group ${number}`);
          return;
        case 5: this.fixed(4); break;
        default: fail('proto.invalid_wire_type', `${this.m}: wire type ${wt} does not exist`);
      }
    }
    fail('proto.truncated', `${this.m}: group ${number} is not closed`);
  }

  /** @returns {bigint} */
  varint() {
    let result = 0n;
    let shift = 0n;
    for (let count = 0; count < 10; count++) {
      if (this.i >= this.b.length) fail('proto.truncated', `${this.m}: varint runs past the end`);
      const x = this.b[this.i++];
      if (count === 9 && x > 1) fail('proto.invalid_varint', `${this.m}: varint overflows 64 bits`);
      result |= BigInt(x & 0x7f) << shift;
      if ((x & 0x80) === 0) return result;
      shift += 7n;
    }
    return fail('proto.invalid_varint', `${this.m}: varint longer than 10 bytes`);
  }

  /** @param {number} n */
  fixed(n) {
    if (this.b.length - this.i < n) fail('proto.truncated', `${this.m}: fixed${n * 8} runs past the end`);
    this.i += n;
  }
}

// The accessors below take fields protoFields kept, so the wire type is the one they read.

/** A uint32/enum field: low 32 bits of a varint. @param {ProtoField} f @param {string} _m @returns {number} */
export function fieldUint32(f, _m) {
  return Number(/** @type {bigint} */ (f.varint) & 0xffffffffn);
}

/** @param {ProtoField} f @param {string} _m @returns {Uint8Array} */
export function fieldBytes(f, _m) {
  return /** @type {Uint8Array} */ (f.bytes);
}

/** @param {ProtoField} f @param {string} m @returns {string} */
export function fieldString(f, m) {
  const s = utf8DecodeStrict(fieldBytes(f, m));
  if (s === null) fail('proto.invalid_utf8', `${m}.${f.number}: string field is not valid UTF-8`);
  return s;
}

/** Tink's canonical writer: fields in number order, defaults left out, messages always written. */
export class ProtoWriter {
  constructor() { /** @type {number[]} */ this.out = []; }
  /** @param {number} v */
  raw(v) {
    let x = BigInt(v);
    while (x >= 0x80n) { this.out.push(Number(x & 0x7fn) | 0x80); x >>= 7n; }
    this.out.push(Number(x));
  }
  /** @param {number} number @param {number} value */
  varint(number, value) { if (value !== 0) { this.raw(number * 8); this.raw(value); } return this; }
  /** @param {number} number @param {Uint8Array} value */
  bytes(number, value) { if (value.length > 0) this.message(number, value); return this; }
  /** @param {number} number @param {Uint8Array} value */
  message(number, value) { this.raw(number * 8 + 2); this.raw(value.length); for (const x of value) this.out.push(x); return this; }
  /** @param {number} number @param {string} value */
  string(number, value) { return this.bytes(number, new TextEncoder().encode(value)); }
  done() { return Uint8Array.from(this.out); }
}

export { concat };

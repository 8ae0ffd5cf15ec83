// Strict I-JSON parser and RFC 8785 serializer. Normative: specs/canonical-json.md.
// JSON.parse is not strict enough (duplicate names, lone surrogates, BOM, depth, overflow),
// so this is a parser of its own. Numbers are formatted by JavaScript itself (String(x)),
// which IS ECMAScript Number::toString, the reference of RFC 8785 §3.2.2.3.
import { fail } from './errors.js';
import { utf8DecodeStrict, utf8Encode } from './encoding.js';

/** @typedef {null|boolean|number|string|JSONValue[]|{[name: string]: JSONValue}} JSONValue */

export const MAXIMUM_DEPTH = 1000;

/**
 * Parses bytes as strict I-JSON. Objects are null-prototype objects.
 * @param {Uint8Array} bytes @returns {JSONValue}
 */
export function parseJSON(bytes) {
  if (bytes.length === 0) fail('json.empty_input', 'json: the input is empty');
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    fail('json.byte_order_mark', 'json: the input starts with a UTF-8 byte order mark');
  }
  const text = utf8DecodeStrict(bytes);
  if (text === null) fail('json.invalid_utf8', 'json: the input is not well-formed UTF-8');
  return parseJSONText(text);
}

/**
 * Parses an already-decoded, well-formed string (positions in UTF-16 code units).
 * Structural characters are ASCII, so this reads exactly as a byte parser would.
 * @param {string} text @returns {JSONValue}
 */
export function parseJSONText(text) {
  const p = new Parser(text);
  p.ws();
  if (p.i === text.length) fail('json.empty_input', 'json: the input contains only whitespace');
  const v = p.value(0);
  p.ws();
  if (p.i !== text.length) fail('json.trailing_data', `json: unexpected data after the value at offset ${p.i}`);
  return v;
}

/** @param {number} c */
const isLetter = (c) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
/** @param {number} c */
const isDigit = (c) => c >= 0x30 && c <= 0x39;

class Parser {
  /** @param {string} s */
  constructor(s) { this.s = s; this.i = 0; }
  peek() { return this.i < this.s.length ? this.s.charCodeAt(this.i) : -1; }
  ws() {
    const s = this.s;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) this.i++; else return;
    }
  }
  /** @param {string} what @returns {never} */
  end(what) { return fail('json.unexpected_end', `json: input ends at offset ${this.i} where ${what} was expected`); }
  /** @param {string} what @returns {never} */
  unexpected(what) { return fail('json.unexpected_character', `json: unexpected character at offset ${this.i}; expected ${what}`); }

  /** @param {number} depth containers open around this value @returns {JSONValue} */
  value(depth) {
    this.ws();
    const c = this.peek();
    if (c === -1) this.end('a value');
    if (c === 0x5b || c === 0x7b) {
      if (depth >= MAXIMUM_DEPTH) fail('json.too_deep', `json: nesting deeper than ${MAXIMUM_DEPTH} arrays/objects at offset ${this.i}`);
      return c === 0x5b ? this.array(depth + 1) : this.object(depth + 1);
    }
    if (c === 0x22) return this.string();
    if (c === 0x2d || isDigit(c)) return this.number();
    return this.literal();
  }

  /** @param {number} depth */
  array(depth) {
    this.i++;
    /** @type {JSONValue[]} */
    const out = [];
    this.ws();
    if (this.peek() === 0x5d) { this.i++; return out; }
    for (;;) {
      out.push(this.value(depth));
      this.ws();
      const c = this.peek();
      if (c === -1) this.end("',' or ']'");
      if (c === 0x2c) { this.i++; continue; }
      if (c !== 0x5d) this.unexpected("',' or ']'");
      this.i++;
      return out;
    }
  }

  /** @param {number} depth */
  object(depth) {
    this.i++;
    /** @type {{[name: string]: JSONValue}} */
    const out = Object.create(null);
    /** NFC form → the name as written, for the duplicate and equivalence checks. */
    const seen = new Map();
    this.ws();
    if (this.peek() === 0x7d) { this.i++; return out; }
    for (;;) {
      this.ws();
      const c = this.peek();
      if (c === -1) this.end('a member name');
      if (c !== 0x22) this.unexpected('a member name in double quotes');
      const offset = this.i;
      const name = this.string();
      const nfc = name.normalize('NFC');
      if (seen.has(nfc)) {
        if (seen.get(nfc) === name) fail('json.duplicate_member', `json: duplicate member name at offset ${offset}`);
        fail('json.equivalent_member_names', `json: member name at offset ${offset} is canonically equivalent to an earlier name`);
      }
      seen.set(nfc, name);
      this.ws();
      const colon = this.peek();
      if (colon === -1) this.end("':'");
      if (colon !== 0x3a) this.unexpected("':'");
      this.i++;
      out[name] = this.value(depth);
      this.ws();
      const next = this.peek();
      if (next === -1) this.end("',' or '}'");
      if (next === 0x2c) { this.i++; continue; }
      if (next !== 0x7d) this.unexpected("',' or '}'");
      this.i++;
      return out;
    }
  }

  /** @returns {string} */
  string() {
    const s = this.s;
    const start = this.i;
    this.i++;
    let out = '';
    let run = this.i;
    for (;;) {
      if (this.i >= s.length) fail('json.unexpected_end', `json: string starting at offset ${start} is not terminated`);
      const c = s.charCodeAt(this.i);
      if (c === 0x22) { out += s.slice(run, this.i); this.i++; return out; }
      if (c < 0x20) fail('json.control_character', `json: unescaped control character at offset ${this.i}`);
      if (c !== 0x5c) { this.i++; continue; }
      out += s.slice(run, this.i);
      out += this.escape();
      run = this.i;
    }
  }

  /** Decodes the escape at `i` (a backslash). @returns {string} */
  escape() {
    const s = this.s;
    const at = this.i;
    if (at + 1 >= s.length) fail('json.unexpected_end', `json: input ends inside the escape at offset ${at}`);
    const letter = s[at + 1];
    this.i += 2;
    switch (letter) {
      case '"': return '"';
      case '\\': return '\\';
      case '/': return '/';
      case 'b': return '\b';
      case 'f': return '\f';
      case 'n': return '\n';
      case 'r': return '\r';
      case 't': return '\t';
      case 'u': {
        const unit = this.hex4(at);
        if (unit >= 0xd800 && unit <= 0xdbff) {
          if (!(this.i + 1 < s.length && s[this.i] === '\\' && s[this.i + 1] === 'u')) {
            fail('json.lone_surrogate', `json: \\u escape at offset ${at}: high surrogate not followed by a low surrogate escape`);
          }
          const lowAt = this.i;
          this.i += 2;
          const low = this.hex4(lowAt);
          if (!(low >= 0xdc00 && low <= 0xdfff)) {
            fail('json.lone_surrogate', `json: \\u escape at offset ${at}: high surrogate not followed by a low surrogate escape`);
          }
          return String.fromCharCode(unit, low);
        }
        if (unit >= 0xdc00 && unit <= 0xdfff) {
          fail('json.lone_surrogate', `json: \\u escape at offset ${at}: low surrogate without a preceding high surrogate`);
        }
        return String.fromCharCode(unit);
      }
      default:
        return fail('json.invalid_escape', `json: invalid escape sequence at offset ${at}`);
    }
  }

  /** @param {number} at */
  hex4(at) {
    let unit = 0;
    for (let k = 0; k < 4; k++) {
      if (this.i >= this.s.length) fail('json.unexpected_end', `json: input ends inside the escape at offset ${at}`);
      const c = this.s.charCodeAt(this.i);
      let d;
      if (c >= 0x30 && c <= 0x39) d = c - 0x30;
      else if (c >= 0x61 && c <= 0x66) d = c - 0x61 + 10;
      else if (c >= 0x41 && c <= 0x46) d = c - 0x41 + 10;
      else fail('json.invalid_escape', `json: \\u escape at offset ${at} needs four hex digits`);
      unit = (unit << 4) | d;
      this.i++;
    }
    return unit;
  }

  number() {
    const s = this.s;
    const start = this.i;
    if (this.peek() === 0x2d) this.i++;
    const c = this.peek();
    if (c === 0x30) {
      this.i++;
      const n = this.peek();
      if (isDigit(n)) fail('json.number_leading_zero', `json: number at offset ${start} has a leading zero`);
      if (n === 0x78 || n === 0x58) fail('json.number_hex', `json: number at offset ${start} is hexadecimal`);
    } else if (c >= 0x31 && c <= 0x39) {
      while (isDigit(this.peek())) this.i++;
    } else if (isLetter(c)) {
      let j = this.i;
      while (j < s.length && isLetter(s.charCodeAt(j))) j++;
      const word = s.slice(this.i, j);
      if (word === 'Infinity' || word === 'NaN') fail('json.non_finite_literal', `json: NaN and Infinity are not JSON (at offset ${start})`);
      fail('json.number_missing_integer_digits', `json: number at offset ${start} has no integer digits`);
    } else {
      fail('json.number_missing_integer_digits', `json: number at offset ${start} has no integer digits`);
    }
    if (this.peek() === 0x2e) {
      this.i++;
      if (!isDigit(this.peek())) fail('json.number_missing_fraction_digits', `json: number at offset ${start} has no digit after '.'`);
      while (isDigit(this.peek())) this.i++;
    }
    if (this.peek() === 0x65 || this.peek() === 0x45) {
      this.i++;
      if (this.peek() === 0x2b || this.peek() === 0x2d) this.i++;
      if (!isDigit(this.peek())) fail('json.number_missing_exponent_digits', `json: number at offset ${start} has no exponent digits`);
      while (isDigit(this.peek())) this.i++;
    }
    // The text matches RFC 8259's grammar; Number() rounds it correctly (ties to even).
    const v = Number(s.slice(start, this.i));
    if (!Number.isFinite(v)) fail('json.number_out_of_range', `json: number at offset ${start} is too large for an IEEE-754 double`);
    return v;
  }

  literal() {
    const s = this.s;
    const start = this.i;
    const c = this.peek();
    if (c === 0x2b) fail('json.number_leading_plus', `json: number at offset ${start} starts with '+'`);
    if (c === 0x2e) fail('json.number_missing_integer_digits', `json: number at offset ${start} has no digit before '.'`);
    let j = start;
    while (j < s.length && isLetter(s.charCodeAt(j))) j++;
    if (j === start) this.unexpected('a value');
    this.i = j;
    const word = s.slice(start, j);
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    if (word === 'NaN' || word === 'Infinity') fail('json.non_finite_literal', `json: NaN and Infinity are not JSON (at offset ${start})`);
    return fail('json.invalid_literal', `json: bare word of ${word.length} letters at offset ${start} is not true, false or null`);
  }
}

/**
 * RFC 8785 text of a value (a JS string; UTF-8 it with `canonicalBytes`).
 * @param {JSONValue} value @returns {string}
 */
export function canonicalString(value) {
  /** @type {string[]} */
  const out = [];
  write(value, 0, out);
  return out.join('');
}

/** RFC 8785 bytes of a value. @param {JSONValue} value @returns {Uint8Array} */
export function canonicalBytes(value) {
  return utf8Encode(canonicalString(value));
}

/** parse then serialize. @param {Uint8Array} bytes @returns {Uint8Array} */
export function canonicalize(bytes) {
  return canonicalBytes(parseJSON(bytes));
}

/** @param {JSONValue} v @param {number} depth @param {string[]} out */
function write(v, depth, out) {
  if (v === null) { out.push('null'); return; }
  switch (typeof v) {
    case 'boolean': out.push(v ? 'true' : 'false'); return;
    case 'number':
      if (!Number.isFinite(v)) fail('json.non_finite_number', 'json: NaN and infinity have no JSON form');
      out.push(String(v)); // ECMAScript Number::toString; -0 → "0"
      return;
    case 'string': out.push(quote(v)); return;
    case 'object': {
      if (depth >= MAXIMUM_DEPTH) fail('json.too_deep', `json: value nests deeper than ${MAXIMUM_DEPTH} arrays/objects`);
      if (Array.isArray(v)) {
        out.push('[');
        v.forEach((e, k) => { if (k > 0) out.push(','); write(e, depth + 1, out); });
        out.push(']');
        return;
      }
      // Default string order compares UTF-16 code units: exactly RFC 8785 §3.2.3.
      const names = Object.keys(v).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      out.push('{');
      names.forEach((n, k) => {
        if (k > 0) out.push(',');
        out.push(quote(n), ':');
        write(/** @type {any} */ (v)[n], depth + 1, out);
      });
      out.push('}');
      return;
    }
    default:
      fail('json.non_finite_number', `json: ${typeof v} is not a JSON value`);
  }
}

const SHORT = { 0x08: '\\b', 0x09: '\\t', 0x0a: '\\n', 0x0c: '\\f', 0x0d: '\\r', 0x22: '\\"', 0x5c: '\\\\' };
/** @param {string} s */
function quote(s) {
  // eslint-disable-next-line no-control-regex
  return '"' + s.replace(/[\u0000-\u001f"\\]/g, (ch) => {
    const c = ch.charCodeAt(0);
    return /** @type {any} */ (SHORT)[c] ?? '\\u00' + c.toString(16).padStart(2, '0');
  }) + '"';
}

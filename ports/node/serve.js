#!/usr/bin/env node
// Harness protocol v1 on stdin/stdout (specs/harness.md): one request per LF-terminated line
// (a trailing CR is ignored), one RFC 8785 response per line, in order, until end of input.
// Lines are read as bytes so that ill-formed UTF-8 is refused by the strict parser, not
// silently replaced; lines over 16 MiB get malformed_request and the rest is skipped.
import { respondToLine, MAXIMUM_LINE_LENGTH } from './lib/harness.js';
import { writeSync } from 'node:fs';

const TOO_LONG = '{"error":{"code":"malformed_request","detail":"harness.malformed_request","message":"request line too long"},"id":null,"ok":false}';

/** @type {Buffer[]} */
let parts = [];
let length = 0;
let skipping = false;
/** @type {string[]} */
let pending = [];

/** @param {string} s */
function emit(s) { pending.push(s + '\n'); }
function flush() {
  if (pending.length === 0) return;
  const out = Buffer.from(pending.join(''), 'utf8');
  pending = [];
  let off = 0;
  while (off < out.length) {
    try { off += writeSync(1, out, off); } catch (e) { if (/** @type {any} */ (e).code !== 'EAGAIN') throw e; }
  }
}

/** @param {Uint8Array} line */
function finishLine(line) {
  let l = line;
  if (l.length > 0 && l[l.length - 1] === 0x0d) l = l.subarray(0, l.length - 1);
  emit(respondToLine(l));
}

/** @param {Buffer} chunk */
function onData(chunk) {
  let start = 0;
  for (;;) {
    const nl = chunk.indexOf(0x0a, start);
    const piece = chunk.subarray(start, nl === -1 ? chunk.length : nl);
    if (!skipping) {
      if (length + piece.length > MAXIMUM_LINE_LENGTH + 1) { // +1: a trailing CR is not content
        skipping = true; parts = []; length = 0;
      } else if (piece.length > 0) { parts.push(piece); length += piece.length; }
    }
    if (nl === -1) break;
    if (skipping) { emit(TOO_LONG); skipping = false; }
    else finishLine(parts.length === 1 ? parts[0] : Buffer.concat(parts));
    parts = []; length = 0;
    start = nl + 1;
  }
  flush();
}

process.stdin.on('data', onData);
process.stdin.on('end', () => {
  if (skipping) emit(TOO_LONG);
  else if (length > 0) finishLine(Buffer.concat(parts));
  flush();
});

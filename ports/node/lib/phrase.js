// The recovery phrase: 10 words of wordlist v1 ⇔ 10 bytes. Normative: specs/recovery-phrase.md.
import { readFileSync } from 'node:fs';
import { fail } from './errors.js';

/** Wordlist v1 (a copy of specs/wordlist-v1.txt; SHA-256 pinned in the spec and checked by the tests). */
export const WORDLIST = Object.freeze(readFileSync(new URL('./wordlist-v1.txt', import.meta.url), 'utf8').split('\n').slice(0, 256));
const INDEX = new Map(WORDLIST.map((w, i) => [w, i]));

/** @param {Uint8Array} entropy @returns {string} */
export function phraseFromEntropy(entropy) {
  if (entropy.length !== 10) fail('phrase.invalid_entropy_length', `phrase entropy is ${entropy.length} bytes; exactly 10 needed`);
  return Array.from(entropy, (b) => WORDLIST[b]).join(' ');
}

/** NFKC, default lower case, split on runs of Unicode White_Space. @param {string} input @returns {string[]} */
export function normalizedWords(input) {
  const length = Buffer.byteLength(input, 'utf8');
  if (length > 1024) fail('phrase.too_long', `phrase input is ${length} bytes; at most 1024 accepted`);
  const words = input.normalize('NFKC').toLowerCase().split(/\p{White_Space}+/u).filter((w) => w.length > 0);
  if (words.length === 0) fail('phrase.empty', 'the phrase is empty');
  return words;
}

/** @param {string} input @returns {{phrase: string, entropy: Uint8Array}} */
export function phraseNormalize(input) {
  const words = normalizedWords(input);
  if (words.length !== 10) fail('phrase.wrong_word_count', `a recovery phrase has 10 words; this one has ${words.length}`);
  const entropy = new Uint8Array(10);
  words.forEach((w, k) => {
    const i = INDEX.get(w);
    if (i === undefined) fail('phrase.unknown_word', `word ${k + 1} is not in the wordlist`); // position only: recovery-phrase.md §Normalization
    entropy[k] = i;
  });
  return { phrase: words.join(' '), entropy };
}

/** A UI's suggestion, never an error message (recovery-phrase.md §Normalization): same first four letters, else smallest OSA distance (earliest on a tie). @param {string} word */
export function closestWord(word) {
  const cps = Array.from(word);
  if (cps.length >= 4) {
    const p = cps.slice(0, 4).join('');
    const m = WORDLIST.find((w) => w.startsWith(p));
    if (m) return m;
  }
  let best = WORDLIST[0], bestD = Infinity;
  for (const c of WORDLIST) {
    const d = editDistance(cps, Array.from(c));
    if (d < bestD) { best = c; bestD = d; }
  }
  return best;
}

/** Optimal string alignment distance over code points. @param {string[]} x @param {string[]} y */
export function editDistance(x, y) {
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  const W = y.length + 1;
  const d = new Array((x.length + 1) * W).fill(0);
  for (let i = 0; i <= x.length; i++) d[i * W] = i;
  for (let j = 0; j <= y.length; j++) d[j] = j;
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let v = Math.min(d[(i - 1) * W + j] + 1, d[i * W + j - 1] + 1, d[(i - 1) * W + j - 1] + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) v = Math.min(v, d[(i - 2) * W + j - 2] + 1);
      d[i * W + j] = v;
    }
  }
  return d[x.length * W + y.length];
}

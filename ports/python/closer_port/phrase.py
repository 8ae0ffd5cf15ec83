"""The recovery phrase: 10 words of wordlist v1 <-> 10 bytes of entropy (specs/recovery-phrase.md).

Normalization of typed input: at most 1024 UTF-8 bytes, NFKC, default lower case, split on
runs of Unicode White_Space (the property itself, not Python's str.isspace, which also
splits on U+001C–U+001F), then 10 list words exactly.

The wordlist is this package's copy of specs/wordlist-v1.txt, checked against the SHA-256
the spec pins when it is loaded.
"""

from __future__ import annotations

import hashlib
import pathlib
import unicodedata

from .errors import fail

WORD_COUNT = 10
MAX_INPUT = 1024
WORDLIST_SHA256 = "db75d74eed1c6364830f3e6623e0da4275216a91f1bd43d6a24589ca7fea15e0"

_raw = (pathlib.Path(__file__).with_name("wordlist-v1.txt")).read_bytes()
if hashlib.sha256(_raw).hexdigest() != WORDLIST_SHA256:  # pragma: no cover
    raise ImportError("closer_port/wordlist-v1.txt differs from the wordlist v1 pinned by specs/recovery-phrase.md")
WORDLIST: list[str] = _raw.decode("ascii").split("\n")[:-1]
INDEX: dict[str, int] = {w: i for i, w in enumerate(WORDLIST)}
assert len(WORDLIST) == 256 and len(INDEX) == 256

# Unicode White_Space (PropList.txt, Unicode 15.1).
WHITE_SPACE = frozenset(
    [chr(c) for c in range(0x09, 0x0E)]
    + ["\u0020", "\u0085", "\u00a0", "\u1680"]
    + [chr(c) for c in range(0x2000, 0x200B)]
    + ["\u2028", "\u2029", "\u202f", "\u205f", "\u3000"]
)


def from_entropy(entropy: bytes) -> str:
    """The canonical phrase of 10 bytes: word i = wordlist[entropy[i]]."""
    if len(entropy) != WORD_COUNT:
        raise fail("phrase.invalid_entropy_length", f"phrase entropy is {len(entropy)} bytes; exactly {WORD_COUNT} needed")
    return " ".join(WORDLIST[b] for b in entropy)


def prepare(text: str) -> str:
    """NFKC then default lower case (the order the page gives)."""
    return unicodedata.normalize("NFKC", text).lower()


def split_words(text: str) -> list[str]:
    """Splits on White_Space code points, not grapheme clusters (pinned): a combining mark
    after a space is not whitespace and starts the next word."""
    words: list[str] = []
    current: list[str] = []
    for c in text:
        if c in WHITE_SPACE:
            if current:
                words.append("".join(current))
                current = []
        else:
            current.append(c)
    if current:
        words.append("".join(current))
    return words


def normalized_words(text: str) -> list[str]:
    """Steps 1–5a of the page: length, NFKC, lower case, White_Space split, not empty."""
    length = len(text.encode("utf-8", "surrogatepass"))
    if length > MAX_INPUT:
        raise fail("phrase.too_long", f"phrase input is {length} bytes; at most {MAX_INPUT} accepted")
    words = split_words(prepare(text))
    if not words:
        raise fail("phrase.empty", "the phrase is empty")
    return words


def canonical_text(text: str) -> str:
    """Steps 1–4 joined by one space, no wordlist lookup (phrases of other lists)."""
    return " ".join(normalized_words(text))


def normalize(text: str) -> tuple[str, bytes]:
    """(canonical phrase, entropy) of typed input, wordlist v1 required."""
    words = normalized_words(text)
    if len(words) != WORD_COUNT:
        raise fail("phrase.wrong_word_count", f"a recovery phrase has {WORD_COUNT} words; this one has {len(words)}")
    entropy = bytearray()
    for position, word in enumerate(words):
        index = lookup(word)
        if index is None:
            # position only (recovery-phrase.md §Normalization): the typed word and its closest
            # list word are nearly the secret word
            raise fail("phrase.unknown_word", f"word {position + 1} is not in the wordlist")
        entropy.append(index)
    return " ".join(words), bytes(entropy)


def lookup(word: str) -> int | None:
    return INDEX.get(word)


def edit_distance(a: str, b: str) -> int:
    """Levenshtein with adjacent swaps as one edit (optimal string alignment)."""
    if not a:
        return len(b)
    if not b:
        return len(a)
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            v = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, d[i - 2][j - 2] + 1)
            d[i][j] = v
    return d[len(a)][len(b)]


def closest_word(word: str) -> str:
    """A UI's suggestion, never an error message (recovery-phrase.md §Normalization)."""
    if len(word) >= 4:
        for w in WORDLIST:
            if w.startswith(word[:4]):
                return w
    return min(WORDLIST, key=lambda w: edit_distance(word, w))  # min keeps the earlier on a tie

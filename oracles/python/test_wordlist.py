"""specs/recovery-phrase.md §"Wordlist": the file's pinned SHA-256 and its rules, checked
independently of the Swift test (which checks the compiled copy against the file)."""

from __future__ import annotations

import hashlib
import itertools
import re

from pairing_reference import REPO, WORDLIST, WORDLIST_PATH


def osa_distance(a: str, b: str) -> int:
    """Edit distance with adjacent swaps (optimal string alignment)."""
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[-1][-1]


def test_sha256_is_the_one_pinned_in_the_spec():
    spec = (REPO / "specs" / "recovery-phrase.md").read_text(encoding="utf-8")
    pinned = re.search(r"SHA-256 of `specs/wordlist-v1.txt`: `([0-9a-f]{64})`", spec)
    assert pinned, "recovery-phrase.md must pin the wordlist's SHA-256"
    assert hashlib.sha256(WORDLIST_PATH.read_bytes()).hexdigest() == pinned.group(1)


def test_file_format():
    raw = WORDLIST_PATH.read_bytes()
    assert raw.endswith(b"\n") and b"\r" not in raw and b"\n\n" not in raw
    assert raw.decode("ascii").split("\n")[:-1] == WORDLIST


def test_rules():
    assert len(WORDLIST) == 256 and len(set(WORDLIST)) == 256
    assert all(re.fullmatch(r"[a-z]{3,8}", w) for w in WORDLIST)
    prefixes = [w[:4] for w in WORDLIST]
    assert len(set(prefixes)) == 256
    for a, b in itertools.permutations(prefixes, 2):
        assert not b.startswith(a), (a, b)
    for a, b in itertools.combinations(WORDLIST, 2):
        assert osa_distance(a, b) > 1, (a, b)
    assert WORDLIST == sorted(WORDLIST)

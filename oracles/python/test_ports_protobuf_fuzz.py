"""Every port reads mutated keysets as `closer-spec serve` does, down to the detail code.

tink-keyset.md §"Protobuf wire rules" and §"Error precedence" (and tink-hybrid.md §"Check
order") fix which error a keyset with several faults gets. The vectors pin chosen cases; this
drives seeded random mutations (bit flips, deleted bytes, cuts, and inserted fields of every
wire type, field numbers 0 / 2^29 / 2^29+1, groups with and without members) of an AEAD, a
hybrid private and a hybrid public keyset through `keyset.validate` of each port and of
CloserSpec, and requires the same answer: `ok` with the same ids, or the same code and detail.
Which keysets Tink itself accepts is test_protobuf_groups.py's job (against Python Tink).

A port whose runtime is missing (node, java with BouncyCastle) is skipped with the reason.
"""

from __future__ import annotations

import os
import random
import shutil
from collections import Counter

import pytest

from closer_cases import PORT_DIR
from conftest import closer_spec_binary

from closer_port import tink_keysets
from closer_port.client import HarnessClient  # pipelined: batch()

ROOT = os.path.normpath(os.path.join(PORT_DIR, "..", ".."))
CASES = int(os.environ.get("PROTOBUF_FUZZ_CASES", "2000"))
PORTS = {
    "python": ([os.path.join(ROOT, "ports", "python", "closer-port"), "serve"], None),
    "node": ([os.path.join(ROOT, "ports", "node", "port.sh")], "node"),
    "jvm": ([os.path.join(ROOT, "ports", "jvm", "port.sh")], "java"),
}


def _varint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def _requests(seed: int) -> list[dict]:
    rng = random.Random(seed)
    private, public = tink_keysets.hybrid_keysets(123456789, 0xDEADBEEF)
    bases = [(tink_keysets.aead_keyset(bytes(range(32)), 0x12345678), "aead"),
             (private, "hybridPrivate"), (public, "hybridPublic")]

    def field() -> bytes:
        number = rng.choice([0, 1, 2, 3, 4, 11, 99, 2**29 - 1, 2**29, 2**29 + 1])
        wire_type = rng.randrange(8)
        body = {0: _varint(rng.choice([0, 1, 2**32 + 5, 2**63])), 1: bytes(8), 2: b"\x03abc", 5: bytes(4)}.get(wire_type, b"")
        if wire_type == 3 and rng.random() < 0.7:
            body = (field() if rng.random() < 0.5 else b"") + _varint(number << 3 | 4)
        return _varint(number << 3 | wire_type) + body

    def mutate(data: bytes) -> bytes:
        b = bytearray(data)
        for _ in range(rng.randint(1, 3)):
            kind, i = rng.randrange(5), rng.randrange(len(b) + 1)
            if kind == 0 and b:
                b[min(i, len(b) - 1)] ^= 1 << rng.randrange(8)
            elif kind == 1:
                b[i:i] = field()
            elif kind == 2:
                del b[i:i + rng.randint(1, 3)]
            elif kind == 3 and b:
                b[min(i, len(b) - 1)] = rng.randrange(256)
            elif rng.random() < 0.2:
                b = b[:i]
        return bytes(b)

    out = []
    for _ in range(CASES):
        base, primitive = rng.choice(bases)
        out.append({"op": "keyset.validate", "keyset": mutate(base).hex(), "primitive": primitive})
    return out


def _answer(r: dict) -> tuple:
    if r.get("ok"):
        return ("ok", r.get("primaryKeyId"), tuple(r.get("keyIds", [])))
    return ("error", r["error"]["code"], r["error"].get("detail"))


@pytest.fixture(scope="module")
def reference() -> tuple[list[dict], list[tuple]]:
    requests = _requests(20251123)
    with HarnessClient([closer_spec_binary(), "serve"]) as serve:
        answers = [_answer(r) for r in serve.batch([dict(r) for r in requests])]
    return requests, answers


@pytest.mark.parametrize("port", sorted(PORTS))
def test_port_reads_mutated_keysets_as_closerspec(port, reference):
    argv, runtime = PORTS[port]
    if runtime and shutil.which(runtime) is None:
        pytest.skip(f"{runtime} is not installed: the {port} port is not checked")
    requests, want = reference
    with HarnessClient(argv, cwd=ROOT) as client:
        if "keyset.validate" not in client.ops:
            pytest.skip(f"the {port} port lacks keyset.validate")
        got = [_answer(r) for r in client.batch([dict(r) for r in requests])]
    differ = [(i, w, g) for i, (w, g) in enumerate(zip(want, got)) if w != g]
    kinds = Counter(w[2] if w[0] == "error" else "ok" for w in want)
    assert len(kinds) >= 8, f"the mutations reach too few outcomes: {kinds}"
    assert not differ, f"{port}: {len(differ)} of {len(requests)} keysets read differently; first: " + "; ".join(
        f"{requests[i]['primitive']} {requests[i]['keyset'][:160]} serve {w} port {g}" for i, w, g in differ[:3])

"""Protobuf groups, wrong wire types and field numbers in Tink keysets: CloserSpec against
Python Tink 1.16.1 (specs/tink-keyset.md §"Protobuf wire rules").

Python Tink parses Keyset, Keyset.Key and KeyData with upb (the protobuf package bundled with
it) and the AesGcmKey inside KeyData.value with its C++ core, so each crafted keyset puts the
fault at one of the four levels. For every case Tink decides: a keyset Tink loads and uses
must encrypt and decrypt in CloserSpec both ways; a keyset Tink refuses must be refused with
the detail code the page names. Where Tink's parsers disagree with each other the page pins
the stricter answer; those cases are listed in PINNED with the reason, and the test also
checks that Tink still behaves as the page says (so a Tink upgrade that changes it is seen).
"""

from __future__ import annotations

import pytest
import tink
from tink import aead, cleartext_keyset_handle

aead.register()


def varint(n: int) -> bytes:
    out = bytearray()
    while True:
        b, n = n & 0x7F, n >> 7
        out.append(b | 0x80 if n else b)
        if not n:
            return bytes(out)


def tag(number: int, wire_type: int) -> bytes:
    return varint((number << 3) | wire_type)


def ld(number: int, body: bytes) -> bytes:
    return tag(number, 2) + varint(len(body)) + body


def vi(number: int, value: int) -> bytes:
    return tag(number, 0) + varint(value)


def group(number: int, body: bytes = b"") -> bytes:
    return tag(number, 3) + body + tag(number, 4)


KEY = bytes(range(32))
KEY_ID = 0x2A
TYPE_URL = b"type.googleapis.com/google.crypto.tink.AesGcmKey"


def keyset(ks: bytes = b"", key: bytes = b"", kd: bytes = b"", aes: bytes = b"") -> bytes:
    """A one-key AES256_GCM TINK keyset with `*` bytes appended to that level's message."""
    aes_gcm_key = ld(3, KEY) + aes
    key_data = ld(1, TYPE_URL) + ld(2, aes_gcm_key) + vi(3, 1) + kd
    entry = ld(1, key_data) + vi(2, 1) + vi(3, KEY_ID) + vi(4, 1) + key
    return vi(1, KEY_ID) + ld(2, entry) + ks


LEVELS = ("ks", "key", "kd", "aes")

# (name, extra bytes appended at the level, CloserSpec's detail code when it refuses)
FAULTS: list[tuple[str, bytes, str | None]] = [
    # A start-group on a known field (1..4) is an unknown field to every Tink parser.
    *[(f"group on field {n}", group(n, vi(7, 1)), None) for n in (1, 2, 3, 4)],
    ("group on unknown field 99", group(99, vi(7, 1)), None),
    ("empty group", group(9), None),
    ("nested groups 9>8>7", group(9, group(8, group(7, vi(1, 5)))), None),
    ("field 2^29-1 inside a group", tag(9, 3) + vi((1 << 29) - 1, 1) + tag(9, 4), None),
    ("field 2^29 inside a group", tag(9, 3) + vi(1 << 29, 1) + tag(9, 4), "proto.invalid_tag"),
    ("field 2^32 inside a group", tag(9, 3) + vi(1 << 32, 1) + tag(9, 4), "proto.invalid_tag"),
    ("group 2^29 inside a group", tag(9, 3) + group(1 << 29) + tag(9, 4), "proto.invalid_tag"),
    ("field 0 varint inside a group", tag(9, 3) + b"\x00\x00" + tag(9, 4), "proto.invalid_tag"),
    ("field 0 bytes inside a group", tag(9, 3) + b"\x02\x00" + tag(9, 4), "proto.invalid_tag"),
    ("field 2^29+9 inside a group", tag(9, 3) + vi((1 << 29) + 9, 1) + tag(9, 4), "proto.invalid_tag"),
    ("group closed by another end-group", tag(9, 3) + tag(8, 4), "proto.invalid_tag"),
    ("unmatched end-group", tag(9, 4), "proto.invalid_tag"),
    ("group never closed", tag(9, 3) + vi(1, 1), "proto.truncated"),
    ("wire type 6 inside a group", tag(9, 3) + tag(5, 6) + tag(9, 4), "proto.invalid_wire_type"),
    ("group 0", group(0), "proto.invalid_tag"),
    ("group 2^29", group(1 << 29), "proto.invalid_tag"),
    ("top-level field 0", b"\x00\x00", "proto.invalid_tag"),
    ("top-level field 2^29", vi(1 << 29, 1), "proto.invalid_tag"),
    ("top-level field 2^29-1", vi((1 << 29) - 1, 1), None),
    ("groups nested 64 deep", tag(9, 3) * 64 + tag(9, 4) * 64, None),
    ("groups nested 65 deep", tag(9, 3) * 65 + tag(9, 4) * 65, "proto.too_deep"),
    ("groups nested 101 deep", tag(9, 3) * 101 + tag(9, 4) * 101, "proto.too_deep"),
]

# Known fields written with another wire type: skipped as unknown fields, the value kept.
WRONG_WIRE_TYPES: list[tuple[str, bytes]] = [
    ("primary_key_id as bytes, then the varint", ld(1, b"\x2a") + ld(2, ld(1, ld(1, TYPE_URL) + ld(2, ld(3, KEY)) + vi(3, 1)) + vi(2, 1) + vi(3, KEY_ID) + vi(4, 1)) + vi(1, KEY_ID)),
    ("Keyset.key as a group before the real key", group(2, vi(1, 5)) + keyset()),
    ("key_data as a group before the real key_data", vi(1, KEY_ID) + ld(2, group(1, vi(2, 5)) + ld(1, ld(1, TYPE_URL) + ld(2, ld(3, KEY)) + vi(3, 1)) + vi(2, 1) + vi(3, KEY_ID) + vi(4, 1))),
    ("status as fixed32 after the varint", keyset(key=tag(2, 5) + b"\x01\x00\x00\x00")),
    ("key_id as bytes after the varint", keyset(key=ld(3, b"\x00"))),
    ("type_url as a varint after the string", keyset(kd=vi(1, 1))),
    ("AesGcmKey version as bytes", keyset(aes=ld(1, b""))),
    ("AesGcmKey key_value as a varint after the bytes", keyset(aes=vi(3, 5))),
    ("AesGcmKey key_value as a group after the bytes", keyset(aes=group(3, vi(1, 1)))),
]

# Where Tink's own parsers disagree, the page pins the stricter answer (tink-keyset.md):
# (level, fault name) -> what Python Tink does instead.
PINNED: dict[tuple[str, str], str] = {
    **{(lvl, name): "upb skips groups without checking field number 0 (protobuf-java and Tink C++ refuse it)"
       for lvl in ("ks", "key", "kd") for name in ("field 0 varint inside a group", "field 0 bytes inside a group")},
    ("aes", "field 2^29+9 inside a group"): "Tink C++ reads tags as 32 bits: field 2^29+9 wraps to 9 (upb refuses)",
    **{(lvl, "groups nested 65 deep"): "protobuf's own limit is 100; CloserSpec pins 64" for lvl in LEVELS},
}


def tink_uses(ks: bytes) -> bool:
    """True when Python Tink loads the keyset and round-trips with its AEAD."""
    try:
        p = cleartext_keyset_handle.read(tink.BinaryKeysetReader(ks)).primitive(aead.Aead)
        return p.decrypt(p.encrypt(b"probe", b"aad"), b"aad") == b"probe"
    except tink.TinkError:
        return False


def tink_ciphertext(ks: bytes, pt: bytes, aad: bytes) -> bytes:
    return cleartext_keyset_handle.read(tink.BinaryKeysetReader(ks)).primitive(aead.Aead).encrypt(pt, aad)


def tink_decrypt(ks: bytes, ct: bytes, aad: bytes) -> bytes:
    return cleartext_keyset_handle.read(tink.BinaryKeysetReader(ks)).primitive(aead.Aead).decrypt(ct, aad)


def cases():
    for level in LEVELS:
        for name, extra, detail in FAULTS:
            yield f"{level}: {name}", (level, name), keyset(**{level: extra}), detail
    for name, ks in WRONG_WIRE_TYPES:
        yield f"wrong wire type: {name}", ("-", name), ks, None


def test_fault_table_is_not_vacuous():
    """The cases cover acceptances and refusals at every level, and every pin applies."""
    all_cases = list(cases())
    assert len(all_cases) >= 100
    assert sum(1 for *_, d in all_cases if d is None) >= 30
    assert sum(1 for *_, d in all_cases if d is not None) >= 60
    names = {key for _, key, _, _ in all_cases}
    assert set(PINNED) <= names


@pytest.mark.parametrize("desc,key,ks,detail", list(cases()), ids=lambda v: v if isinstance(v, str) else "")
def test_closerspec_reads_crafted_keysets_as_tink_does(serve, desc, key, ks, detail):
    tink_ok = tink_uses(ks)
    pinned = PINNED.get(key)
    pt, aad = b"group test", b"aad"
    if detail is None:
        assert tink_ok, f"test bug: Tink refuses {desc}"
        ct = tink_ciphertext(ks, pt, aad)
        r = serve.request("aead.decrypt", keyset=ks.hex(), ciphertext=ct.hex(), aad=aad.hex())
        assert r["ok"], f"{desc}: Tink uses this keyset, CloserSpec says {r.get('error')}"
        assert bytes.fromhex(r["plaintext"]) == pt
        r = serve.request("aead.encrypt", keyset=ks.hex(), plaintext=pt.hex(), aad=aad.hex())
        assert r["ok"], f"{desc}: {r.get('error')}"
        assert tink_decrypt(ks, bytes.fromhex(r["ciphertext"]), aad) == pt
        return
    if pinned:
        assert tink_ok, f"{desc}: the page says Tink accepts this ({pinned}); Tink now refuses it: update the page"
    else:
        assert not tink_ok, f"{desc}: Tink uses this keyset but the page refuses it with {detail}"
    r = serve.request("aead.encrypt", keyset=ks.hex(), plaintext=pt.hex(), aad=aad.hex())
    assert not r["ok"], f"{desc}: CloserSpec accepts; expected {detail}"
    assert (r["error"]["code"], r["error"].get("detail")) == ("decode_error", detail), desc

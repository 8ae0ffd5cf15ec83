"""Sliver mutants: broken variants of the Python reference port, each written to pass every fixed
vector its suites had then, yet wrong on a sliver of inputs (specs/explore.md §"Mutant power").

Each one must be found by `closer-spec explore --seconds 60`, with its layer named; since closer
set 3.5.0 the fixed vectors also kill each at that layer (a test appended for its sliver);
oracles/python/test_explore_slivers.py proves both.
Served like the other mutants: `mutant-port NAME` (mutants.py loads this registry too).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import base64 as _b64
import rfc8785

from closer_port import aead, encoding, lower, values


@dataclass(frozen=True)
class Sliver:
    name: str
    layer: str
    ops: tuple[str, ...]
    suites: tuple[str, ...]
    description: str
    apply: Callable[[], None] = field(repr=False)

    def as_json(self) -> dict:
        return {"name": self.name, "layer": self.layer, "ops": list(self.ops), "suites": list(self.suites),
                "description": self.description}


SLIVERS: dict[str, Sliver] = {}


def sliver(name: str, layer: str, ops: tuple[str, ...], suites: tuple[str, ...], description: str):
    def register(fn: Callable[[], None]) -> Callable[[], None]:
        assert name not in SLIVERS, name
        SLIVERS[name] = Sliver(name, layer, ops, suites, description, fn)
        return fn

    return register


def patch(module, name: str, replacement) -> None:
    assert hasattr(module, name), (module.__name__, name)
    setattr(module, name, replacement)


@sliver("aad-latin1", "binding", ("enc.seal", "binding.aad"), ("enc_v1", "encodings"),
        "enc:v1 AAD written like a JVM compact string's bytes: Latin-1 when every character of the coupleId is "
        "at most U+00FF, UTF-8 otherwise. ASCII ids are unchanged, and enc_v1's older non-ASCII coupleId has a "
        "character beyond U+00FF (EncV1Latin1CoupleId kills it).")
def _aad_latin1():
    strict = values.components

    def compact(**named: str) -> bytes:
        out = strict(**named)  # the same refusals (empty, '|', lone surrogates)
        if list(named) != ["coupleId"]:
            return out
        joined = values.SEPARATOR.join(named.values())
        return joined.encode("latin-1") if all(ord(c) <= 0xFF for c in joined) else out

    patch(values, "components", compact)


def _nested_utf8_sorted(value, depth: int = 0) -> bytes:
    if isinstance(value, dict):
        if depth == 0:
            members = sorted(value, key=lambda k: k.encode("utf-16-be", errors="surrogatepass"))
        else:
            members = sorted(value, key=lambda k: k.encode("utf-8", errors="surrogatepass"))
        return b"{" + b",".join(rfc8785.dumps(k) + b":" + _nested_utf8_sorted(value[k], depth + 1)
                                for k in members) + b"}"
    if isinstance(value, list):
        return b"[" + b",".join(_nested_utf8_sorted(v, depth + 1) for v in value) + b"]"
    return rfc8785.dumps(value)


@sliver("json-utf8-sort", "canonicalization", ("canonicalize", "commitment"), ("canonical_json", "commitment"),
        "canonical JSON sorts the top-level members by UTF-16 code units but nested objects by UTF-8 bytes (a "
        "library default): the orders differ only between keys with a character in U+E000…U+FFFF and one beyond "
        "U+FFFF at the same place, and canonical_json's older groups have such keys only at the top level "
        "(CanonicalNestedOrder kills it).")
def _json_utf8_sort():
    strict = encoding.canonical_bytes

    def canonical(value) -> bytes:
        strict(value)  # the same refusals
        return _nested_utf8_sorted(value)

    patch(encoding, "canonical_bytes", canonical)


@sliver("plaintext-64k", "aead", ("aead.encrypt", "enc.seal"), ("tink_aead", "enc_v1"),
        "the encrypting buffer holds at most 64 KiB: a longer plaintext is sealed cut to its first 65,536 bytes "
        "(enc_v1's EncV1LongPlaintext, 65,537 bytes, kills it).")
def _plaintext_64k():
    patch(aead, "hand_encrypt", (lambda f: lambda keyset, plaintext, aad, iv: f(keyset, bytes(plaintext)[:65536], aad, iv))(
        aead.hand_encrypt))


@sliver("keyid-signed", "keyset", ("keyset.validate",), ("tink_keyset",),
        "keyset.validate lists the non-primary keys' ids read as signed 32-bit integers (ids of 2^31 and above "
        "come out negative); the primary's id is right. tink_keyset's older high ids are all primaries' "
        "(KeysetHighNonPrimaryIds kills it).")
def _keyid_signed():
    strict = lower.keyset_validate

    def signed(i: int) -> int:
        return i - (1 << 32) if i >= 1 << 31 else i

    def validate(keyset: bytes, primitive: str):
        primary, ids = strict(keyset, primitive)
        return primary, [i if i == primary else signed(i) for i in ids]

    patch(lower, "keyset_validate", validate)


@sliver("b64-trailing-bits-2char", "encoding", ("encoding.decode",), ("encodings",),
        "the spare-bits check of a 2-symbol final quantum tests only the lowest and the highest of its 4 spare "
        "bits (mask 0b1001 for 0b1111): encodings' older tests set bit 0 or bit 3 (EncodingSpareBits, bits 1 "
        "and 2, kills it).")
def _b64_trailing_2char():
    strict_std, strict_url = encoding.b64decode, encoding.b64url_decode

    def lenient(strict, url: bool):
        alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" + ("-_" if url else "+/")

        def decode(text: str) -> bytes:
            try:
                return strict(text)
            except Exception as e:
                symbols = text.rstrip("=")
                if getattr(e, "detail", None) != "b64.non_canonical_trailing_bits" or len(symbols) % 4 != 2:
                    raise
                if alphabet.index(symbols[-1]) & 0b1001:
                    raise
                full = symbols + "=="
                return _b64.urlsafe_b64decode(full) if url else _b64.b64decode(full, validate=True)

        return decode

    patch(encoding, "b64decode", lenient(strict_std, False))
    patch(encoding, "b64url_decode", lenient(strict_url, True))

"""Sliver mutants: broken variants of the Python reference port that pass every fixed vector yet
are wrong on a sliver of inputs (specs/explore.md §"Mutant power").

Each one must pass `closer-spec harness` on its suites and be found by `closer-spec explore
--seconds 60`, with its layer named; oracles/python/test_explore_slivers.py proves both.
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


@sliver("aad-latin1", "binding", ("enc.seal", "enc.open", "binding.aad"), ("enc_v1", "encodings"),
        "binding components encoded as Latin-1 instead of UTF-8 (characters beyond Latin-1 become '?'): "
        "ASCII ids, the only ones the fixed vectors use, are unchanged.")
def _aad_latin1():
    strict = values.components

    def latin1(**named: str) -> bytes:
        strict(**named)  # the same refusals (empty, '|', lone surrogates)
        return values.SEPARATOR.join(named.values()).encode("latin-1", errors="replace")

    patch(values, "components", latin1)


def _utf8_sorted(value) -> bytes:
    if isinstance(value, dict):
        members = sorted(value, key=lambda k: k.encode("utf-8", errors="surrogatepass"))
        return b"{" + b",".join(rfc8785.dumps(k) + b":" + _utf8_sorted(value[k]) for k in members) + b"}"
    if isinstance(value, list):
        return b"[" + b",".join(_utf8_sorted(v) for v in value) + b"]"
    return rfc8785.dumps(value)


@sliver("json-utf8-sort", "canonicalization", ("canonicalize", "commitment"), ("canonical_json", "commitment"),
        "canonical JSON members sorted by their UTF-8 bytes instead of UTF-16 code units: the orders differ only "
        "between a key with a character in U+E000…U+FFFF and one with a character beyond U+FFFF at the same place.")
def _json_utf8_sort():
    strict = encoding.canonical_bytes

    def canonical(value) -> bytes:
        strict(value)  # the same refusals
        return _utf8_sorted(value)

    patch(encoding, "canonical_bytes", canonical)


@sliver("plaintext-64k", "aead", ("aead.encrypt", "enc.seal"), ("tink_aead", "enc_v1"),
        "the encrypting buffer holds at most 64 KiB: a longer plaintext is sealed cut to its first 65,536 bytes.")
def _plaintext_64k():
    patch(aead, "hand_encrypt", (lambda f: lambda keyset, plaintext, aad, iv: f(keyset, bytes(plaintext)[:65536], aad, iv))(
        aead.hand_encrypt))


@sliver("keyid-signed", "keyset", ("keyset.validate",), ("tink_keyset",),
        "keyset.validate answers key ids read as signed 32-bit integers: ids of 2^31 and above come out negative.")
def _keyid_signed():
    strict = lower.keyset_validate

    def signed(i: int) -> int:
        return i - (1 << 32) if i >= 1 << 31 else i

    def validate(keyset: bytes, primitive: str):
        primary, ids = strict(keyset, primitive)
        return signed(primary), [signed(i) for i in ids]

    patch(lower, "keyset_validate", validate)


@sliver("b64-trailing-bits-2char", "encoding", ("encoding.decode",), ("encodings",),
        "the b64 decoder skips the spare-bits check when the final quantum has two symbols (xx==): "
        "non-canonical texts ending in two symbols and '==' are accepted.")
def _b64_trailing_2char():
    strict = encoding.b64decode

    def decode(text: str) -> bytes:
        try:
            return strict(text)
        except Exception as e:
            if getattr(e, "detail", None) == "b64.non_canonical_trailing_bits" and text.endswith("==") and not text.endswith("==="):
                return _b64.b64decode(text, validate=True)
            raise

    patch(encoding, "b64decode", decode)

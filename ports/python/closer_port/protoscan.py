"""The structural scan of specs/tink-keyset.md §"Protobuf wire rules", before protobuf parses.

Python Tink parses Keyset, Keyset.Key and KeyData with upb and each key proto with its C++
core; they disagree on a few inputs (field 0 inside a skipped group: upb accepts it, the C++
core refuses it) and refuse others with messages, not codes. CloserSpec refuses every case one
of Tink's parsers refuses, and pins two more (varints over 64 bits, groups 65-100 deep), so the
port scans each message itself, in the order of §"Error precedence", and lets protobuf parse
only bytes that passed the scan. The scan returns the fields it saw, so callers can find the
occurrences of a message field (merged: concatenated) and check every type_url's UTF-8.
"""

from __future__ import annotations

from .errors import fail

MAX_FIELD = (1 << 29) - 1
MAX_DEPTH = 64
# tink-keyset.md §"Resource bounds"
MAX_KEYSET_BYTES = 1 << 20
MAX_KEYS = 1000
VARINT, I64, LEN, SGROUP, EGROUP, I32 = 0, 1, 2, 3, 4, 5


class _Reader:
    def __init__(self, data: bytes, message: str):
        self.b = bytes(data)
        self.i = 0
        self.m = message

    def varint(self) -> int:
        result = 0
        for count in range(10):
            if self.i >= len(self.b):
                raise fail("proto.truncated", f"{self.m}: varint runs past the end")
            x = self.b[self.i]
            self.i += 1
            if count == 9 and x > 1:
                raise fail("proto.invalid_varint", f"{self.m}: varint overflows 64 bits")
            result |= (x & 0x7F) << (7 * count)
            if not x & 0x80:
                return result
        raise fail("proto.invalid_varint", f"{self.m}: varint longer than 10 bytes")

    def tag(self) -> tuple[int, int]:
        tag = self.varint()
        number, wire_type = tag >> 3, tag & 7
        if number < 1 or number > MAX_FIELD:
            raise fail("proto.invalid_tag", f"{self.m}: field number {number} is out of range")
        if wire_type > 5:
            raise fail("proto.invalid_wire_type", f"{self.m}: wire type {wire_type} does not exist")
        return number, wire_type

    def take(self, n: int, what: str) -> bytes:
        if n > len(self.b) - self.i:
            raise fail("proto.truncated", f"{self.m}: {what} runs past the end")
        out = self.b[self.i:self.i + n]
        self.i += n
        return out

    def value(self, number: int, wire_type: int, depth: int):
        if wire_type == VARINT:
            return self.varint()
        if wire_type == I64:
            return self.take(8, "fixed64")
        if wire_type == I32:
            return self.take(4, "fixed32")
        if wire_type == LEN:
            return self.take(self.varint(), f"field {number}")
        if wire_type == SGROUP:
            self.skip_group(number, depth + 1)
            return None
        raise fail("proto.invalid_tag", f"{self.m}: end-group {number} without a start-group")

    def skip_group(self, number: int, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise fail("proto.too_deep", f"{self.m}: groups nested deeper than {MAX_DEPTH}")
        while self.i < len(self.b):
            inner, wire_type = self.tag()
            if wire_type == EGROUP:
                if inner != number:
                    raise fail("proto.invalid_tag", f"{self.m}: end-group {inner} closes group {number}")
                return
            self.value(inner, wire_type, depth)
        raise fail("proto.truncated", f"{self.m}: group {number} is not closed")


def scan(data: bytes, message: str) -> list[tuple[int, int, object]]:
    """Every field of one message as (number, wire type, value) after a complete structural
    scan; groups are skipped (value None)."""
    r = _Reader(data, message)
    out = []
    while r.i < len(r.b):
        number, wire_type = r.tag()
        out.append((number, wire_type, r.value(number, wire_type, 0)))
    return out


def occurrences(fields: list[tuple[int, int, object]], number: int) -> list[bytes]:
    """The length-delimited occurrences of a message/bytes/string field (other wire types are
    unknown fields, tink-keyset.md §"Protobuf wire rules")."""
    return [v for n, w, v in fields if n == number and w == LEN]


def merged(fields: list[tuple[int, int, object]], number: int) -> bytes | None:
    """A message field: its occurrences concatenated (protobuf merges them), None if absent."""
    occ = occurrences(fields, number)
    return b"".join(occ) if occ else None


def last_uint32(fields: list[tuple[int, int, object]], number: int) -> int:
    """A uint32/enum field: the last varint occurrence's low 32 bits, 0 if absent."""
    values = [v for n, w, v in fields if n == number and w == VARINT]
    return values[-1] & 0xFFFFFFFF if values else 0


def last_bytes(fields: list[tuple[int, int, object]], number: int) -> bytes:
    """A bytes/string field: the last length-delimited occurrence, empty if absent."""
    occ = occurrences(fields, number)
    return occ[-1] if occ else b""


def check_utf8(fields: list[tuple[int, int, object]], number: int, message: str) -> None:
    for v in occurrences(fields, number):
        try:
            v.decode("utf-8")
        except UnicodeDecodeError:
            raise fail("proto.invalid_utf8", f"{message}.{number}: string field is not valid UTF-8") from None


def scan_keyset(data: bytes) -> None:
    """tink-keyset.md §"Resource bounds" and steps 1-2 of §"Error precedence": the size, the
    Keyset's structure, the key count, then per key (in order) the Keyset.Key's structure,
    its merged KeyData's structure and type_urls."""
    if len(data) > MAX_KEYSET_BYTES:
        raise fail("keyset.too_large", f"keyset is {len(data)} bytes; at most {MAX_KEYSET_BYTES} accepted")
    fields = scan(data, "Keyset")
    keys = sum(1 for number, wire_type, _ in fields if number == 2 and wire_type == LEN)
    if keys > MAX_KEYS:
        raise fail("keyset.too_many_keys", f"keyset has {keys} keys; at most {MAX_KEYS} accepted")
    for number, wire_type, value in fields:
        if number != 2 or wire_type != LEN:
            continue
        key = scan(value, "Keyset.Key")
        key_data = merged(key, 1)
        if key_data is not None:
            check_utf8(scan(key_data, "KeyData"), 1, "KeyData")

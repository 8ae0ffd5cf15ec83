"""Strict text encodings (profile-v1 "Text encodings", specs/encodings.md) and RFC 8785.

b64    = RFC 4648 §4, padded, canonical.   b64url = RFC 4648 §5, no padding, canonical.
Decoders reject other alphabets, whitespace, wrong padding, length % 4 == 1 and non-zero
spare bits; each with its own message, all with code `decode_error`.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
import sys
import unicodedata

import rfc8785

from .errors import decode_error

_B64 = re.compile(r"[A-Za-z0-9+/]*={0,2}")
_B64URL = re.compile(r"[A-Za-z0-9_-]*")


def b64encode(data: bytes) -> str:
    return base64.b64encode(bytes(data)).decode("ascii")


def b64url_encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(bytes(data)).rstrip(b"=").decode("ascii")


def b64decode(text: str) -> bytes:
    """Strict standard base64 with padding."""
    if not _B64.fullmatch(text):
        if re.search(r"[-_]", text):
            raise decode_error("b64: url-safe alphabet character in a standard base64 string")
        raise decode_error("b64: invalid character")
    if len(text) % 4 != 0:
        raise decode_error("b64: length is not a multiple of 4")
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise decode_error("b64: invalid padding") from None
    if b64encode(data) != text:
        raise decode_error("b64: non-canonical trailing bits")
    return data


def b64url_decode(text: str) -> bytes:
    """Strict base64url without padding."""
    if not _B64URL.fullmatch(text):
        if "=" in text:
            raise decode_error("b64url: padding is not allowed")
        if re.search(r"[+/]", text):
            raise decode_error("b64url: standard alphabet character in a base64url string")
        raise decode_error("b64url: invalid character")
    if len(text) % 4 == 1:
        raise decode_error("b64url: impossible length (length % 4 == 1)")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):  # pragma: no cover - excluded above
        raise decode_error("b64url: invalid") from None
    if b64url_encode(data) != text:
        raise decode_error("b64url: non-canonical trailing bits")
    return data


# --- RFC 8785 over I-JSON (specs/canonical-json.md) ---------------------------------------
#
# Python's json module does the grammar; these hooks add what I-JSON and the spec pin:
# duplicate and NFC-equivalent member names, NaN/Infinity, numbers that overflow a double
# (underflow and excess precision are rounded, as the spec pins), lone surrogates (refused
# when serializing) and a depth limit of 1000 (checked before parsing, so nothing recurses
# deeper than that).

MAX_DEPTH = 1000
sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * MAX_DEPTH + 500))

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


class _Reject(ValueError):
    pass


def _members(pairs):
    obj = {}
    nfc = set()
    for k, v in pairs:
        if k in obj:
            raise _Reject("duplicate member name")
        n = unicodedata.normalize("NFC", k)
        if n in nfc:
            raise _Reject("member names equal after NFC normalization")
        nfc.add(n)
        obj[k] = v
    return obj


def _number(text: str) -> float:
    # JSON numbers are IEEE-754 doubles in JCS; overflow to infinity is refused.
    f = float(text)
    if math.isinf(f):
        raise _Reject("number outside the IEEE-754 double range")
    return f


def _constant(name: str):
    raise _Reject(f"{name} is not JSON")


def _depth(text: str) -> int:
    depth = deepest = 0
    for m in _BRACKET.finditer(_STRING.sub("", text)):
        depth += 1 if m.group() in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def parse_json(text: str):
    """Parses I-JSON text (see above); every refusal is decode_error."""
    if text.startswith("\ufeff"):
        raise decode_error("json: byte order mark")
    if _depth(text) > MAX_DEPTH:
        raise decode_error(f"json: more than {MAX_DEPTH} nested arrays/objects")
    try:
        return json.loads(text, object_pairs_hook=_members, parse_int=_number, parse_float=_number, parse_constant=_constant)
    except _Reject as e:
        raise decode_error(f"json: {e}") from None
    except RecursionError:
        raise decode_error("json: nesting too deep") from None
    except ValueError as e:
        raise decode_error(f"json: invalid JSON ({type(e).__name__})") from None


def canonical_bytes(value) -> bytes:
    try:
        return rfc8785.dumps(value)
    except (rfc8785.CanonicalizationError, UnicodeError):
        raise decode_error("json: not I-JSON (lone surrogate or unrepresentable value)") from None
    except RecursionError:
        raise decode_error("json: nesting too deep") from None


def canonicalize(text: str) -> bytes:
    """RFC 8785 canonical bytes of JSON text."""
    return canonical_bytes(parse_json(text))


def canonicalize_utf8(data: bytes) -> bytes:
    """RFC 8785 canonical bytes of UTF-8 JSON bytes (invalid UTF-8 rejected)."""
    try:
        text = bytes(data).decode("utf-8")
    except UnicodeDecodeError:
        raise decode_error("json: invalid UTF-8") from None
    return canonicalize(text)

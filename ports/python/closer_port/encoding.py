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

from . import jsonscan
from .errors import decode_error, fail

_STD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
_URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def b64encode(data: bytes) -> str:
    return base64.b64encode(bytes(data)).decode("ascii")


def b64url_encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(bytes(data)).rstrip(b"=").decode("ascii")


def _strict_decode(text: str, url: bool) -> bytes:
    """The strict decoder of specs/encodings.md, its checks in the page's order."""
    name = "b64url" if url else "b64"
    alphabet, other = (_URL, "+/") if url else (_STD, "-_")
    symbols = text.rstrip("=")  # 1. trailing '=' are padding
    padding = len(text) - len(symbols)
    for offset, c in enumerate(symbols):  # 2. the first offending character decides
        if c in alphabet:
            continue
        if c in other:
            raise fail("b64.wrong_alphabet", f"{name}: character of the other base64 alphabet at offset {offset}")
        if c == "=":
            raise fail("b64.invalid_padding", f"{name}: '=' before the end at offset {offset}")
        raise fail("b64.invalid_character", f"{name}: invalid character at offset {offset}")
    n = len(symbols)
    if n % 4 == 1:  # 3.
        raise fail("b64.invalid_length", f"{name}: {n} symbols is not a possible length")
    if url and padding:  # 4.
        raise fail("b64.invalid_padding", "b64url: padding is not allowed")
    if not url and padding != (4 - n % 4) % 4:
        raise fail("b64.invalid_padding", f"b64: {padding} padding characters for {n} symbols")
    full = symbols + "=" * ((4 - n % 4) % 4)
    data = base64.urlsafe_b64decode(full) if url else base64.b64decode(full, validate=True)
    if (b64url_encode(data) if url else b64encode(data)) != (symbols if url else text):  # 5.
        raise fail("b64.non_canonical_trailing_bits", f"{name}: non-zero spare bits in the last symbol")
    return data


def b64decode(text: str) -> bytes:
    """Strict standard base64 with padding."""
    return _strict_decode(text, url=False)


def b64url_decode(text: str) -> bytes:
    """Strict base64url without padding."""
    return _strict_decode(text, url=True)


def hex_decode(text: str) -> bytes:
    """Hex, either case; odd length or a non-hex character is hex.invalid."""
    if len(text) % 2 or any(c not in "0123456789abcdefABCDEF" for c in text):
        raise fail("hex.invalid", "hex: odd length or a non-hex character")
    return bytes.fromhex(text)


def hex_encode(data: bytes) -> str:
    return bytes(data).hex()


# Harness `encoding.decode` / `encoding.encode` profiles.
DECODERS = {"b64": "b64decode", "b64url": "b64url_decode", "hex": "hex_decode"}
ENCODERS = {"b64": "b64encode", "b64url": "b64url_encode", "hex": "hex_encode"}


def decode(profile: str, text: str) -> bytes:
    return globals()[DECODERS[profile]](text)


def encode(profile: str, data: bytes) -> str:
    return globals()[ENCODERS[profile]](data)


# --- RFC 8785 over I-JSON (specs/canonical-json.md) ---------------------------------------
#
# jsonscan checks the text first, in the spec's order (§2-§3: grammar, lone surrogates,
# duplicate and NFC-equivalent names as soon as they are read, overflow, depth 1000), so the
# first fault decides the code. Python's json module then builds the value; its hooks below
# repeat the I-JSON checks (duplicate and NFC-equivalent names, NaN/Infinity, overflow) as a
# second line. Nothing recurses deeper than 1000 levels.

MAX_DEPTH = 1000
sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * MAX_DEPTH + 500))



class _Reject(ValueError):
    def __init__(self, detail: str, message: str):
        super().__init__(message)
        self.detail = detail


def _members(pairs):
    obj = {}
    nfc = set()
    for k, v in pairs:
        if k in obj:
            raise _Reject("json.duplicate_member", "duplicate member name")
        n = unicodedata.normalize("NFC", k)
        if n in nfc:
            raise _Reject("json.equivalent_member_names", "member names equal after NFC normalization")
        nfc.add(n)
        obj[k] = v
    return obj


def _number(text: str) -> float:
    # JSON numbers are IEEE-754 doubles in JCS; overflow to infinity is refused.
    f = float(text)
    if math.isinf(f):
        raise _Reject("json.number_out_of_range", "number outside the IEEE-754 double range")
    return f


def _constant(name: str):
    raise _Reject("json.non_finite_literal", f"{name} is not JSON")


def _json_detail(e: json.JSONDecodeError) -> str | None:
    """The fine code of a grammar error, where Python's message determines it."""
    if e.msg.startswith("Invalid control character"):
        return "json.control_character"
    if e.msg.startswith("Invalid \\escape") or e.msg.startswith("Invalid \\u"):
        return "json.invalid_escape"
    return None


def parse_json(text: str):
    """Parses I-JSON text (see above); every refusal is decode_error."""
    if text == "":
        raise decode_error("json: the input is empty", "json.empty_input")
    if text.startswith("\ufeff"):
        raise decode_error("json: byte order mark", "json.byte_order_mark")
    first = jsonscan.first_error(text)  # the spec's order decides the code (§2-§3)
    if first is not None:
        raise decode_error(f"json: invalid I-JSON ({first})", first)
    try:
        return json.loads(text, object_pairs_hook=_members, parse_int=_number, parse_float=_number, parse_constant=_constant)
    except _Reject as e:
        raise decode_error(f"json: {e}", e.detail) from None
    except RecursionError:
        raise decode_error("json: nesting too deep", "json.too_deep") from None
    except json.JSONDecodeError as e:
        raise decode_error(f"json: invalid JSON ({e.msg} at offset {e.pos})", _json_detail(e)) from None
    except ValueError as e:
        raise decode_error(f"json: invalid JSON ({type(e).__name__})") from None


def canonical_bytes(value) -> bytes:
    try:
        return rfc8785.dumps(value)
    except (rfc8785.CanonicalizationError, UnicodeError):
        raise decode_error("json: not I-JSON (lone surrogate or unrepresentable value)", "json.lone_surrogate") from None
    except RecursionError:
        raise decode_error("json: nesting too deep", "json.too_deep") from None


def canonicalize(text: str) -> bytes:
    """RFC 8785 canonical bytes of JSON text."""
    return canonical_bytes(parse_json(text))


def canonicalize_utf8(data: bytes) -> bytes:
    """RFC 8785 canonical bytes of UTF-8 JSON bytes (invalid UTF-8 rejected)."""
    try:
        text = bytes(data).decode("utf-8")
    except UnicodeDecodeError:
        raise decode_error("json: invalid UTF-8", "json.invalid_utf8") from None
    return canonicalize(text)

"""Differential test: the Swift RFC 8785 implementation (through `closer-spec serve`, op
`canonicalize`) against the `rfc8785` PyPI package, on seeded random documents written in
varied but equivalent JSON texts, plus the inputs rfc8785 or I-JSON refuse.

Normative: specs/canonical-json.md. Where the two legitimately differ, the test says why:
- integers beyond 2^53: rfc8785 refuses Python ints outside ±(2^53−1); I-JSON/RFC 8785 read
  every number as a double, so Swift must equal rfc8785's output for float(n).
- canonically equivalent member names: pinned rejection in Swift (json.equivalent_member_names).
- duplicate names: Python's json module keeps the last; I-JSON refuses them.
"""

from __future__ import annotations

import json
import math
import random
import struct
import unicodedata
from decimal import Decimal

import pytest

rfc8785 = pytest.importorskip("rfc8785", reason="rfc8785 is not installed: pip install -r oracles/requirements.txt")

SEED = 8785
DOCUMENTS = 1500
INT_LIMIT = 2**53 - 1

# Characters chosen to hit every string rule: the escapes, controls, DEL, non-ASCII BMP,
# combining marks, line/paragraph separators, BOM, noncharacters, astral (surrogate pairs).
SPECIAL_CHARS = (
    ['"', "\\", "/", "\b", "\f", "\n", "\r", "\t", "\x00", "\x01", "\x0b", "\x1f", "\x7f", "\x80", "\xa0"]
    + ["é", "\u0301", "ö", "€", "\u2028", "\u2029", "\ufeff", "\ufb33", "\uffff", "\ue000", "中", "ᄀ"]
    + ["😂", "😀", "\U00010000", "\U0010ffff", "\U0001f1fa", "𝄞"]
)
SPECIAL_NUMBERS = [
    0.0, -0.0, 5e-324, -5e-324, 1e21, 1e-7, 1e20, 1e-6, 0.000001, 1.5e-7, 999999999999999900000.0,
    1.7976931348623157e308, -1.7976931348623157e308, 2.2250738585072014e-308, 2.225073858507201e-308,
    float(2**53), 0.1 + 0.2, 4.35, 4.5, 0.002, 1e30, 1e-27, 333333333.3333333, 1e23, 9.999999999999997e22,
    1.0000000000000001e23, 9.999999999999997e-7, 1424953923781206.2, 123456789012345680000.0, 1e16, 1e15,
]


# ---------------------------------------------------------------- value generation


def random_double(rng: random.Random) -> float:
    while True:
        (value,) = struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))
        if math.isfinite(value):
            return value


def random_number(rng: random.Random):
    kind = rng.randrange(7)
    if kind == 0:
        return rng.choice(SPECIAL_NUMBERS)
    if kind == 1:
        return random_double(rng)
    if kind == 2:
        return rng.randint(-INT_LIMIT, INT_LIMIT)
    if kind == 3:
        return rng.randint(-1000, 1000)
    if kind == 4:  # short decimals, the common case in real payloads
        return round(rng.uniform(-1e6, 1e6), rng.randrange(0, 8))
    if kind == 5:  # magnitudes across the ES layout boundaries (1e-9 .. 1e23)
        return rng.choice([-1, 1]) * rng.random() * 10.0 ** rng.randint(-9, 23)
    # doubles with exponents near the boundaries of the layout rules
    exponent = rng.randint(1023 - 30, 1023 + 77)
    bits = rng.getrandbits(52) | exponent << 52 | rng.getrandbits(1) << 63
    return struct.unpack("<d", bits.to_bytes(8, "little"))[0]


def random_string(rng: random.Random, max_length: int = 12) -> str:
    chars = []
    for _ in range(rng.randrange(max_length + 1)):
        kind = rng.randrange(4)
        if kind == 0:
            chars.append(rng.choice(SPECIAL_CHARS))
        elif kind == 1:
            chars.append(chr(rng.randrange(0x20, 0x7F)))
        elif kind == 2:  # any BMP scalar that is not a surrogate
            code = rng.randrange(0, 0xF800)
            chars.append(chr(code + 0x800 if code >= 0xD800 else code))
        else:  # any astral scalar
            chars.append(chr(rng.randrange(0x10000, 0x110000)))
    return "".join(chars)


def random_value(rng: random.Random, depth: int = 0):
    kinds = ["null", "bool", "number", "string"] + (["array", "object"] * 2 if depth < 5 else [])
    kind = rng.choice(kinds)
    if kind == "null":
        return None
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "number":
        return random_number(rng)
    if kind == "string":
        return random_string(rng)
    if kind == "array":
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(5))]
    members = {}
    seen_nfc = set()
    for _ in range(rng.randrange(6)):
        name = random_string(rng, 6)
        # Canonically equivalent names are a pinned rejection; keep them out of valid documents.
        if unicodedata.normalize("NFC", name) in seen_nfc:
            continue
        seen_nfc.add(unicodedata.normalize("NFC", name))
        members[name] = random_value(rng, depth + 1)
    return members


# ---------------------------------------------------------------- varied JSON texts

SHORT_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def u_escape(code: int, rng: random.Random) -> str:
    text = f"\\u{code:04x}"
    return text.upper().replace("\\U", "\\u") if rng.random() < 0.5 else text


def write_string(value: str, rng: random.Random) -> str:
    out = ['"']
    for char in value:
        code = ord(char)
        if char in SHORT_ESCAPES and rng.random() < 0.7:
            out.append(SHORT_ESCAPES[char])
        elif code < 0x20 or char in '"\\':
            out.append(u_escape(code, rng))
        elif char == "/" and rng.random() < 0.5:
            out.append("\\/")
        elif rng.random() < 0.25:
            if code >= 0x10000:
                high = 0xD800 + ((code - 0x10000) >> 10)
                low = 0xDC00 + ((code - 0x10000) & 0x3FF)
                out.append(u_escape(high, rng) + u_escape(low, rng))
            else:
                out.append(u_escape(code, rng))
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def write_number(value, rng: random.Random) -> str:
    """A JSON number text that denotes exactly `value` (the same double after rounding)."""
    if isinstance(value, int):
        return str(value)
    forms = [repr(value), f"{value:.17g}", f"{value:.17e}", repr(value).upper()]
    if value.is_integer() and abs(value) < 1e25:
        forms.append(str(int(value)) if value != 0 or math.copysign(1, value) > 0 else "-0")
    if rng.random() < 0.1:
        forms.append(str(Decimal(value)))  # the exact binary value in decimal, up to ~770 digits
    text = rng.choice(forms)
    # Python writes "1e-07" and "inf"; JSON allows exponent leading zeros, never "inf".
    assert "inf" not in text and "nan" not in text
    return text


def whitespace(rng: random.Random) -> str:
    return rng.choice(["", "", "", " ", "\n", "\t", "\r\n", "  ", " \n\t "])


def write_json(value, rng: random.Random) -> str:
    ws = whitespace
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return write_number(value, rng)
    if isinstance(value, str):
        return write_string(value, rng)
    if isinstance(value, list):
        items = [ws(rng) + write_json(item, rng) + ws(rng) for item in value]
        return "[" + ",".join(items) + "]" if items else "[" + ws(rng) + "]"
    items = list(value.items())
    rng.shuffle(items)
    members = [ws(rng) + write_string(k, rng) + ws(rng) + ":" + ws(rng) + write_json(v, rng) + ws(rng) for k, v in items]
    return "{" + ",".join(members) + "}" if members else "{" + ws(rng) + "}"


def generated_documents():
    rng = random.Random(SEED)
    for index in range(DOCUMENTS):
        # Mostly containers (real payloads are objects); some bare scalars.
        value = random_value(rng) if index % 10 == 0 else random_value(rng, depth=0 if rng.random() < 0.5 else 1)
        if index % 10 != 0 and not isinstance(value, (list, dict)):
            value = {"v": value, "coupleId": random_string(rng, 4)}
        yield index, value, ws_wrap(write_json(value, rng), rng)


def ws_wrap(text: str, rng: random.Random) -> str:
    return whitespace(rng) + text + whitespace(rng)


# ---------------------------------------------------------------- helpers


def canonicalize(serve, text: str) -> dict:
    return serve.request("canonicalize", json=text)


def expect_rejected(serve, text: str, detail: str | None = None) -> dict:
    response = canonicalize(serve, text)
    assert response["ok"] is False, f"accepted {text[:80]!r}: {response}"
    assert response["error"]["code"] == "decode_error", response
    if detail is not None:
        assert response["error"].get("detail") == detail, response
    return response


# ---------------------------------------------------------------- tests


def test_generated_documents_match_rfc8785(serve):
    """1500 seeded documents: Swift's canonical bytes equal rfc8785.dumps of the same value."""
    mismatches = []
    checked = 0
    for index, value, text in generated_documents():
        expected = rfc8785.dumps(value).hex()
        response = canonicalize(serve, text)
        checked += 1
        if not response["ok"] or response["canonical"] != expected:
            mismatches.append((index, text[:300], expected[:200], response))
    assert checked >= 1000
    assert not mismatches, f"{len(mismatches)} of {checked} differ; first: {mismatches[:3]}"


def test_canonical_output_is_a_fixed_point(serve):
    """Canonicalizing canonical bytes returns them unchanged."""
    for index, value, _ in generated_documents():
        if index >= 300:
            break
        canonical = rfc8785.dumps(value)
        response = canonicalize(serve, canonical.decode("utf-8"))
        assert response["ok"] and response["canonical"] == canonical.hex(), (index, response)


@pytest.mark.parametrize(
    "text, python_value, detail",
    [
        ("1e400", float("inf"), "json.number_out_of_range"),
        ("[-1e400]", [float("-inf")], "json.number_out_of_range"),
        ('{"a":1.8e308}', {"a": float("inf")}, "json.number_out_of_range"),
        ("NaN", float("nan"), "json.non_finite_literal"),
        ("[Infinity]", [float("inf")], "json.non_finite_literal"),
        ("-Infinity", float("-inf"), "json.non_finite_literal"),
        (r'"\ud800"', "\ud800", "json.lone_surrogate"),
        (r'["\udc00"]', ["\udc00"], "json.lone_surrogate"),
        (r'{"k":"\udc00\ud800"}', {"k": "\udc00\ud800"}, "json.lone_surrogate"),
        (r'{"\ud83d":1}', {"\ud83d": 1}, "json.lone_surrogate"),
        (r'"a\ud83dx"', "a\ud83dx", "json.lone_surrogate"),
    ],
)
def test_what_rfc8785_refuses_is_refused(serve, text, python_value, detail):
    """Values rfc8785 cannot canonicalize (non-finite, lone surrogates) are refused by Swift too.

    (rfc8785 refuses a lone surrogate in a member name with UnicodeEncodeError, elsewhere
    with CanonicalizationError.)"""
    refusals = (rfc8785.CanonicalizationError, UnicodeEncodeError)
    with pytest.raises(refusals):
        rfc8785.dumps(python_value)
    # Python's json module reads these texts into exactly those values.
    loaded = json.loads(text)
    with pytest.raises(refusals):
        rfc8785.dumps(loaded)
    expect_rejected(serve, text, detail)


@pytest.mark.parametrize(
    "n",
    [2**53, 2**53 + 1, -(2**53), 2**63, 2**64 + 1, 10**21, -(10**21) - 7, 123456789012345678901234567890, 10**308],
)
def test_integers_beyond_2_53_are_read_as_doubles(serve, n):
    """rfc8785 refuses such Python ints; RFC 8785 reads every JSON number as a double."""
    with pytest.raises(rfc8785.IntegerDomainError):
        rfc8785.dumps(n)
    expected = rfc8785.dumps(float(n))
    response = canonicalize(serve, str(n))
    assert response["ok"], response
    assert bytes.fromhex(response["canonical"]) == expected


def test_random_bit_pattern_doubles(serve):
    """2000 doubles from random bit patterns, alone and in arrays of 50."""
    rng = random.Random(SEED + 1)
    values = [random_double(rng) for _ in range(2000)]
    for start in range(0, len(values), 50):
        chunk = values[start : start + 50]
        text = "[" + ",".join(repr(v) for v in chunk) + "]"
        response = canonicalize(serve, text)
        assert response["ok"] and bytes.fromhex(response["canonical"]) == rfc8785.dumps(chunk), (text, response)
    for value in values[:200]:
        response = canonicalize(serve, repr(value))
        assert response["ok"] and bytes.fromhex(response["canonical"]) == rfc8785.dumps(value), (value, response)


def test_duplicate_names_are_refused(serve):
    """Python's json keeps the last duplicate; I-JSON refuses them, also when written differently."""
    rng = random.Random(SEED + 2)
    for _ in range(200):
        name = random_string(rng, 5)
        first, second = write_string(name, rng), write_string(name, rng)
        other = write_string(name + "x", rng)
        text = "{" + f"{first}:1,{other}:{write_json(random_value(rng, 3), rng)},{second}:2" + "}"
        assert json.loads(text)[name] == 2  # Python accepts and keeps the last
        expect_rejected(serve, text, "json.duplicate_member")
        nested = '[{"ok":{' + f"{first}:null,{second}:null" + "}}]"
        expect_rejected(serve, nested, "json.duplicate_member")


def test_canonically_equivalent_names_are_refused(serve):
    """Pinned divergence: rfc8785 keeps both members; Swift (and every port) refuses."""
    value = {"\u00e9": 1, "e\u0301": 2}
    assert rfc8785.dumps(value) == '{"e\u0301":2,"\u00e9":1}'.encode()
    expect_rejected(serve, json.dumps(value, ensure_ascii=False), "json.equivalent_member_names")
    expect_rejected(serve, r'{"\u00c5":1,"A\u030a":2}', "json.equivalent_member_names")


@pytest.mark.parametrize(
    "text, detail",
    [
        ("", "json.empty_input"),
        (" \n\t", "json.empty_input"),
        ("\ufeff{}", "json.byte_order_mark"),
        ("01", "json.number_leading_zero"),
        ("[-01]", "json.number_leading_zero"),
        ("+1", "json.number_leading_plus"),
        (".5", "json.number_missing_integer_digits"),
        ("[-]", "json.number_missing_integer_digits"),
        ("1.", "json.number_missing_fraction_digits"),
        ("1e", "json.number_missing_exponent_digits"),
        ("0x1F", "json.number_hex"),
        ('"a\x00b"', "json.control_character"),
        ('"\x1f"', "json.control_character"),
        ('{"\n":1}', "json.control_character"),
        (r'"\x41"', "json.invalid_escape"),
        (r'"\u12G4"', "json.invalid_escape"),
        (r'"\'"', "json.invalid_escape"),
        ("1 2", "json.trailing_data"),
        ("{} x", "json.trailing_data"),
        ("[1,]", "json.unexpected_character"),
        ('{"a":1,}', "json.unexpected_character"),
        ("{'a':1}", "json.unexpected_character"),
        ("[1", "json.unexpected_end"),
        ('"abc', "json.unexpected_end"),
        ("True", "json.invalid_literal"),
        ("[" * 1001 + "]" * 1001, "json.too_deep"),
        ("[" * 100_000, "json.too_deep"),
    ],
)
def test_invalid_json_is_refused(serve, text, detail):
    """RFC 8259 syntax errors, which Python's json module (strict) also refuses."""
    if detail != "json.too_deep":
        with pytest.raises(ValueError):
            json.loads(text)
    expect_rejected(serve, text, detail)


def test_depth_limit_is_1000(serve):
    text = "[" * 1000 + "]" * 1000
    response = canonicalize(serve, text)
    assert response["ok"] and bytes.fromhex(response["canonical"]) == text.encode()
    objects = '{"a":' * 1000 + "0" + "}" * 1000
    assert canonicalize(serve, objects)["ok"]
    expect_rejected(serve, '{"a":' * 1001 + "0" + "}" * 1001, "json.too_deep")


def test_underflow_is_zero_and_overflow_is_refused(serve):
    """Pinned: numbers round to the nearest double; only overflow to infinity is refused."""
    for text, value in [("1e-400", 0.0), ("-1e-400", -0.0), ("2.4703282292062328e-324", 5e-324), ("1.7976931348623158e308", 1.7976931348623157e308)]:
        assert float(text) == value
        response = canonicalize(serve, text)
        assert response["ok"] and bytes.fromhex(response["canonical"]) == rfc8785.dumps(value), (text, response)
    expect_rejected(serve, "1.7976931348623159e308", "json.number_out_of_range")


def test_error_messages_do_not_quote_strings(serve):
    secret = "correct-horse-battery"
    for text in [
        f'{{"{secret}":1,"{secret}":2}}',
        f'["{secret}\\x"]',
        f'["{secret}\\ud800"]',
        f'["{secret}',
        f'["{secret}" {secret}]',
        f'{{"a":"{secret}\x01"}}',
    ]:
        response = expect_rejected(serve, text)
        assert secret not in response["error"]["message"]
        assert "horse" not in json.dumps(response)

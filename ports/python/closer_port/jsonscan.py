"""The first error of JSON text in the order of specs/canonical-json.md §2-§3.

Python's json module parses the grammar but reports faults by message, finds duplicate names
only after the whole object, and accepts lone surrogate escapes; CloserSpec's order decides
which `json.*` code an input with several faults gets. This scanner walks the text once,
left to right, without recursion (an explicit stack, depth 1000), and returns the code of the
first failing check, or None when the text is one I-JSON value the spec accepts. Steps 1-3 of
§2 (empty, byte order mark, UTF-8) are the caller's: it gets decoded text.
"""

from __future__ import annotations

import math
import unicodedata

MAX_DEPTH = 1000
_WS = " \t\n\r"
_HEX = "0123456789abcdefABCDEF"
_SHORT = '"\\/bfnrt'
_SHORT_VALUE = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


class _Fault(Exception):
    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


def _digit(c: str) -> bool:
    return "0" <= c <= "9"


def _letters(s: str, i: int) -> str:
    j = i
    while j < len(s) and ("a" <= s[j] <= "z" or "A" <= s[j] <= "Z"):
        j += 1
    return s[i:j]


def _string(s: str, i: int) -> tuple[str, int]:
    """§3.2, from the opening quote at i: the value and the index after the closing quote."""
    n = len(s)
    out: list[str] = []
    high = None  # a high surrogate escape waiting for its low half
    i += 1
    while True:
        if i >= n:
            raise _Fault("json.lone_surrogate" if high is not None else "json.unexpected_end")
        c = s[i]
        if c == "\\":
            if high is not None and (i + 1 >= n or s[i + 1] != "u"):
                # after a high surrogate only a \u escape may follow; anything else (a short
                # or invalid escape, the end of input) leaves the high half alone
                raise _Fault("json.lone_surrogate")
            if i + 1 >= n:
                raise _Fault("json.unexpected_end")
            e = s[i + 1]
            if e == "u":
                for k in range(4):
                    if i + 2 + k >= n:
                        raise _Fault("json.unexpected_end")
                    if s[i + 2 + k] not in _HEX:
                        raise _Fault("json.invalid_escape")
                cp = int(s[i + 2:i + 6], 16)
                i += 6
                if high is not None:
                    if not 0xDC00 <= cp <= 0xDFFF:
                        raise _Fault("json.lone_surrogate")
                    out.append(chr(0x10000 + ((high - 0xD800) << 10) + (cp - 0xDC00)))
                    high = None
                elif 0xD800 <= cp <= 0xDBFF:
                    high = cp
                elif 0xDC00 <= cp <= 0xDFFF:
                    raise _Fault("json.lone_surrogate")
                else:
                    out.append(chr(cp))
                continue
            if e not in _SHORT:
                raise _Fault("json.invalid_escape")
            out.append(_SHORT_VALUE[e])
            i += 2
            continue
        if high is not None:
            raise _Fault("json.lone_surrogate")
        if c == '"':
            return "".join(out), i + 1
        if ord(c) < 0x20:
            raise _Fault("json.control_character")
        out.append(c)
        i += 1


def _number(s: str, i: int) -> int:
    """§3.3, from i (a '-' or a digit): the index after the number."""
    n = len(s)
    j = i
    if s[j] == "-":
        j += 1
    if j < n and s[j] == "0":
        if j + 1 < n and _digit(s[j + 1]):
            raise _Fault("json.number_leading_zero")
        if j + 1 < n and s[j + 1] in "xX":
            raise _Fault("json.number_hex")
        j += 1
    elif j < n and _digit(s[j]):
        while j < n and _digit(s[j]):
            j += 1
    else:
        if _letters(s, j) in ("Infinity", "NaN"):
            raise _Fault("json.non_finite_literal")
        raise _Fault("json.number_missing_integer_digits")
    if j < n and s[j] == ".":
        j += 1
        if not (j < n and _digit(s[j])):
            raise _Fault("json.number_missing_fraction_digits")
        while j < n and _digit(s[j]):
            j += 1
    if j < n and s[j] in "eE":
        j += 1
        if j < n and s[j] in "+-":
            j += 1
        if not (j < n and _digit(s[j])):
            raise _Fault("json.number_missing_exponent_digits")
        while j < n and _digit(s[j]):
            j += 1
    if math.isinf(float(s[i:j])):
        raise _Fault("json.number_out_of_range")
    return j


def first_error(s: str) -> str | None:
    """The json.* code of the first failing check of §2 steps 4-6 and §3, or None."""
    try:
        _scan(s)
    except _Fault as f:
        return f.detail
    return None


def _scan(s: str) -> None:
    n = len(s)

    def skip(i: int) -> int:
        while i < n and s[i] in _WS:
            i += 1
        return i

    i = skip(0)
    if i == n:
        raise _Fault("json.empty_input")
    stack: list[tuple[set[str], set[str]] | None] = []  # None: an array; else an object's names

    def name(i: int, names: tuple[set[str], set[str]]) -> int:
        """An object member's name and ':' (§3.4 steps 1-3); returns where its value starts."""
        i = skip(i)
        if i >= n:
            raise _Fault("json.unexpected_end")
        if s[i] != '"':
            raise _Fault("json.unexpected_character")
        value, i = _string(s, i)
        exact, nfc = names
        if value in exact:
            raise _Fault("json.duplicate_member")
        normalized = unicodedata.normalize("NFC", value)
        if normalized in nfc:
            raise _Fault("json.equivalent_member_names")
        exact.add(value)
        nfc.add(normalized)
        i = skip(i)
        if i >= n:
            raise _Fault("json.unexpected_end")
        if s[i] != ":":
            raise _Fault("json.unexpected_character")
        return i + 1

    expect_value = True
    while True:
        if expect_value:
            i = skip(i)
            if i >= n:
                raise _Fault("json.unexpected_end")
            c = s[i]
            if c in "[{":
                if len(stack) >= MAX_DEPTH:
                    raise _Fault("json.too_deep")
                j = skip(i + 1)
                if j < n and s[j] == ("]" if c == "[" else "}"):
                    i, expect_value = j + 1, False
                elif c == "[":
                    stack.append(None)
                    i = i + 1
                    continue
                else:
                    names: tuple[set[str], set[str]] = (set(), set())
                    stack.append(names)
                    i = name(i + 1, names)
                    continue
            elif c == '"':
                _, i = _string(s, i)
            elif c == "-" or _digit(c):
                i = _number(s, i)
            elif "a" <= c <= "z" or "A" <= c <= "Z":
                word = _letters(s, i)
                if word in ("NaN", "Infinity"):
                    raise _Fault("json.non_finite_literal")
                if word not in ("true", "false", "null"):
                    raise _Fault("json.invalid_literal")
                i += len(word)
            elif c == "+":
                raise _Fault("json.number_leading_plus")
            elif c == ".":
                raise _Fault("json.number_missing_integer_digits")
            else:
                raise _Fault("json.unexpected_character")
            expect_value = False
        # after a value: the enclosing container judges the next byte (§3.1)
        i = skip(i)
        if not stack:
            if i < n:
                raise _Fault("json.trailing_data")
            return
        if i >= n:
            raise _Fault("json.unexpected_end")
        top = stack[-1]
        c = s[i]
        if c == ",":
            if top is None:
                i, expect_value = i + 1, True
            else:
                i, expect_value = name(i + 1, top), True
        elif c == ("]" if top is None else "}"):
            stack.pop()
            i += 1
        else:
            raise _Fault("json.unexpected_character")

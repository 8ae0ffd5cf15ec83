"""Argon2id (RFC 9106, version 0x13) with the bounds of specs/argon2id.md, and the
`kdfParams` PHC string. argon2-cffi's low-level `hash_secret_raw` computes it (memory in
KiB, like libargon2 and BouncyCastle).

Every bound is checked before argon2-cffi runs, so a hostile document costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from argon2.low_level import Type, hash_secret_raw

from .errors import fail

VERSION = 0x13
MAX_MEMORY_KIB = 1_048_576
# argon2id.md §"Reader bounds" (kdfParams read from a document)
READER_MAX_PARALLELISM, READER_MAX_MEMORY_KIB, READER_MAX_ITERATIONS = 2, 65536, 4
ITERATIONS = (1, 10)
PARALLELISM = (1, 16)
OUTPUT_LENGTH = (16, 64)
SALT_LENGTH = (8, 64)
MAX_PASSWORD = 4096

# Production parameters (couple-key wrap and invite phrase).
PRODUCTION_MEMORY_KIB, PRODUCTION_ITERATIONS, PRODUCTION_PARALLELISM, KEY_LENGTH = 46080, 3, 1, 32


@dataclass(frozen=True)
class Parameters:
    memory_kib: int
    iterations: int
    parallelism: int
    length: int = KEY_LENGTH


def parameters(memory_kib: int, iterations: int, parallelism: int, length: int) -> Parameters:
    """Bounds in the page's order: parallelism, memory (8·p … 1 GiB), iterations, output length."""
    if not PARALLELISM[0] <= parallelism <= PARALLELISM[1]:
        raise fail("argon2.parallelism_out_of_range", f"Argon2id parallelism {parallelism} is outside 1...16")
    if not 8 * max(parallelism, 1) <= memory_kib <= MAX_MEMORY_KIB:
        raise fail("argon2.memory_out_of_range", f"Argon2id memory {memory_kib} KiB is outside {8 * parallelism}...{MAX_MEMORY_KIB} KiB")
    if not ITERATIONS[0] <= iterations <= ITERATIONS[1]:
        raise fail("argon2.iterations_out_of_range", f"Argon2id iterations {iterations} is outside 1...10")
    if not OUTPUT_LENGTH[0] <= length <= OUTPUT_LENGTH[1]:
        raise fail("argon2.output_length_out_of_range", f"Argon2id output length {length} is outside 16...64 bytes")
    return Parameters(memory_kib, iterations, parallelism, length)


PRODUCTION = Parameters(PRODUCTION_MEMORY_KIB, PRODUCTION_ITERATIONS, PRODUCTION_PARALLELISM, KEY_LENGTH)


def hash_raw(password: bytes, salt: bytes, p: Parameters) -> bytes:
    """The Argon2id computation itself (argon2-cffi; memory in KiB)."""
    return hash_secret_raw(
        secret=bytes(password),
        salt=bytes(salt),
        time_cost=p.iterations,
        memory_cost=p.memory_kib,
        parallelism=p.parallelism,
        hash_len=p.length,
        type=Type.ID,
        version=VERSION,
    )


def derive_key(password: bytes, salt: bytes, p: Parameters) -> bytes:
    """Salt and password bounds, then Argon2id."""
    if not SALT_LENGTH[0] <= len(salt) <= SALT_LENGTH[1]:
        raise fail("argon2.salt_length_out_of_range", f"Argon2id salt is {len(salt)} bytes; accepted 8...64")
    if len(password) > MAX_PASSWORD:
        raise fail("argon2.password_too_long", f"Argon2id password is {len(password)} bytes; at most {MAX_PASSWORD} accepted")
    key = hash_raw(password, salt, p)
    if len(key) != p.length:  # pragma: no cover - argon2-cffi returns what it is asked
        raise fail("argon2.backend_failure", "Argon2id returned the wrong length")
    return key


# --- kdfParams ---------------------------------------------------------------------------

KDF_PARAMS_MAX = 64


def kdf_params_string(p: Parameters) -> str:
    return f"$argon2id$v={VERSION}$m={p.memory_kib},t={p.iterations},p={p.parallelism}"


def _number(digits: bytes, field: str) -> int:
    if not digits:
        raise fail("kdfparams.invalid_number", f'kdfParams field "{field}" has no value')
    if not all(0x30 <= b <= 0x39 for b in digits):
        raise fail("kdfparams.invalid_number", f'kdfParams field "{field}" is not a decimal number')
    if len(digits) > 1 and digits[0] == 0x30:
        raise fail("kdfparams.invalid_number", f'kdfParams field "{field}" has a leading zero')
    if len(digits) > 10 or int(digits) > 0xFFFFFFFF:
        raise fail("kdfparams.invalid_number", f'kdfParams field "{field}" overflows 32 bits')
    return int(digits)


def parse_kdf_params(text: str) -> Parameters:
    """specs/argon2id.md §kdfParams, checks in the page's order; then the bounds (32-byte output)."""
    data = text.encode("utf-8", "surrogatepass")
    if len(data) > KDF_PARAMS_MAX:
        raise fail("kdfparams.too_long", f"kdfParams is {len(data)} bytes; at most {KDF_PARAMS_MAX} accepted")
    for offset, b in enumerate(data):
        if not 0x21 <= b <= 0x7E:
            raise fail("kdfparams.invalid_character", f"kdfParams has a byte outside printable ASCII at offset {offset}")
    segments = data.split(b"$")
    if len(segments) < 2 or segments[0] != b"":
        raise fail("kdfparams.malformed", 'kdfParams must start with "$argon2id$"')
    if segments[1] != b"argon2id":
        raise fail("kdfparams.unknown_algorithm", 'kdfParams algorithm is not "argon2id"')
    if len(segments) < 3 or not segments[2].startswith(b"v="):
        raise fail("kdfparams.missing_version", 'kdfParams has no "v=19" segment after the algorithm')
    version = _number(segments[2][2:], "v")
    if version != VERSION:
        raise fail("kdfparams.unsupported_version", f"kdfParams version {version} is not 19 (0x13)")
    if len(segments) < 4:
        raise fail("kdfparams.missing_field", 'kdfParams has no parameter segment "m=…,t=…,p=…"')
    if len(segments) > 4:
        raise fail("kdfparams.trailing_segment", "kdfParams carries segments after the parameters")
    names = b"mtp"
    values: list[int | None] = [None, None, None]
    last = -1
    for field in segments[3].split(b","):
        if b"=" not in field:
            raise fail("kdfparams.malformed", "kdfParams field is not name=value")
        name, _, digits = field.partition(b"=")
        if len(name) != 1 or name[0] not in names:
            raise fail("kdfparams.unknown_field", "kdfParams field is not one of m, t, p")
        index = names.index(name[0])
        if values[index] is not None:
            raise fail("kdfparams.duplicate_field", f'kdfParams field "{chr(name[0])}" appears twice')
        if index <= last:
            raise fail("kdfparams.field_order", "kdfParams fields must be in the order m, t, p")
        values[index] = _number(digits, chr(name[0]))
        last = index
    for i, v in enumerate(values):
        if v is None:
            raise fail("kdfparams.missing_field", f'kdfParams has no "{chr(names[i])}" field')
    params = parameters(values[0], values[1], values[2], KEY_LENGTH)
    # argon2id.md §"Reader bounds": a document someone else wrote may not cost much more than
    # the production set; checked after the bounds, in the order p, m, t.
    for name, value, bound in (("p", params.parallelism, READER_MAX_PARALLELISM),
                               ("m", params.memory_kib, READER_MAX_MEMORY_KIB),
                               ("t", params.iterations, READER_MAX_ITERATIONS)):
        if value > bound:
            raise fail("kdfparams.cost_too_high", f"kdfParams {name}={value} is above the reader bound {bound}")
    return params

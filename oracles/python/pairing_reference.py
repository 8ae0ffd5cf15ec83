"""An independent Python implementation of Closer's pairing values (profile-v1 §11–13).

Written from specs/argon2id.md, couple-key-wrap.md, recovery-phrase.md and invite-phrase.md
with argon2-cffi (Argon2id) and `cryptography` (AES-GCM) only — no CloserSpec code — so that
tests can compare it with `closer-spec serve` byte for byte.
"""

from __future__ import annotations

import base64
import pathlib
import unicodedata

from argon2.low_level import Type, hash_secret_raw
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

REPO = pathlib.Path(__file__).resolve().parents[2]
WORDLIST_PATH = REPO / "specs" / "wordlist-v1.txt"
WORDLIST = WORDLIST_PATH.read_text(encoding="utf-8").split("\n")[:-1]
INDEX = {word: i for i, word in enumerate(WORDLIST)}

PRODUCTION = {"memory_kib": 46080, "iterations": 3, "parallelism": 1}
KDF_PARAMS = "$argon2id$v=19$m=46080,t=3,p=1"
COUPLE_KEY_AAD = b"closer_couple_key"
INVITE_PHRASE_AAD = b"closer_invite_phrase"


def argon2id(password: bytes, salt: bytes, memory_kib: int, iterations: int, parallelism: int, length: int) -> bytes:
    """Argon2id version 0x13 (argon2-cffi, i.e. the reference C code built by the wheel)."""
    return hash_secret_raw(
        secret=password,
        salt=salt,
        time_cost=iterations,
        memory_cost=memory_kib,
        parallelism=parallelism,
        hash_len=length,
        type=Type.ID,
        version=19,
    )


def phrase_from_entropy(entropy: bytes) -> str:
    assert len(entropy) == 10
    return " ".join(WORDLIST[b] for b in entropy)


def normalize(text: str) -> str:
    """NFKC, lower case, any run of whitespace is one separator, trimmed."""
    return " ".join(unicodedata.normalize("NFKC", text).lower().split())


def entropy_from_phrase(text: str) -> bytes:
    words = normalize(text).split(" ")
    assert len(words) == 10
    return bytes(INDEX[w] for w in words)


def parse_kdf_params(text: str) -> tuple[int, int, int]:
    prefix = "$argon2id$v=19$"
    assert text.startswith(prefix)
    fields = [f.split("=") for f in text[len(prefix):].split(",")]
    assert [f[0] for f in fields] == ["m", "t", "p"]
    m, t, p = (int(f[1]) for f in fields)
    return m, t, p


def wrap(keyset: bytes, phrase: str, salt: bytes, iv: bytes) -> dict:
    key = argon2id(phrase.encode("utf-8"), salt, 46080, 3, 1, 32)
    sealed = iv + AESGCM(key).encrypt(iv, keyset, COUPLE_KEY_AAD)
    return {
        "wrappedCoupleKey": base64.b64encode(sealed).decode("ascii"),
        "kdfSalt": base64.b64encode(salt).decode("ascii"),
        "kdfParams": KDF_PARAMS,
    }


def unwrap(wrapped: str, kdf_salt: str, kdf_params: str, phrase: str) -> bytes:
    m, t, p = parse_kdf_params(kdf_params)
    salt = base64.b64decode(kdf_salt, validate=True)
    sealed = base64.b64decode(wrapped, validate=True)
    key = argon2id(normalize(phrase).encode("utf-8"), salt, m, t, p, 32)
    return AESGCM(key).decrypt(sealed[:12], sealed[12:], COUPLE_KEY_AAD)


def invite_encrypt(code: str, phrase: str, salt: bytes, iv: bytes) -> str:
    key = argon2id(code.upper().encode("ascii"), salt, 46080, 3, 1, 32)
    return base64.b64encode(salt + iv + AESGCM(key).encrypt(iv, phrase.encode("utf-8"), INVITE_PHRASE_AAD)).decode(
        "ascii"
    )


def invite_decrypt(code: str, value: str) -> str:
    raw = base64.b64decode(value, validate=True)
    salt, iv, rest = raw[:16], raw[16:28], raw[28:]
    key = argon2id(code.upper().encode("ascii"), salt, 46080, 3, 1, 32)
    return AESGCM(key).decrypt(iv, rest, INVITE_PHRASE_AAD).decode("utf-8")

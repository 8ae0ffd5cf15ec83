"""Couple-key wrap, recovery phrase and invite phrase encryption: CloserSpec against the
independent Python implementation in pairing_reference.py (argon2-cffi + cryptography),
both ways, byte-exact when salt and IV are injected. Keysets come from Python Tink.

specs/couple-key-wrap.md, specs/recovery-phrase.md, specs/invite-phrase.md.
"""

from __future__ import annotations

import base64
import io
import os
import random

import pytest
import tink
from tink import aead, cleartext_keyset_handle

import pairing_reference as ref

aead.register()


def tink_keyset() -> bytes:
    """A fresh AES256_GCM keyset from Python Tink, binary."""
    handle = tink.new_keyset_handle(aead.aead_key_templates.AES256_GCM)
    out = io.BytesIO()
    cleartext_keyset_handle.write(tink.BinaryKeysetWriter(out), handle)
    return out.getvalue()


def tink_primitive(keyset: bytes):
    return cleartext_keyset_handle.read(tink.BinaryKeysetReader(keyset)).primitive(aead.Aead)


# The vector pinned in Tests/CloserWireArgon2Tests/PairingFlowTests.swift, reproduced here.
KAT_KEYSET = bytes.fromhex(
    "08f8acd19101126" "40a580a30747970652e676f6f676c65617069732e636f6d2f676f6f676c652e63727970746f2e74696e6b2e41657347636d4b6579"
    "12221a20" + bytes(range(32)).hex() + "1801" "1001" "18f8acd19101" "2001"
)
KAT_PHRASE = ref.phrase_from_entropy(bytes(range(10)))
KAT_WRAPPED = (
    "AAECAwQFBgcICQoLwQXjs11+tvwbo1xSG0Nk1SddmGDyYcvMMboNDY59tlGS8y6KPmf2e6AdVNvBC9vsl7F4R3EXJ1gueF6PCNcLkgixWF/tlxFIQv3"
    "ejWqzxCEDdEyUTF4Tn8IFDl+MT7QE1DJRAAJwaB/VUkakpxvF6f0ZOs5UPar8V52aUA=="
)
KAT_INVITE = (
    "AAECAwQFBgcICQoLDA0ODwABAgMEBQYHCAkKC3oZwlLkkAaenw2cBfMLCJXDPCFj8lGCpOhu/wT8yHv9iZ67KPSK0t/8fvhAEa7GrQRNuGtWRbMRJ5"
    "xgGzUtC0unnLwdPj4QioRg0o/jzSY="
)


def test_pinned_swift_vector_is_reproduced_by_python():
    assert len(KAT_KEYSET) == 108
    wrapped = ref.wrap(KAT_KEYSET, KAT_PHRASE, bytes(range(16)), bytes(range(12)))
    assert wrapped["wrappedCoupleKey"] == KAT_WRAPPED
    assert wrapped["kdfSalt"] == "AAECAwQFBgcICQoLDA0ODw=="
    assert ref.invite_encrypt("abc234", KAT_PHRASE, bytes(range(16)), bytes(range(12))) == KAT_INVITE


# --- couple-key wrap ---------------------------------------------------------------------


@pytest.mark.parametrize("backend", ["libargon2", "libsodium"])
def test_wrap_is_byte_exact_with_injected_salt_and_iv(serve, backend):
    keyset = tink_keyset()
    phrase = ref.phrase_from_entropy(os.urandom(10))
    salt, iv = os.urandom(16), os.urandom(12)
    response = serve.request(
        "couplekey.wrap", keyset=keyset.hex(), phrase=phrase, salt=salt.hex(), iv=iv.hex(), backend=backend
    )
    assert response["ok"], response
    expected = ref.wrap(keyset, phrase, salt, iv)
    assert {k: response[k] for k in expected} == expected


def test_python_wrap_unwraps_in_closer_spec(serve):
    keyset = tink_keyset()
    phrase = ref.phrase_from_entropy(os.urandom(10))
    wrapped = ref.wrap(keyset, phrase, os.urandom(16), os.urandom(12))
    # Typed sloppily: upper case, tabs, a full-width letter, trailing newline.
    typed = "\t" + phrase.upper().replace(" ", "  \n ").replace("A", "\uff21", 1) + "\n"
    response = serve.request("couplekey.unwrap", phrase=typed, **wrapped)
    assert response["ok"], response
    assert bytes.fromhex(response["keyset"]) == keyset


def test_closer_spec_wrap_unwraps_in_python_and_tink_uses_it(serve):
    keyset = tink_keyset()
    phrase = ref.phrase_from_entropy(os.urandom(10))
    response = serve.request("couplekey.wrap", keyset=keyset.hex(), phrase=phrase)  # CSPRNG salt and IV
    assert response["ok"], response
    assert response["kdfParams"] == ref.KDF_PARAMS
    assert len(base64.b64decode(response["kdfSalt"])) == 16
    unwrapped = ref.unwrap(response["wrappedCoupleKey"], response["kdfSalt"], response["kdfParams"], phrase)
    assert unwrapped == keyset
    ciphertext = tink_primitive(keyset).encrypt(b"hello", b"couple-1")
    assert tink_primitive(unwrapped).decrypt(ciphertext, b"couple-1") == b"hello"


def test_unwrap_follows_the_documents_kdf_params(serve):
    """Readers use what kdfParams says (inside the reader bounds), not the production constants."""
    keyset = tink_keyset()
    phrase = ref.phrase_from_entropy(os.urandom(10))
    salt, iv = os.urandom(16), os.urandom(12)
    key = ref.argon2id(phrase.encode(), salt, 1024, 2, 2, 32)
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    sealed = iv + AESGCM(key).encrypt(iv, keyset, ref.COUPLE_KEY_AAD)
    response = serve.request(
        "couplekey.unwrap",
        wrappedCoupleKey=base64.b64encode(sealed).decode(),
        kdfSalt=base64.b64encode(salt).decode(),
        kdfParams="$argon2id$v=19$m=1024,t=2,p=2",
        phrase=phrase,
    )
    assert response["ok"], response
    assert bytes.fromhex(response["keyset"]) == keyset


def test_wrong_phrase_is_authentication_failure(serve):
    keyset = tink_keyset()
    entropy = bytearray(os.urandom(10))
    wrapped = ref.wrap(keyset, ref.phrase_from_entropy(bytes(entropy)), os.urandom(16), os.urandom(12))
    entropy[0] ^= 1
    response = serve.request("couplekey.unwrap", phrase=ref.phrase_from_entropy(bytes(entropy)), **wrapped)
    assert not response["ok"]
    assert response["error"]["code"] == "authentication_failure"
    assert ref.WORDLIST[entropy[0]] not in response["error"]["message"]


def test_authenticated_non_keyset_is_invalid_key(serve):
    phrase = ref.phrase_from_entropy(os.urandom(10))
    wrapped = ref.wrap(b"\x08\x01", phrase, os.urandom(16), os.urandom(12))  # primary id 1, no keys
    response = serve.request("couplekey.unwrap", phrase=phrase, **wrapped)
    assert not response["ok"]
    assert response["error"]["code"] == "invalid_key"


@pytest.mark.parametrize(
    "field,value,category",
    [
        ("kdfSalt", "AAECAwQFBgcICQoLDA0ODw", "decode_error"),  # padding missing
        ("kdfSalt", "AAECAwQFBgcICQoLDA0ODx==", "decode_error"),  # non-canonical bits
        ("kdfSalt", "AAECAwQFBgcICQoL", "invalid_parameters"),  # 12 bytes
        ("wrappedCoupleKey", "AAAA", "decode_error"),
        ("wrappedCoupleKey", "AAEC AwQF", "decode_error"),
        ("kdfParams", "$argon2id$v=19$m=4194304,t=3,p=1", "invalid_parameters"),
        ("kdfParams", "$argon2id$v=19$m=46080,t=100000,p=1", "invalid_parameters"),
        ("kdfParams", "$argon2i$v=19$m=46080,t=3,p=1", "invalid_parameters"),
        ("kdfParams", "$argon2id$v=16$m=46080,t=3,p=1", "invalid_parameters"),
        ("kdfParams", "$argon2id$v=19$t=3,m=46080,p=1", "invalid_parameters"),
    ],
)
def test_document_errors(serve, field, value, category):
    wrapped = ref.wrap(b"\x08\x01", "x", bytes(16), bytes(12))
    wrapped[field] = value
    response = serve.request("couplekey.unwrap", phrase="anything", **wrapped)
    assert not response["ok"]
    assert response["error"]["code"] == category, response


# --- recovery phrase ---------------------------------------------------------------------


def test_phrase_from_entropy_matches_python(serve):
    rng = random.Random(12)
    for entropy in [bytes(10), b"\xff" * 10, bytes(range(10))] + [rng.randbytes(10) for _ in range(50)]:
        response = serve.request("phrase.fromEntropy", entropy=entropy.hex())
        assert response["ok"] and response["phrase"] == ref.phrase_from_entropy(entropy)


def test_phrase_normalize_matches_python(serve):
    rng = random.Random(13)
    spaces = [" ", "  ", "\t", "\n", "\r\n", "\u3000", "\u00a0", "\u2003"]
    for _ in range(50):
        entropy = rng.randbytes(10)
        words = ref.phrase_from_entropy(entropy).split(" ")
        messy = [w.upper() if rng.random() < 0.3 else w for w in words]
        messy = ["".join(chr(ord(c) + 0xFEE0) if rng.random() < 0.1 else c for c in w) for w in messy]  # full-width
        text = rng.choice(spaces) + "".join(w + rng.choice(spaces) for w in messy)
        assert ref.normalize(text) == ref.phrase_from_entropy(entropy)
        response = serve.request("phrase.normalize", input=text)
        assert response["ok"], (text, response)
        assert response["phrase"] == ref.phrase_from_entropy(entropy)
        assert response["entropy"] == entropy.hex()


def test_unknown_word_and_wrong_count(serve):
    words = ref.phrase_from_entropy(bytes(range(10))).split(" ")
    words[4] = words[4][:-1] + "q"
    response = serve.request("phrase.normalize", input=" ".join(words))
    assert not response["ok"] and response["error"]["code"] == "decode_error"
    assert response["error"]["detail"] == "phrase.unknown_word"
    # The position only: neither the typed word nor the list word it is a typo of.
    assert "word 5" in response["error"]["message"]
    assert words[4] not in response["error"]["message"]
    assert words[4][:-1] not in response["error"]["message"]
    response = serve.request("phrase.normalize", input=" ".join(words[:9]))
    assert response["error"]["detail"] == "phrase.wrong_word_count"


# --- invite phrase encryption ------------------------------------------------------------


@pytest.mark.parametrize("backend", ["libargon2", "libsodium"])
def test_invite_encrypt_is_byte_exact(serve, backend):
    phrase = ref.phrase_from_entropy(os.urandom(10))
    salt, iv = os.urandom(16), os.urandom(12)
    response = serve.request(
        "invite.encrypt", code="k7m2qx", phrase=phrase, salt=salt.hex(), iv=iv.hex(), backend=backend
    )
    assert response["ok"], response
    assert response["value"] == ref.invite_encrypt("K7M2QX", phrase, salt, iv)


def test_python_invite_decrypts_in_closer_spec_and_back(serve):
    phrase = ref.phrase_from_entropy(os.urandom(10))
    value = ref.invite_encrypt("P4ZZ9W", phrase, os.urandom(16), os.urandom(12))
    response = serve.request("invite.decrypt", code="p4zz9w", value=value)
    assert response["ok"] and response["phrase"] == phrase
    response = serve.request("invite.encrypt", code="P4ZZ9W", phrase=phrase)
    assert response["ok"]
    assert ref.invite_decrypt("p4zz9w", response["value"]) == phrase


def test_invite_wrong_code_and_bad_values(serve):
    value = ref.invite_encrypt("ABC234", ref.phrase_from_entropy(bytes(10)), bytes(16), bytes(12))
    response = serve.request("invite.decrypt", code="ABC235", value=value)
    assert response["error"]["code"] == "authentication_failure"
    assert "ABC235" not in response["error"]["message"] and "ABC234" not in response["error"]["message"]
    response = serve.request("invite.decrypt", code="ABC234", value=value[:-4])
    assert response["error"]["code"] in ("decode_error", "authentication_failure")
    response = serve.request("invite.decrypt", code="ABC234", value="AAAA")
    assert response["error"]["code"] == "decode_error"
    response = serve.request("invite.decrypt", code="ABC-34", value=value)
    assert response["error"]["code"] == "invalid_parameters"

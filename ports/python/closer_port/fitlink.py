"""FitLink friends chat (specs/profiles/fitlink/chat.md), written from the page with `cryptography`:
X25519, HKDF-SHA256 (salt = UTF-8 of the chat id, info = the two raw public keys, sorted or as
the design document writes them) and AES-256-GCM with a 12-byte nonce.

Check order (profiles/fitlink/chat.md §"Encrypt" / §"Decrypt"): chat id, private key, peer public key,
nonce, content, X25519 (all-zero secret refused), AES-GCM.
"""

from __future__ import annotations

import re

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from .encoding import b64decode, b64encode
from .errors import fail, malformed

_UID = re.compile(r"[A-Za-z0-9-]{1,128}")
NONCE_LENGTH = 12
TAG_LENGTH = 16
DERIVATIONS = ("sorted", "as_written")


def _check_uid(uid: str) -> None:
    if not _UID.fullmatch(uid) or not uid.isascii():
        raise fail("fitlink.invalid_user_id", "a user id is 1...128 ASCII letters, digits or -")


def chat_id(a: str, b: str) -> str:
    _check_uid(a)
    _check_uid(b)
    if a == b:
        raise fail("fitlink.invalid_user_id", "a chat needs two distinct user ids")
    lo, hi = sorted((a, b), key=lambda s: s.encode("ascii"))
    return f"chat_{lo}_{hi}"


def check_chat_id(text: str) -> None:
    if not text.startswith("chat_"):
        raise fail("fitlink.invalid_chat_id", "a chat id starts with chat_")
    parts = text[len("chat_"):].split("_")
    if len(parts) != 2:
        raise fail("fitlink.invalid_chat_id", "a chat id has two user ids")
    try:
        expected = chat_id(parts[0], parts[1])
    except Exception:
        raise fail("fitlink.invalid_chat_id", "a chat id's components are not two valid distinct user ids") from None
    if expected != text:
        raise fail("fitlink.invalid_chat_id", "a chat id lists the lower user id first")


def _private(raw: bytes) -> X25519PrivateKey:
    if len(raw) != 32:
        raise fail("x25519.invalid_key_length", f"X25519 private key is {len(raw)} bytes")
    return X25519PrivateKey.from_private_bytes(raw)


def _raw_public(key: X25519PrivateKey) -> bytes:
    return key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def public_key(private_key: bytes) -> str:
    return b64encode(_raw_public(_private(private_key)))


def _peer(text: str) -> bytes:
    raw = b64decode(text)
    if len(raw) != 32:
        raise fail("x25519.invalid_key_length", f"public_key decodes to {len(raw)} bytes")
    return raw


def _key(priv: X25519PrivateKey, peer: bytes, chat: str, derivation: str) -> bytes:
    try:
        secret = priv.exchange(X25519PublicKey.from_public_bytes(peer))
    except ValueError:  # cryptography refuses the all-zero shared secret
        raise fail("x25519.low_order_point", "X25519 shared secret is all zero") from None
    if secret == bytes(32):
        raise fail("x25519.low_order_point", "X25519 shared secret is all zero")
    mine = _raw_public(priv)
    info = mine + peer if derivation == "as_written" else b"".join(sorted((mine, peer)))
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=chat.encode("utf-8"), info=info).derive(secret)


def _derivation(name: str | None) -> str:
    if name is None:
        return "sorted"
    if name not in DERIVATIONS:
        raise malformed('field "derivation" must be sorted or as_written')
    return name


def encrypt(plaintext: bytes, private_key: bytes, peer_public_key: str, chat: str, nonce: bytes | None,
            derivation: str | None) -> dict:
    d = _derivation(derivation)
    check_chat_id(chat)
    priv = _private(private_key)
    peer = _peer(peer_public_key)
    if nonce is None:
        import os
        nonce = os.urandom(NONCE_LENGTH)
    if len(nonce) != NONCE_LENGTH:
        raise fail("aesgcm.invalid_iv", f"the nonce must be 12 bytes, got {len(nonce)}")
    key = _key(priv, peer, chat, d)
    ct = AESGCM(key).encrypt(nonce, plaintext, None)
    return {"encryptedContent": b64encode(ct), "iv": b64encode(nonce)}


def decrypt(content: str, iv: str, private_key: bytes, peer_public_key: str, chat: str, derivation: str | None) -> bytes:
    d = _derivation(derivation)
    check_chat_id(chat)
    priv = _private(private_key)
    peer = _peer(peer_public_key)
    nonce = b64decode(iv)
    if len(nonce) != NONCE_LENGTH:
        raise fail("aesgcm.invalid_iv", f"iv decodes to {len(nonce)} bytes")
    data = b64decode(content)
    if len(data) < TAG_LENGTH:
        raise fail("aesgcm.too_short", f"encrypted_content is {len(data)} bytes")
    key = _key(priv, peer, chat, d)
    try:
        return AESGCM(key).decrypt(nonce, data, None)
    except InvalidTag:
        raise fail("aesgcm.authentication_failed", "AES-GCM tag did not verify") from None

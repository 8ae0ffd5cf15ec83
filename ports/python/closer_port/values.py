"""Closer's five wire values, profile-v1 §1–10 (specs/enc-v1.md, sealed-v1.md,
commitment.md, pub-v1.md, keybox-v1.md).

    enc:v1:    + b64(TinkAEAD(coupleKeyset).encrypt(UTF-8 text, aad = UTF-8 coupleId))
    sealed:v1: + b64url(TinkAEAD(oneTimeKeyset).encrypt(JCS(payload), aad = c|q|u))
    sha256:    + b64url(SHA-256(JCS(payload)))
    pub:v1:    + b64url(binary public keyset, 33-byte coordinates)
    keybox:v1: + b64url(TinkHybrid(recipient).encrypt(oneTimeKeysetBytes, ctx = c|q|s|r))

All bindings of the Closer profile live here; the Tink, encoding and JSON layers know
nothing about Closer.
"""

from __future__ import annotations

import hashlib
import hmac

from . import aead, encoding, hybrid, tink_keysets
from .errors import PortError, fail, invalid_parameters, malformed

ENC_PREFIX = "enc:v1:"
SEALED_PREFIX = "sealed:v1:"
KEYBOX_PREFIX = "keybox:v1:"
COMMITMENT_PREFIX = "sha256:"
PUB_PREFIX = "pub:v1:"
PREFIXES = (ENC_PREFIX, SEALED_PREFIX, KEYBOX_PREFIX, COMMITMENT_PREFIX, PUB_PREFIX)

SEPARATOR = "|"
PAYLOAD_MEMBERS = ("coupleId", "questionId", "userId", "nonce")
NONCE_LENGTH = 16

# Smallest decoded bodies: Tink prefix + IV + tag; + KEM point for keybox.
_MIN_BODY = {ENC_PREFIX: 5 + 12 + 16, SEALED_PREFIX: 5 + 12 + 16, KEYBOX_PREFIX: 5 + 65 + 12 + 16}


# --- shared pieces ----------------------------------------------------------------------


def components(**named: str) -> bytes:
    """AAD / context info: the components joined by '|' (profile-v1 §10)."""
    for name, value in named.items():
        if not isinstance(value, str):
            raise malformed(f"{name} must be a string")
        if value == "":
            raise fail("binding.empty_component", f"{name} is empty; binding components must be non-empty")
        if SEPARATOR in value:
            raise fail("binding.separator_in_component", f"{name} contains the separator '|'")
    try:
        return SEPARATOR.join(named.values()).encode("utf-8")
    except UnicodeEncodeError:
        raise invalid_parameters("an id is not valid Unicode (lone surrogate)") from None


def enc_aad(couple_id: str) -> bytes:
    """enc:v1 AAD: UTF-8 coupleId."""
    return components(coupleId=couple_id)


def sealed_aad(couple_id: str, question_id: str, user_id: str) -> bytes:
    """sealed:v1 AAD: coupleId|questionId|userId."""
    return components(coupleId=couple_id, questionId=question_id, userId=user_id)


def keybox_ctx(couple_id: str, question_id: str, sender: str, recipient: str) -> bytes:
    """keybox:v1 context info: coupleId|questionId|senderUserId|recipientUserId."""
    return components(coupleId=couple_id, questionId=question_id, senderUserId=sender, recipientUserId=recipient)


def binding_aad(kind: str, fields: dict) -> bytes:
    """Harness `binding.aad`: the AAD or context info of a kind, from the request's ids."""
    if kind == "enc":
        return enc_aad(fields["coupleId"])
    if kind == "sealed":
        return sealed_aad(fields["coupleId"], fields["questionId"], fields["userId"])
    if kind == "keybox":
        return keybox_ctx(fields["coupleId"], fields["questionId"], fields["senderUserId"], fields["recipientUserId"])
    raise malformed('field "kind" must be enc, sealed or keybox')


def _body(value: str, prefix: str) -> bytes:
    """Prefix, alphabet and keyless Tink-framing checks of a value (decode_error)."""
    if not isinstance(value, str):
        raise malformed("value must be a string")
    if not value.startswith(prefix):
        other = next((p for p in PREFIXES if value.startswith(p)), None)
        raise fail("wire.wrong_prefix", f"expected a {prefix} value" + (f", found a {other} value" if other else ""))
    text = value[len(prefix):]
    body = encoding.b64decode(text) if prefix == ENC_PREFIX else encoding.b64url_decode(text)
    if prefix in _MIN_BODY:
        if len(body) < _MIN_BODY[prefix]:
            raise fail("wire.too_short", f"{prefix} body is {len(body)} bytes; at least {_MIN_BODY[prefix]} expected")
        if body[0] != 0x01:
            raise fail("wire.wrong_tink_prefix", f"{prefix} body does not start with the Tink TINK prefix 0x01")
    return body


def _utf8(text: str, what: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise invalid_parameters(f"{what} is not valid Unicode (lone surrogate)") from None


def _check_tink_primary(keyset: bytes, prefix: str) -> None:
    """enc:v1 and sealed:v1 values are written under a TINK-prefixed primary key."""
    primary = tink_keysets.primary_entry(tink_keysets.parse_keyset(keyset))
    if primary.output_prefix_type != tink_keysets.PREFIX["TINK"]:
        name = tink_keysets.PREFIX_NAME.get(primary.output_prefix_type, "unknown")
        raise fail("wire.primary_not_tink", f"{prefix} values are written with a TINK-prefixed primary key; this primary is {name}")


# --- enc:v1 -----------------------------------------------------------------------------


def enc_seal(keyset: bytes, couple_id: str, text: str, iv: bytes | None = None) -> str:
    tink_keysets.aead_primitive(keyset)
    aad = enc_aad(couple_id)
    _check_tink_primary(keyset, ENC_PREFIX)
    return ENC_PREFIX + encoding.b64encode(aead.encrypt(keyset, _utf8(text, "text"), aad, iv))


def enc_open(keyset: bytes, couple_id: str, value: str) -> str:
    tink_keysets.aead_primitive(keyset)
    aad = enc_aad(couple_id)
    body = _body(value, ENC_PREFIX)
    plaintext = aead.decrypt(keyset, body, aad)
    try:
        return plaintext.decode("utf-8")
    except UnicodeDecodeError:
        raise fail("enc.plaintext_not_utf8", "enc:v1: plaintext is not valid UTF-8") from None


# --- sha256 commitment ------------------------------------------------------------------


def commitment_of(canonical: bytes) -> str:
    return COMMITMENT_PREFIX + encoding.b64url_encode(hashlib.sha256(canonical).digest())


def commitment(json_text: str) -> tuple[bytes, str]:
    """(canonical bytes, sha256: value) of JSON text."""
    canonical = encoding.canonicalize(json_text)
    return canonical, commitment_of(canonical)


def parse_commitment(value: str) -> bytes:
    if not isinstance(value, str):
        raise malformed("commitment must be a string")
    if not value.startswith(COMMITMENT_PREFIX):
        raise fail("wire.wrong_prefix", "expected a sha256: commitment")
    digest = encoding.b64url_decode(value[len(COMMITMENT_PREFIX):])
    if len(digest) != 32:
        raise fail("wire.wrong_length", f"sha256: digest is {len(digest)} bytes; 32 expected")
    return digest


def check_commitment(canonical: bytes, digest: bytes) -> None:
    """SHA-256 of the revealed bytes equals the commitment (constant time)."""
    if not hmac.compare_digest(hashlib.sha256(canonical).digest(), digest):
        raise fail("sealed.commitment_mismatch", "sha256 of the revealed payload differs from the commitment")


# --- sealed:v1 --------------------------------------------------------------------------


def _check_payload(payload, aad_ids: dict[str, str]) -> None:
    """The payload object's required members and their binding to the AAD ids.

    Shape faults are decode_error (sealed.payload_*), sealing and opening alike; ids that
    differ from the AAD's are binding_mismatch (specs/sealed-v1.md).
    """
    if not isinstance(payload, dict):
        raise fail("sealed.payload_not_object", "sealed payload is not a JSON object")
    for name in PAYLOAD_MEMBERS:
        if not isinstance(payload.get(name), str):
            raise fail("sealed.payload_missing_member", f"sealed payload lacks the string member {name!r}")
    try:
        nonce = encoding.b64url_decode(payload["nonce"])
    except PortError:
        raise fail("sealed.payload_invalid_nonce", "sealed payload nonce is not b64url") from None
    if len(nonce) != NONCE_LENGTH:
        raise fail("sealed.payload_invalid_nonce", f"sealed payload nonce is {len(nonce)} bytes; {NONCE_LENGTH} expected")
    check_payload_ids(payload, aad_ids)


def check_payload_ids(payload: dict, aad_ids: dict[str, str]) -> None:
    for name, expected in aad_ids.items():
        if payload[name] != expected:
            raise fail("sealed.binding_mismatch", f"sealed payload {name} differs from the AAD's")


def sealed_seal(
    keyset: bytes, couple_id: str, question_id: str, user_id: str, payload_json: str, iv: bytes | None = None
) -> tuple[str, str]:
    """(sealed:v1 value, sha256 commitment)."""
    tink_keysets.aead_primitive(keyset)
    ids = {"coupleId": couple_id, "questionId": question_id, "userId": user_id}
    aad = sealed_aad(couple_id, question_id, user_id)
    payload = encoding.parse_json(payload_json)
    _check_payload(payload, ids)
    canonical = encoding.canonical_bytes(payload)
    _check_tink_primary(keyset, SEALED_PREFIX)
    value = SEALED_PREFIX + encoding.b64url_encode(aead.encrypt(keyset, canonical, aad, iv))
    return value, commitment_of(canonical)


def sealed_open(keyset: bytes, couple_id: str, question_id: str, user_id: str, value: str, commitment_value: str) -> str:
    """Reveal: decrypt, canonical check, commitment (constant time), ids; canonical JSON text."""
    tink_keysets.aead_primitive(keyset)
    ids = {"coupleId": couple_id, "questionId": question_id, "userId": user_id}
    aad = sealed_aad(couple_id, question_id, user_id)
    body = _body(value, SEALED_PREFIX)
    digest = parse_commitment(commitment_value)
    plaintext = aead.decrypt(keyset, body, aad)
    canonical = encoding.canonicalize_utf8(plaintext)
    if canonical != plaintext:
        raise fail("sealed.non_canonical_payload", "sealed:v1: plaintext is not RFC 8785 canonical JSON")
    check_commitment(plaintext, digest)
    _check_payload(encoding.parse_json(plaintext.decode("utf-8")), ids)
    return plaintext.decode("utf-8")


# --- pub:v1 -----------------------------------------------------------------------------


def check_pub_keyset(public_keyset: bytes) -> tink_keysets.EciesPublic:
    """Every ENABLED key a valid public ECIES key on the template; primary prefix TINK."""
    pub = tink_keysets.ecies_primary_public(public_keyset)
    if pub.prefix_type != tink_keysets.PREFIX["TINK"]:
        raise fail("pub.wrong_output_prefix", "pub:v1: the primary key's output prefix is not TINK")
    tink_keysets.hybrid_encrypt_primitive(public_keyset)
    return pub


def pub_encode(public_keyset: bytes) -> str:
    """pub:v1 of a validated public keyset, bytes unchanged (specs/pub-v1.md).

    Writers of the keyset itself (hybrid.keyset) use 33-byte coordinates like Tink Java.
    """
    check_pub_keyset(public_keyset)
    return PUB_PREFIX + encoding.b64url_encode(public_keyset)


def pub_decode(value: str) -> tuple[bytes, tink_keysets.EciesPublic]:
    """(public keyset bytes as carried, validated primary key). Coordinates read at any length."""
    body = _body(value, PUB_PREFIX)
    if not body:
        raise fail("wire.too_short", "pub:v1: body is empty")
    return body, check_pub_keyset(body)


# --- keybox:v1 --------------------------------------------------------------------------


def keybox_wrap(
    recipient: str,
    couple_id: str,
    question_id: str,
    sender_user_id: str,
    recipient_user_id: str,
    keyset: bytes,
    ephemeral_private_key: bytes | None = None,
    iv: bytes | None = None,
    verify_with: bytes | None = None,
) -> str:
    public_keyset, _ = pub_decode(recipient)
    ctx = keybox_ctx(couple_id, question_id, sender_user_id, recipient_user_id)
    tink_keysets.aead_primitive(keyset)  # the plaintext must be a usable one-time keyset
    ct = hybrid.encrypt(public_keyset, keyset, ctx, ephemeral_private_key, iv, verify_with=verify_with)
    return KEYBOX_PREFIX + encoding.b64url_encode(ct)


def keybox_unwrap(
    private_keyset: bytes, couple_id: str, question_id: str, sender_user_id: str, recipient_user_id: str, value: str
) -> bytes:
    tink_keysets.hybrid_decrypt_primitive(private_keyset)
    ctx = keybox_ctx(couple_id, question_id, sender_user_id, recipient_user_id)
    body = _body(value, KEYBOX_PREFIX)
    keyset = hybrid.decrypt(private_keyset, body, ctx)
    tink_keysets.aead_primitive(keyset)
    return keyset

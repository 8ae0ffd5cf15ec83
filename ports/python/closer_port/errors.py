"""The one error type of the port, with the harness protocol v1 error categories and the
fine `detail` codes of specs/errors.md (and of the pairing pages).

Messages never contain key bytes, plaintexts, phrases, codes or other secrets.
"""

from __future__ import annotations

CODES = (
    "malformed_request",
    "unknown_op",
    "decode_error",
    "invalid_key",
    "authentication_failure",
    "binding_mismatch",
    "commitment_mismatch",
    "invalid_parameters",
    "unsupported",
)

_D, _K, _A, _P, _U = "decode_error", "invalid_key", "authentication_failure", "invalid_parameters", "unsupported"

# detail code -> category (specs/errors.md §"Codes by area", argon2id.md, couple-key-wrap.md,
# recovery-phrase.md, invite-phrase.md).
DETAILS: dict[str, str] = {
    **{f"b64.{r}": _D for r in ("invalid_character", "wrong_alphabet", "invalid_length", "invalid_padding", "non_canonical_trailing_bits")},
    "hex.invalid": _D,
    **{f"proto.{r}": _D for r in ("truncated", "invalid_varint", "invalid_wire_type", "invalid_tag", "too_deep", "invalid_utf8")},
    **{f"keyset.{r}": _K for r in (
        "empty", "missing_key_data", "invalid_status", "invalid_output_prefix", "no_enabled_key", "no_primary",
        "duplicate_primary", "invalid_key_version", "invalid_key_size", "too_large", "too_many_keys")},
    "keyset.unsupported_key_type": _U,
    "aesgcm.invalid_iv": _P,
    "aesgcm.too_short": _A,
    "aesgcm.authentication_failed": _A,
    "aead.decryption_failed": _A,
    "hkdf.invalid_length": _P,
    **{f"p256.{r}": _K for r in ("coordinate_out_of_range", "not_on_curve", "invalid_point_encoding", "scalar_out_of_range", "private_public_mismatch")},
    "ecies.unsupported_parameters": _U,
    "ecies.missing_field": _K,
    "hybrid.decryption_failed": _A,
    **{f"wire.{r}": _D for r in ("unknown_prefix", "wrong_prefix", "too_short", "wrong_tink_prefix", "wrong_length")},
    "wire.primary_not_tink": _K,
    "binding.empty_component": _P,
    "binding.separator_in_component": _P,
    "enc.plaintext_not_utf8": _D,
    **{f"sealed.{r}": _D for r in ("payload_not_object", "payload_missing_member", "payload_invalid_nonce", "non_canonical_payload")},
    "sealed.commitment_mismatch": "commitment_mismatch",
    "sealed.binding_mismatch": "binding_mismatch",
    "pub.wrong_output_prefix": _K,
    **{f"json.{r}": _D for r in (
        "byte_order_mark", "control_character", "duplicate_member", "empty_input", "equivalent_member_names", "invalid_escape",
        "invalid_literal", "invalid_utf8", "lone_surrogate", "non_finite_literal", "number_hex", "number_leading_plus",
        "number_leading_zero", "number_missing_exponent_digits", "number_missing_fraction_digits", "number_missing_integer_digits",
        "number_out_of_range", "too_deep", "trailing_data", "unexpected_character", "unexpected_end")},
    "json.non_finite_number": _P,
    "harness.malformed_request": "malformed_request",
    "harness.unknown_op": "unknown_op",
    # argon2id.md
    **{f"argon2.{r}": _P for r in (
        "parallelism_out_of_range", "memory_out_of_range", "iterations_out_of_range", "output_length_out_of_range",
        "salt_length_out_of_range", "password_too_long", "backend_failure")},
    "argon2.unsupported": _U,
    **{f"kdfparams.{r}": _P for r in (
        "too_long", "invalid_character", "malformed", "unknown_algorithm", "missing_version", "invalid_number",
        "unsupported_version", "missing_field", "trailing_segment", "unknown_field", "duplicate_field", "field_order", "cost_too_high")},
    # couple-key-wrap.md
    "couplekey.invalid_salt_length": _P,
    "couplekey.wrapped_too_long": _D,
    "couplekey.wrapped_too_short": _D,
    "couplekey.authentication_failed": _A,
    "couplekey.invalid_keyset": _K,
    # recovery-phrase.md
    "phrase.invalid_entropy_length": _P,
    **{f"phrase.{r}": _D for r in ("too_long", "empty", "wrong_word_count", "unknown_word")},
    # invite-phrase.md
    "invite.invalid_code": _P,
    "invite.value_too_long": _D,
    "invite.value_too_short": _D,
    "invite.authentication_failed": _A,
    "invite.invalid_plaintext": _D,
    "callable.unknown_callable": _U,
    # date-keys.md, push-routing.md
    "datekey.invalid_instant": _D,
    "datekey.out_of_range": _P,
    "datekey.unknown_kind": _P,
    "push.invalid_payload": _D,
    **{f"push.{r}": _P for r in ("missing_type", "unknown_type", "unknown_game_type")},
    # specs/profiles/fitlink/chat.md
    "fitlink.invalid_user_id": _P,
    "fitlink.invalid_chat_id": _P,
    **{f"fitlink.{r}": _P for r in (
        "unknown_document", "not_an_object", "unknown_field", "missing_field", "wrong_type", "unknown_enum_value",
        "out_of_range", "invalid_uuid", "invalid_payload", "not_a_participant")},
    "x25519.invalid_key_length": _K,
    "x25519.low_order_point": _K,
    # specs/profiles/unstoppable/errors.md
    **{f"unstoppable.{r}": _P for r in (
        "unknown_endpoint", "not_an_object", "unknown_field", "missing_field", "wrong_type", "invalid_routine_time",
        "invalid_date", "unknown_enum_value", "out_of_range", "empty_update", "invalid_utc_offset",
        "duplicate_header", "invalid_authorization", "unauthenticated", "invalid_user_id", "invalid_email")},
    # specs/profiles/reward-e/errors.md
    **{f"rewarde.{r}": _P for r in (
        "not_an_object", "unknown_field", "missing_field", "wrong_type", "unknown_enum_value", "out_of_range",
        "unknown_document", "insufficient_balance", "stale_version", "unknown_quota", "invalid_deep_link",
        "invalid_invite_code", "unknown_product", "invalid_timestamp")},
}


class PortError(Exception):
    """A rejection with a harness error code (category), an optional fine `detail` code
    and a human message."""

    def __init__(self, code: str, message: str, detail: str | None = None):
        assert code in CODES, code
        assert detail is None or DETAILS.get(detail) == code, (detail, code)
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.detail = detail


def fail(detail: str, message: str) -> PortError:
    """The error of a fine code; its category comes from the table above."""
    return PortError(DETAILS[detail], message, detail)


def malformed(message: str) -> PortError:
    return PortError("malformed_request", message, "harness.malformed_request")


def decode_error(message: str, detail: str | None = None) -> PortError:
    return PortError("decode_error", message, detail)


def invalid_key(message: str, detail: str | None = None) -> PortError:
    return PortError("invalid_key", message, detail)


def authentication_failure(message: str = "decryption failed", detail: str | None = None) -> PortError:
    return PortError("authentication_failure", message, detail)


def invalid_parameters(message: str, detail: str | None = None) -> PortError:
    return PortError("invalid_parameters", message, detail)


def quoted(text: str) -> str:
    """Input text for a reason: at most 64 characters, unprintable ones dropped, in double quotes
    (as CloserError.quoted bounds and escapes them)."""
    return '"' + "".join(c for c in text[:64] if c.isprintable() and c not in '"\\') + '"'

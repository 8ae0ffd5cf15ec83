// Errors: one CloserError per failure, with the fine `code` (the harness `detail`) and its
// category (the harness `code`). Normative: specs/errors.md. Messages never carry secrets.

/** @typedef {'malformed_request'|'unknown_op'|'decode_error'|'invalid_key'|'authentication_failure'|'binding_mismatch'|'commitment_mismatch'|'invalid_parameters'|'unsupported'} ErrorCategory */

/** Category of every fine code this port raises (prefix rules for json.*, phrase.*). */
const CATEGORY = {
  'harness.malformed_request': 'malformed_request',
  'harness.unknown_op': 'unknown_op',
  'hex.invalid': 'decode_error',
  'keyset.empty': 'invalid_key',
  'keyset.missing_key_data': 'invalid_key',
  'keyset.invalid_status': 'invalid_key',
  'keyset.invalid_output_prefix': 'invalid_key',
  'keyset.no_enabled_key': 'invalid_key',
  'keyset.no_primary': 'invalid_key',
  'keyset.duplicate_primary': 'invalid_key',
  'keyset.unsupported_key_type': 'unsupported',
  'keyset.invalid_key_version': 'invalid_key',
  'keyset.invalid_key_size': 'invalid_key',
  'keyset.too_large': 'invalid_key',
  'keyset.too_many_keys': 'invalid_key',
  'aesgcm.invalid_iv': 'invalid_parameters',
  'aesgcm.too_short': 'authentication_failure',
  'aesgcm.authentication_failed': 'authentication_failure',
  'aead.decryption_failed': 'authentication_failure',
  'hkdf.invalid_length': 'invalid_parameters',
  'p256.coordinate_out_of_range': 'invalid_key',
  'p256.not_on_curve': 'invalid_key',
  'p256.invalid_point_encoding': 'invalid_key',
  'p256.scalar_out_of_range': 'invalid_key',
  'p256.private_public_mismatch': 'invalid_key',
  'ecies.unsupported_parameters': 'unsupported',
  'ecies.missing_field': 'invalid_key',
  'hybrid.decryption_failed': 'authentication_failure',
  'wire.primary_not_tink': 'invalid_key',
  'binding.empty_component': 'invalid_parameters',
  'binding.separator_in_component': 'invalid_parameters',
  'sealed.commitment_mismatch': 'commitment_mismatch',
  'sealed.binding_mismatch': 'binding_mismatch',
  'pub.wrong_output_prefix': 'invalid_key',
  'json.non_finite_number': 'invalid_parameters',
  'phrase.invalid_entropy_length': 'invalid_parameters',
  'datekey.out_of_range': 'invalid_parameters',
  'datekey.unknown_kind': 'invalid_parameters',
  'payback.invalid_member_id': 'invalid_parameters',
  'payback.invalid_amount': 'invalid_parameters',
  'payback.unknown_split_mode': 'invalid_parameters',
  'payback.no_participants': 'invalid_parameters',
  'payback.invalid_percent': 'invalid_parameters',
  'payback.percent_total': 'invalid_parameters',
  'payback.invalid_share': 'invalid_parameters',
  'payback.exact_total': 'invalid_parameters',
  'payback.expense_missing_description': 'invalid_parameters',
  'payback.expense_invalid_amount': 'invalid_parameters',
  'payback.expense_no_participants': 'invalid_parameters',
  'payback.expense_empty_splits': 'invalid_parameters',
  'payback.invalid_field': 'invalid_parameters',
  'payback.missing_auth_id': 'invalid_parameters',
  'payback.import_unknown_member': 'invalid_parameters',
  'payback.import_unknown_group': 'invalid_parameters',
  'payback.import_out_of_ids': 'invalid_parameters',
  'payback.unknown_mutation': 'invalid_parameters',
  'payback.unauthenticated': 'invalid_parameters',
  'payback.missing_payload_key': 'invalid_parameters',
  'payback.forbidden_payload_key': 'invalid_parameters',
  'payback.account_mismatch': 'invalid_parameters',
  'payback.not_a_confirmed_friend': 'invalid_parameters',
  'payback.invalid_group_id': 'invalid_parameters',
  'payback.not_group_owner': 'invalid_parameters',
  'payback.member_id_not_reassignable': 'invalid_parameters',
  'payback.member_id_in_use': 'invalid_parameters',
  'datekey.invalid_instant': 'decode_error',
  'document.unknown_path': 'invalid_parameters',
  'document.invalid_id': 'invalid_parameters',
  'document.not_object': 'invalid_parameters',
  'document.missing_member': 'invalid_parameters',
  'document.invalid_member': 'invalid_parameters',
  'document.server_member': 'invalid_parameters',
  'document.unknown_member': 'invalid_parameters',
  'push.missing_type': 'invalid_parameters',
  'push.unknown_type': 'invalid_parameters',
  'game.invalid_push_key': 'invalid_parameters',
};

/** The category of a fine code (specs/errors.md). @param {string} code @returns {ErrorCategory} */
export function categoryOf(code) {
  if (Object.hasOwn(CATEGORY, code)) return /** @type {ErrorCategory} */ (CATEGORY[code]);
  // proto.*, b64.*, wire.*, json.*, enc.*, sealed.* (other than the above), phrase.*: decode_error.
  return 'decode_error';
}

/** A failure with a stable fine code, its category and a secret-free reason. */
export class CloserError extends Error {
  /** @param {string} code fine code, e.g. `b64.wrong_alphabet` @param {string} reason */
  constructor(code, reason) {
    super(reason);
    this.name = 'CloserError';
    /** @type {string} */
    this.code = code;
    /** @type {ErrorCategory} */
    this.category = categoryOf(code);
  }
}

/** @param {string} code @param {string} reason @returns {never} */
export function fail(code, reason) {
  throw new CloserError(code, reason);
}

// One failure: a stable fine code (specs/errors.md), its category (the harness error code)
// and a reason for people. Reasons never contain keys, plaintext, phrases or codes.
package closer.jvm;

public final class CloserException extends Exception {
    private static final long serialVersionUID = 1L;

    /** Stable dotted code, e.g. {@code b64.non_canonical_trailing_bits}. */
    public final String code;
    /** Harness category: decode_error, invalid_key, authentication_failure, ... */
    public final String category;

    public CloserException(String code, String category, String reason) {
        super(reason, null, false, false);
        this.code = code;
        this.category = category;
    }

    public String reason() { return getMessage(); }

    // Categories (specs/errors.md).
    public static final String MALFORMED = "malformed_request";
    public static final String UNKNOWN_OP = "unknown_op";
    public static final String DECODE = "decode_error";
    public static final String INVALID_KEY = "invalid_key";
    public static final String AUTH = "authentication_failure";
    public static final String BINDING = "binding_mismatch";
    public static final String COMMITMENT = "commitment_mismatch";
    public static final String PARAMS = "invalid_parameters";
    public static final String UNSUPPORTED = "unsupported";

    public static CloserException decode(String code, String reason) { return new CloserException(code, DECODE, reason); }
    public static CloserException key(String code, String reason) { return new CloserException(code, INVALID_KEY, reason); }
    public static CloserException auth(String code, String reason) { return new CloserException(code, AUTH, reason); }
    public static CloserException params(String code, String reason) { return new CloserException(code, PARAMS, reason); }
    public static CloserException unsupported(String code, String reason) { return new CloserException(code, UNSUPPORTED, reason); }
    public static CloserException malformed(String reason) { return new CloserException("harness.malformed_request", MALFORMED, reason); }
}

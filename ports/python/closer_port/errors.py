"""The one error type of the port, with the harness protocol v1 error categories.

Messages never contain key bytes, plaintexts or other secrets.
"""

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


class PortError(Exception):
    """A rejection with a harness error code (category) and a human message."""

    def __init__(self, code: str, message: str):
        assert code in CODES, code
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def decode_error(message: str) -> PortError:
    return PortError("decode_error", message)


def invalid_key(message: str) -> PortError:
    return PortError("invalid_key", message)


def authentication_failure(message: str = "decryption failed") -> PortError:
    return PortError("authentication_failure", message)


def invalid_parameters(message: str) -> PortError:
    return PortError("invalid_parameters", message)

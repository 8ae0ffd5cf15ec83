"""closer_port: the reference port of Closer's wire profile v1 over real Python Tink.

Modules: tink_keysets (binary keysets), aead, hybrid, encoding (b64, b64url, RFC 8785),
values (enc / sealed / commitment / pub / keybox), protocol (harness protocol v1 server),
client (harness protocol v1 client).
"""

__version__ = "0.1.0"

"""Blind corpus 1: the source of mutants.json (written by record_witnesses.py).

Each mutant is one single-sentence misreading of specs/, applied to a copy of ports/python as
textual edits (`file`, `find` (exactly once), `replace`), with a witness request built from the
page (a test engineer's targeted input). See ../README.md.
"""

# --- tiny protobuf writer for witness keysets (tink-keyset.md field tables) ------------------


def vint(n: int) -> bytes:
    out = bytearray()
    while True:
        b, n = n & 0x7F, n >> 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def fv(field: int, value: int) -> bytes:
    return vint(field << 3) + vint(value)


def fb(field: int, value: bytes) -> bytes:
    return vint(field << 3 | 2) + vint(len(value)) + value


AES_URL = b"type.googleapis.com/google.crypto.tink.AesGcmKey"
ECIES_PUB_URL = b"type.googleapis.com/google.crypto.tink.EciesAeadHkdfPublicKey"
KEY32 = bytes(range(32))
KID = 0x12345678


def aes_key_data(key: bytes = KEY32, material: int = 1) -> bytes:
    return fb(1, AES_URL) + fb(2, fb(3, key)) + fv(3, material)


def key_entry(key_data: bytes | None, kid: int = KID, status: int = 1, prefix: int = 1) -> bytes:
    return (fb(1, key_data) if key_data is not None else b"") + fv(2, status) + fv(3, kid) + fv(4, prefix)


def keyset(primary: int, *entries: bytes) -> str:
    return (fv(1, primary) + b"".join(fb(2, e) for e in entries)).hex()


AEAD_KS = keyset(KID, key_entry(aes_key_data()))
LEGACY_KS = keyset(KID, key_entry(aes_key_data(), prefix=2))

# ECIES public key of tink-hybrid.md's known answer (recipient d = c9af…, key id 0x0a0b0c0d)
HYB_KID = 0x0A0B0C0D
HYB_X = bytes.fromhex("60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6")
HYB_Y = bytes.fromhex("7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299")


def ecies_params(key_size: int = 16, dem_prefix: int = 1) -> tuple[bytes, bytes, bytes]:
    """(kem_params field, dem_params field, point format field) of tink-hybrid.md §"Key protos"."""
    kem = fb(1, fv(1, 2) + fv(2, 3))
    dem = fb(2, fb(2, fb(1, AES_URL) + fb(2, fv(2, key_size)) + fv(3, dem_prefix)))
    return kem, dem, fv(3, 1)


def ecies_pub_keyset(params: bytes, width: int = 33, prefix: int = 1) -> str:
    x = HYB_X.rjust(width, b"\0")
    y = HYB_Y.rjust(width, b"\0")
    pub = params + fb(3, x) + fb(4, y)
    kd = fb(1, ECIES_PUB_URL) + fb(2, pub) + fv(3, 3)
    return keyset(HYB_KID, key_entry(kd, HYB_KID, prefix=prefix))


HYB_PARAMS = b"".join(ecies_params())
HYB_PUB_KS = ecies_pub_keyset(fb(2, HYB_PARAMS))
HYB_PRIV_D = "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"
HYB_EPH_D = "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988"
HYB_IV = "0102030405060708090a0b0c"
PHRASE10 = "acorn " * 9 + "acorn"


def nested_groups(depth: int) -> bytes:
    """`depth` nested start-groups of unknown field 99 and their end-groups."""
    start, end = vint(99 << 3 | 3), vint(99 << 3 | 4)
    return start * depth + end * depth


def E(file, find, replace):
    return {"file": file, "find": find, "replace": replace}


MUTANTS = []


def mutant(name, profile, layer, page, sentence, misreading, edits, witness):
    MUTANTS.append({"name": name, "profile": profile, "layer": layer, "page": page, "sentence": sentence,
                    "misreading": misreading, "edits": edits, "witness": dict({"id": name}, **witness)})


# ============================ encoding =======================================================

mutant("b64url-accepts-padding", "closer", "encoding", "specs/encodings.md",
       "Padding: b64url with any `=` → `b64.invalid_padding`",
       "Reads the rule as 'b64url padding is optional': the correct number of `=` is accepted, only a wrong count refused.",
       [E("encoding.py", "if url and padding:  # 4.", "if url and padding not in (0, (4 - n % 4) % 4):  # 4.")],
       {"op": "encoding.decode", "profile": "b64url", "text": "AA=="})

mutant("b64-spare-bits-two-symbols-only", "closer", "encoding", "specs/encodings.md",
       "Spare bits of the last symbol (4 bits when 2 symbols remain, 2 bits when 3 remain) must be zero",
       "Checks the 4 spare bits of a 2-symbol tail but not the 2 spare bits of a 3-symbol tail.",
       [E("encoding.py", "if (b64url_encode(data) if url else b64encode(data)) != (symbols if url else text):  # 5.",
          "if n % 4 == 2 and (b64url_encode(data) if url else b64encode(data)) != (symbols if url else text):  # 5.")],
       {"op": "encoding.decode", "profile": "b64", "text": "AAB="})

mutant("hex-reader-lowercase-only", "closer", "encoding", "specs/encodings.md",
       "Writers emit lowercase. Readers accept either case",
       "Applies the writers' lowercase rule to the reader as well: upper-case hex digits are hex.invalid.",
       [E("encoding.py", 'any(c not in "0123456789abcdefABCDEF" for c in text)', 'any(c not in "0123456789abcdef" for c in text)')],
       {"op": "encoding.decode", "profile": "hex", "text": "0A1B"})

# ============================ JSON / canonical JSON ==========================================

mutant("json-depth-1001-accepted", "closer", "json", "specs/canonical-json.md",
       "Opening the 1001st → `json.too_deep`",
       "Counts the limit after opening: the 1001st bracket is still accepted, the 1002nd is refused.",
       [E("jsonscan.py", "if len(stack) >= MAX_DEPTH:", "if len(stack) > MAX_DEPTH:")],
       {"op": "canonicalize", "json": "[" * 1001 + "]" * 1001})

mutant("json-duplicate-neighbours-only", "closer", "json", "specs/canonical-json.md",
       "a name with exactly the same scalars as an earlier name of the same object, compared after unescaping",
       "Compares each member name only with the name just before it, so `a`,`b`,`a` passes.",
       [E("jsonscan.py", "        exact.add(value)\n        nfc.add(normalized)",
          "        exact.clear()\n        nfc.clear()\n        exact.add(value)\n        nfc.add(normalized)"),
        E("encoding.py", "    for k, v in pairs:\n        if k in obj:",
          "    prev = None\n    for k, v in pairs:\n        nfc = set() if prev is None else {unicodedata.normalize(\"NFC\", prev)}\n        if k == prev:"),
        E("encoding.py", "        nfc.add(n)\n        obj[k] = v", "        prev = k\n        obj[k] = v")],
       {"op": "canonicalize", "json": '{"a":1,"b":2,"a":3}'})

mutant("json-names-compared-nfkc", "closer", "json", "specs/canonical-json.md",
       "A port compares the NFC forms of the names.",
       "Normalizes member names with NFKC (the compatibility form) instead of NFC, so `ﬁ` and `fi` collide.",
       [E("jsonscan.py", 'normalized = unicodedata.normalize("NFC", value)', 'normalized = unicodedata.normalize("NFKC", value)'),
        E("encoding.py", 'n = unicodedata.normalize("NFC", k)', 'n = unicodedata.normalize("NFKC", k)')],
       {"op": "canonicalize", "json": '{"\ufb01":1,"fi":2}'})

mutant("json-bom-skipped", "closer", "json", "specs/canonical-json.md",
       "we refuse it rather than skip it, so the bytes that are hashed are the bytes that were sent",
       "Skips a leading byte order mark (what many JSON readers do) instead of refusing it.",
       [E("encoding.py", '    if text.startswith("\\ufeff"):\n        raise decode_error("json: byte order mark", "json.byte_order_mark")',
          '    if text.startswith("\\ufeff"):\n        text = text[1:]')],
       {"op": "canonicalize", "json": "\ufeff[1]"})

mutant("json-underflow-refused", "closer", "json", "specs/canonical-json.md",
       "**Underflow and rounding are accepted (pinned):**",
       "Treats a non-zero literal that rounds to zero like an overflow: `json.number_out_of_range`.",
       [E("jsonscan.py", "    if math.isinf(float(s[i:j])):",
          "    if math.isinf(float(s[i:j])) or (float(s[i:j]) == 0 and any(c in \"123456789\" for c in s[i:j].lower().split(\"e\")[0])):")],
       {"op": "canonicalize", "json": "[1e-400]"})

mutant("jcs-sort-by-code-point", "closer", "canonicalization", "specs/canonical-json.md",
       "Not by scalar value (U+10000, which is `D800 DC00`, sorts before U+E000 and U+FFFF)",
       "Sorts object members by Unicode scalar value (Python's default string order) instead of UTF-16 code units.",
       [E("encoding.py", "import rfc8785\n",
          "import rfc8785\nimport rfc8785._impl as _jcs_impl\n_jcs_impl.sorted = lambda items, key=None: __import__(\"builtins\").sorted(items, key=lambda kv: kv[0])\n")],
       {"op": "canonicalize", "json": '{"\ue000":1,"\U00010000":2}'})

mutant("jcs-integer-layout-below-21-digits", "closer", "canonicalization", "specs/canonical-json.md",
       "k ≤ n ≤ 21: the k digits, then n − k zeros (`1e20` → `100000000000000000000`)",
       "Reads the bound as n < 21, so a 21-digit integer is written in exponent form (`1e+20`).",
       [E("encoding.py", "import rfc8785\n",
          "import rfc8785\nimport rfc8785._impl as _jcs_impl\n_jcs_float = _jcs_impl._serialize_float\n"
          "def _serialize_float_n_below_21(f, sink):\n    if 1e20 <= f < 1e21:\n        sink.write(repr(f).encode())\n    else:\n        _jcs_float(f, sink)\n"
          "_jcs_impl._serialize_float = _serialize_float_n_below_21\n")],
       {"op": "canonicalize", "json": "[100000000000000000000]"})

# ============================ protobuf =======================================================

mutant("proto-groups-64-deep-refused", "closer", "protobuf", "specs/tink-keyset.md",
       "unknown fields of every wire type are skipped, including groups (wire types 3/4, nested up to 64)",
       "Reads 'nested up to 64' as exclusive: a 64th nested group is refused as proto.too_deep.",
       [E("protoscan.py", "if depth > MAX_DEPTH:", "if depth >= MAX_DEPTH:")],
       {"op": "keyset.validate", "primitive": "aead",
        "keyset": (bytes.fromhex(AEAD_KS) + nested_groups(64)).hex()})

mutant("proto-varint-extra-bits-dropped", "closer", "protobuf", "specs/tink-keyset.md",
       "varints longer than 10 bytes or over 64 bits (`proto.invalid_varint`; **pinned**: Java's parser drops the extra bits)",
       "Follows Java: a 10-byte varint whose last byte carries bits beyond 64 is read with those bits dropped.",
       [E("protoscan.py", "if count == 9 and x > 1:", "if count == 9 and x > 0x7F:")],
       {"op": "keyset.validate", "primitive": "aead",
        "keyset": (bytes.fromhex(AEAD_KS) + vint(99 << 3) + bytes([0xFF] * 9 + [0x7F])).hex()})

mutant("proto-type-url-utf8-last-only", "closer", "protobuf", "specs/tink-keyset.md",
       "a type_url (KeyData field 1, KeyTemplate field 1) that is not UTF-8, checked on every occurrence, even one a later occurrence replaces (`proto.invalid_utf8`)",
       "Checks UTF-8 only on the type_url that stands (the last occurrence).",
       [E("protoscan.py", "    for v in occurrences(fields, number):\n        try:",
          "    for v in occurrences(fields, number)[-1:]:\n        try:")],
       {"op": "keyset.validate", "primitive": "hybridPublic",
        "keyset": ecies_pub_keyset(fb(2, ecies_params()[0] + fb(2, fb(2, fb(1, b"\xff") + fb(1, AES_URL) + fb(2, fv(2, 16)) + fv(3, 1))) + ecies_params()[2]))})

mutant("proto-scalar-first-occurrence-wins", "closer", "protobuf", "specs/tink-keyset.md",
       "a non-repeated field seen more than once keeps its last value if it is a scalar and is merged if it is a message",
       "Keeps the first value of a repeated scalar (primary_key_id) instead of the last.",
       [E("tink_keysets.py", "        return tink_pb2.Keyset.FromString(bytes(data))",
          "        ks = tink_pb2.Keyset.FromString(bytes(data))\n"
          "        firsts = [v for n, w, v in protoscan.scan(data, 'Keyset') if n == 1 and w == protoscan.VARINT]\n"
          "        if firsts:\n            ks.primary_key_id = firsts[0] & 0xFFFFFFFF\n        return ks")],
       {"op": "keyset.validate", "primitive": "aead",
        "keyset": (fv(1, 7) + bytes.fromhex(AEAD_KS)).hex()})

mutant("proto-message-last-occurrence-wins", "closer", "protobuf", "specs/tink-hybrid.md",
       "message fields seen twice are merged",
       "Treats a message field seen twice like a scalar: the last occurrence replaces the first.",
       [E("protoscan.py", '    return b"".join(occ) if occ else None', "    return occ[-1] if occ else None")],
       {"op": "keyset.validate", "primitive": "hybridPublic",
        "keyset": ecies_pub_keyset(fb(2, ecies_params()[0]) + fb(2, ecies_params()[1] + ecies_params()[2]))})

mutant("proto-known-field-other-wire-type-refused", "closer", "protobuf", "specs/tink-keyset.md",
       "**A known field written with another wire type is an unknown field**: it is skipped and takes no part in the message",
       "Refuses a known field number written with another wire type instead of skipping it.",
       [E("protoscan.py", "    keys = sum(1 for number, wire_type, _ in fields if number == 2 and wire_type == LEN)",
          "    for number, wire_type, _ in fields:\n"
          "        if (number, wire_type) in ((1, LEN), (1, I32), (1, I64), (2, VARINT), (2, I32), (2, I64)):\n"
          "            raise fail(\"proto.invalid_wire_type\", f\"Keyset field {number} has wire type {wire_type}\")\n"
          "    keys = sum(1 for number, wire_type, _ in fields if number == 2 and wire_type == LEN)")],
       {"op": "keyset.validate", "primitive": "aead", "keyset": AEAD_KS + "0a012a"})

# ============================ keyset =========================================================

mutant("keyset-duplicate-primary-any-status", "closer", "keyset", "specs/tink-keyset.md",
       "Two ENABLED keys with id == primary_key_id → `keyset.duplicate_primary`.",
       "Counts every key carrying the primary id (a DISABLED one too) as a duplicate primary.",
       [E("tink_keysets.py", "if sum(1 for k in enabled if k.key_id == ks.primary_key_id) > 1:",
          "if sum(1 for k in ks.key if k.key_id == ks.primary_key_id) > 1:")],
       {"op": "keyset.validate", "primitive": "aead",
        "keyset": keyset(KID, key_entry(aes_key_data()), key_entry(aes_key_data(), status=2))})

mutant("keyset-material-type-checked", "closer", "keyset", "specs/tink-keyset.md",
       "key_material_type is written (SYMMETRIC, ASYMMETRIC_PRIVATE, ASYMMETRIC_PUBLIC) but **not checked on read**",
       "Refuses an AES-GCM key whose key_material_type is not SYMMETRIC.",
       [E("tink_keysets.py", "        protoscan.scan(kd.value, \"AesGcmKey\")",
          "        if kd.key_material_type != SYMMETRIC:\n"
          "            raise fail(\"keyset.unsupported_key_type\", f\"key {k.key_id:#010x} is not SYMMETRIC\")\n"
          "        protoscan.scan(kd.value, \"AesGcmKey\")")],
       {"op": "keyset.validate", "primitive": "aead", "keyset": keyset(KID, key_entry(aes_key_data(material=2)))})

mutant("keyset-1000-keys-refused", "closer", "keyset", "specs/tink-keyset.md",
       "one with more than **1,000** `key` (field 2, length-delimited) entries with `keyset.too_many_keys`",
       "Reads 'more than 1,000' as 'at least 1,000'.",
       [E("protoscan.py", "if keys > MAX_KEYS:", "if keys >= MAX_KEYS:")],
       {"op": "keyset.validate", "primitive": "aead",
        "keyset": keyset(KID, key_entry(aes_key_data()), *[key_entry(None, 1000 + i, status=3) for i in range(999)])})

# ============================ AEAD / KEM / KDF / hybrid ======================================

mutant("aesgcm-open-key-size-before-length", "closer", "aead", "specs/harness.md",
       "IV not 12 bytes → `aesgcm.invalid_iv`; `ciphertext` (ct \\|\\| tag) under 16 bytes → `aesgcm.too_short` (`authentication_failure`); key not 16 or 32 bytes → `keyset.invalid_key_size`",
       "Checks the key size before the ciphertext length (inputs before data).",
       [E("primitives.py", "    _check_iv(iv)\n    if len(ciphertext) < TAG_LENGTH:",
          "    _check_iv(iv)\n    _aes_key(key)\n    if len(ciphertext) < TAG_LENGTH:")],
       {"op": "aesgcm.open", "key": "00" * 24, "iv": "00" * 12, "ciphertext": "00" * 8, "aad": ""})

mutant("hkdf-length-8160-refused", "closer", "kdf", "specs/harness.md",
       "any integer outside 0…8160 → `hkdf.invalid_length` (`invalid_parameters`)",
       "Takes the RFC 5869 maximum 255·HashLen as exclusive.",
       [E("primitives.py", "if not 0 <= length <= HKDF_MAX_LENGTH:", "if not 0 <= length < HKDF_MAX_LENGTH:")],
       {"op": "hkdf.sha256", "ikm": "0b" * 22, "salt": "", "info": "", "length": 8160})

mutant("p256-scalar-over-32-bytes-refused", "closer", "kem", "specs/harness.md",
       "scalar 0 or ≥ n (any length, leading zeros stripped) → `p256.scalar_out_of_range`",
       "Refuses a scalar written in more than 32 bytes even when the extra bytes are leading zeros.",
       [E("primitives.py", "    d = int.from_bytes(bytes(data), \"big\")\n    if not 0 < d < P256_ORDER:",
          "    d = int.from_bytes(bytes(data), \"big\")\n    if len(data) > 32 or not 0 < d < P256_ORDER:")],
       {"op": "p256.ecdh", "privateKey": "00" * 32 + "01",
        "publicPoint": "04" + HYB_X.hex() + HYB_Y.hex()})

mutant("ecdh-shared-secret-leading-zeros-stripped", "closer", "kem", "specs/tink-hybrid.md",
       "shared     = x-coordinate of ECDH(ephemeral, recipient), always 32 bytes, leading zeros KEPT",
       "Converts the shared x-coordinate through an integer and writes it minimally, dropping leading zero bytes.",
       [E("primitives.py", "    return private.exchange(ec.ECDH(), public)",
          "    s = private.exchange(ec.ECDH(), public)\n    n = int.from_bytes(s, \"big\")\n    return n.to_bytes(max(1, (n.bit_length() + 7) // 8), \"big\")")],
       {"op": "p256.ecdh", "privateKey": (379).to_bytes(32, "big").hex(), "publicPoint": "04" + HYB_X.hex() + HYB_Y.hex()})

mutant("hybrid-context-info-as-dem-aad", "closer", "dem", "specs/tink-hybrid.md",
       "IV || ct || tag = AES-128-GCM(DEM key, IV, plaintext, aad = empty)",
       "Passes the context info to AES-GCM as AAD as well as to HKDF as info.",
       [E("hybrid.py", "    return primitives.aesgcm_seal(key, iv, plaintext, b\"\")",
          "    return primitives.aesgcm_seal(key, iv, plaintext, bytes(context_info))")],
       {"op": "hybrid.encrypt", "publicKeyset": HYB_PUB_KS, "ephemeralPrivateKey": HYB_EPH_D, "iv": HYB_IV,
        "plaintext": b"Hello, hybrid!".hex(), "contextInfo": b"context info".hex()})

mutant("hybrid-ikm-without-kem", "closer", "kdf", "specs/tink-hybrid.md",
       "DEM key    = HKDF-SHA256(ikm = kem || shared, salt = empty (RFC 5869: 32 zero bytes),",
       "Uses the ECDH shared secret alone as HKDF input keying material (the usual ECIES-KEM reading), without the KEM bytes.",
       [E("hybrid.py", "return primitives.hkdf_sha256(kem + shared, b\"\", bytes(context_info), DEM_KEY_LENGTH)",
          "return primitives.hkdf_sha256(shared, b\"\", bytes(context_info), DEM_KEY_LENGTH)")],
       {"op": "hybrid.encrypt", "publicKeyset": HYB_PUB_KS, "ephemeralPrivateKey": HYB_EPH_D, "iv": HYB_IV,
        "plaintext": b"Hello, hybrid!".hex(), "contextInfo": b"context info".hex()})

mutant("ecies-32-byte-coordinates-refused", "closer", "kem", "specs/tink-hybrid.md",
       "Python/C++ write 32; both are read.",
       "Reads only the Java-style 33-byte coordinates (leading 00) that CloserSpec writes.",
       [E("tink_keysets.py", "    xb, yb = protoscan.last_bytes(pub, 3), protoscan.last_bytes(pub, 4)\n",
          "    xb, yb = protoscan.last_bytes(pub, 3), protoscan.last_bytes(pub, 4)\n"
          "    if len(xb) != 33 or len(yb) != 33 or xb[0] or yb[0]:\n"
          "        raise invalid_key(f\"{kid}: coordinates are not 33-byte Tink Java integers\", \"p256.coordinate_out_of_range\")\n")],
       {"op": "keyset.validate", "primitive": "hybridPublic", "keyset": ecies_pub_keyset(fb(2, HYB_PARAMS), width=32)})

mutant("ecies-dem-template-prefix-checked", "closer", "keyset", "specs/tink-hybrid.md",
       "The DEM template's own output prefix is ignored, as Tink ignores it.",
       "Requires the DEM key template's output prefix to be TINK like the rest of the template.",
       [E("tink_keysets.py", "    fmt = protoscan.scan(protoscan.last_bytes(template, 2), \"AesGcmKeyFormat\")",
          "    if protoscan.last_uint32(template, 3) != PREFIX[\"TINK\"]:\n        raise unsupported(\"DEM template prefix is not TINK\")\n"
          "    fmt = protoscan.scan(protoscan.last_bytes(template, 2), \"AesGcmKeyFormat\")")],
       {"op": "keyset.validate", "primitive": "hybridPublic",
        "keyset": ecies_pub_keyset(fb(2, b"".join(ecies_params(dem_prefix=3))))})

mutant("ecies-dem-aes256-accepted", "closer", "keyset", "specs/tink-hybrid.md",
       "curve 2, hash 3, empty salt, format 1, DEM type AesGcmKey with key_size 16 and version 0",
       "Accepts any AES-GCM key size for the DEM (16 or 32, as for AEAD keys).",
       [E("tink_keysets.py", "if protoscan.last_uint32(fmt, 2) != 16 or", "if protoscan.last_uint32(fmt, 2) not in (16, 32) or")],
       {"op": "keyset.validate", "primitive": "hybridPublic",
        "keyset": ecies_pub_keyset(fb(2, b"".join(ecies_params(key_size=32))))})

# ============================ bindings and values ============================================

mutant("enc-binding-separator-unchecked", "closer", "binding", "specs/enc-v1.md",
       "coupleId must be non-empty and must not contain `|`",
       "Applies the `|` rule only to multi-component bindings: a single-component enc:v1 AAD may contain `|`.",
       [E("values.py", "    return components(coupleId=couple_id)",
          "    if isinstance(couple_id, str) and couple_id and SEPARATOR in couple_id:\n        return couple_id.encode(\"utf-8\")\n    return components(coupleId=couple_id)")],
       {"op": "binding.aad", "kind": "enc", "coupleId": "c|1"})

mutant("enc-legacy-primary-accepted", "closer", "tink_framing", "specs/enc-v1.md",
       "The primary key must have output prefix TINK, else `wire.primary_not_tink` (`invalid_key`)",
       "Refuses only a RAW primary (no 5-byte prefix); LEGACY and CRUNCHY primaries write their 0x00 prefix.",
       [E("values.py", "    if primary.output_prefix_type != tink_keysets.PREFIX[\"TINK\"]:",
          "    if primary.output_prefix_type == tink_keysets.PREFIX[\"RAW\"]:")],
       {"op": "enc.seal", "keyset": LEGACY_KS, "iv": "00" * 12, "text": "hi", "coupleId": "c1"})

mutant("enc-open-33-byte-body-too-short", "closer", "encoding", "specs/enc-v1.md",
       "Body ≥ 33 bytes (`wire.too_short`) and first byte 0x01 (`wire.wrong_tink_prefix`)",
       "Reads the minimum as exclusive: a 33-byte body (the empty text) is wire.too_short.",
       [E("values.py", "        if len(body) < _MIN_BODY[prefix]:", "        if len(body) <= _MIN_BODY[prefix]:")],
       {"op": "enc.open", "keyset": AEAD_KS, "value": "enc:v1:ARI0VngAAAAAAAAAAAAAAADmbSG7GvPJ13uwRnAam64a", "coupleId": "c1"})

mutant("sealed-ids-compared-nfc", "closer", "payload", "specs/sealed-v1.md",
       "Ids are compared byte for byte (UTF-8), never by Unicode equivalence: `é` and `e` + U+0301 differ.",
       "Compares the payload's ids with the binding's after NFC normalization.",
       [E("values.py", "        if payload[name] != expected:",
          "        if __import__(\"unicodedata\").normalize(\"NFC\", payload[name]) != __import__(\"unicodedata\").normalize(\"NFC\", expected):")],
       {"op": "sealed.seal", "keyset": AEAD_KS, "coupleId": "caf\u00e9", "questionId": "q1", "userId": "u1",
        "payload": '{"coupleId":"cafe\u0301","questionId":"q1","userId":"u1","nonce":"AAAAAAAAAAAAAAAAAAAAAA","a":1}',
        "iv": "00" * 12})

mutant("sealed-nonce-at-least-16", "closer", "payload", "specs/sealed-v1.md",
       "nonce not b64url of exactly 16 bytes → `sealed.payload_invalid_nonce`",
       "Takes 16 bytes as the nonce's minimum: a longer nonce is accepted.",
       [E("values.py", "    if len(nonce) != NONCE_LENGTH:", "    if len(nonce) < NONCE_LENGTH:")],
       {"op": "sealed.seal", "keyset": AEAD_KS, "coupleId": "c1", "questionId": "q1", "userId": "u1",
        "payload": '{"coupleId":"c1","questionId":"q1","userId":"u1","nonce":"AAAAAAAAAAAAAAAAAAAAAAA","a":1}',
        "iv": "00" * 12})

mutant("commitment-length-unchecked", "closer", "commitment", "specs/commitment.md",
       "exactly 32 bytes (`wire.wrong_length`)",
       "Checks the digest by comparison only; a commitment of another length is a mismatch, not wire.wrong_length.",
       [E("values.py", "    if len(digest) != 32:\n        raise fail(\"wire.wrong_length\"",
          "    if False:\n        raise fail(\"wire.wrong_length\"")],
       {"op": "sealed.open", "keyset": AEAD_KS, "coupleId": "c1", "questionId": "q1", "userId": "u1",
        "value": "sealed:v1:ARI0VngAAAAAAAAAAAAAAAB1ntaxwFzv2EHMiw86T6C7_mE4PEbiBQ26vPLChL4cFw8ep_1rs_lHcoIwtICPKA-LK2OXDBQ10TnZUW8uQnTGmF4cJrOkI4ehwLflLAY9qH9o2oTwSRcJzfQL6KPX9O_8sg", "commitment": "sha256:AAAA"})

# ============================ argon2 / kdfParams / couple-key wrap / invite ==================

mutant("argon2-output-64-refused", "closer", "argon2", "specs/argon2id.md",
       '| output length | 16 … 64 bytes | `argon2.output_length_out_of_range` |',
       "Takes the output length's upper bound as exclusive.",
       [E("argon2.py", "if not OUTPUT_LENGTH[0] <= length <= OUTPUT_LENGTH[1]:", "if not OUTPUT_LENGTH[0] <= length < OUTPUT_LENGTH[1]:")],
       {"op": "argon2id", "memoryKiB": 8, "iterations": 1, "parallelism": 1, "length": 64, "password": "70617373", "salt": "00" * 8})

mutant("kdfparams-memory-bound-exclusive", "closer", "kdf_params", "specs/argon2id.md",
       '| `m` | ≤ 65536 KiB (64 MiB) | 46080 KiB |',
       "Reads the reader bound on m as exclusive: m=65536 is cost_too_high.",
       [E("argon2.py", "        if value > bound:", "        if value >= bound if name == \"m\" else value > bound:")],
       {"op": "couplekey.unwrap", "wrappedCoupleKey": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "kdfSalt": "AAAAAAAAAAAAAAAAAAAAAA==", "kdfParams": "$argon2id$v=19$m=65536,t=1,p=1", "phrase": PHRASE10})

mutant("kdfparams-any-field-order", "closer", "kdf_params", "specs/argon2id.md",
       'out of the order m, t, p → `kdfparams.field_order`',
       "Accepts m, t and p in any order (as PHC parsers that look fields up by name do).",
       [E("argon2.py", "        if index <= last:", "        if False:")],
       {"op": "couplekey.unwrap", "wrappedCoupleKey": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "kdfSalt": "AAAAAAAAAAAAAAAAAAAAAA==", "kdfParams": "$argon2id$v=19$t=1,m=8,p=1", "phrase": PHRASE10})

mutant("couplekey-salt-any-argon2-length", "closer", "kdf_params", "specs/couple-key-wrap.md",
       '**Salt length, pinned: exactly 16 bytes.**',
       "Takes Argon2id's salt bounds (8…64 bytes) for kdfSalt instead of exactly 16.",
       [E("pairing.py", "    if len(salt) != SALT_LENGTH:\n        raise fail(\"couplekey.invalid_salt_length\"",
          "    if not 8 <= len(salt) <= 64:\n        raise fail(\"couplekey.invalid_salt_length\"")],
       {"op": "couplekey.unwrap", "wrappedCoupleKey": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "kdfSalt": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "kdfParams": "$argon2id$v=19$m=8,t=1,p=1", "phrase": PHRASE10})

mutant("couplekey-unwrap-phrase-needs-wordlist", "closer", "phrase", "specs/couple-key-wrap.md",
       'normalizes any text the same way (NFKC, lower case, words joined by one space; `RecoveryPhrase.canonicalText(of:)`) **without** a wordlist lookup.',
       "Normalizes the unwrap phrase with the wordlist lookup (phrase.normalize) instead of as text.",
       [E("pairing.py", "    password = password_of(phrase.canonical_text(phrase_text))",
          "    password = password_of(phrase.normalize(phrase_text)[0])")],
       {"op": "couplekey.unwrap", "wrappedCoupleKey": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "kdfSalt": "AAAAAAAAAAAAAAAAAAAAAA==", "kdfParams": "$argon2id$v=19$m=8,t=1,p=1", "phrase": "zzzz " * 9 + "zzzz"})

mutant("phrase-lower-before-nfkc", "closer", "phrase", "specs/recovery-phrase.md",
       '3. **lower case** (Unicode default case mapping, locale-independent)',
       "Lower-cases before NFKC, so a compatibility capital (U+1D2C MODIFIER LETTER CAPITAL A) stays upper case.",
       [E("phrase.py", '    return unicodedata.normalize("NFKC", text).lower()', '    return unicodedata.normalize("NFKC", text.lower())')],
       {"op": "phrase.normalize", "input": "\u1d2ccorn " + "acorn " * 8 + "acorn"})

mutant("phrase-split-isspace", "closer", "phrase", "specs/recovery-phrase.md",
       "not U+FEFF, not U+001C–U+001F",
       "Splits with the platform's whitespace test (Python str.split), which also splits on U+001C–U+001F.",
       [E("phrase.py", "        if c in WHITE_SPACE:", "        if c.isspace():")],
       {"op": "phrase.normalize", "input": "acorn\u001f" * 9 + "acorn"})

mutant("phrase-length-in-characters", "closer", "phrase", "specs/recovery-phrase.md",
       "longer than 1024 UTF-8 bytes → `phrase.too_long`",
       "Counts the input's length in characters, not UTF-8 bytes.",
       [E("phrase.py", '    length = len(text.encode("utf-8", "surrogatepass"))', "    length = len(text)")],
       {"op": "phrase.normalize", "input": PHRASE10 + "\u3000" * 400})

mutant("invite-code-case-sensitive", "closer", "invite", "specs/invite-phrase.md",
       '**Canonical**: upper case (`abc234` → `ABC234`). Codes differing only in case are the same code.',
       "Uses the typed code as the Argon2id password as typed, without upper-casing it.",
       [E("pairing.py", "    return text.upper()", "    return text")],
       {"op": "invite.decrypt", "code": "abc123", "value": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAMMLoavEcOAxFO44HvbUvNF+fzzU25GvGuhciuSJD1dJoIEslztOHB37RKJ0th77rfTlVMbEXyWhJfZiD7T9/ck6buf8LYn6UJrejg=="})

mutant("invite-value-44-bytes-too-short", "closer", "invite", "specs/invite-phrase.md",
       '| 4 | at least 44 bytes (salt + IV + tag) | `invite.value_too_short` | `decode_error` |',
       "Reads the minimum as exclusive: a value of exactly salt + IV + tag (44 bytes) is too short.",
       [E("pairing.py", "    if len(data) < MIN_INVITE_VALUE:", "    if len(data) <= MIN_INVITE_VALUE:")],
       {"op": "invite.decrypt", "code": "ABC123", "value": "A" * 59 + "="})

# ============================ contracts ======================================================

mutant("datekey-assignment-chicago-dst", "closer", "contract", "specs/date-keys.md",
       "the UTC date of *t* **minus 6 hours**, all year (`CST_OFFSET_HOURS = -6`)",
       "Uses America/Chicago time (UTC−5 in summer) for assignmentKey.",
       [E("contracts.py", "    seconds += _KIND_OFFSET_HOURS[kind] * 3600",
          "    seconds += _KIND_OFFSET_HOURS[kind] * 3600\n"
          "    if kind == \"assignmentKey\":\n"
          "        import zoneinfo\n"
          "        seconds += 3600 if dt.datetime.fromtimestamp(seconds + 6 * 3600, dt.timezone.utc).astimezone(zoneinfo.ZoneInfo(\"America/Chicago\")).dst() else 0")],
       {"op": "datekey.compute", "instant": "2026-07-01T05:30:00Z", "kind": "assignmentKey"})

mutant("datekey-leap-second-accepted", "closer", "contract", "specs/date-keys.md",
       'no leap second (`:60`)',
       "Accepts second 60 (RFC 3339's leap second) and folds it into the next minute.",
       [E("contracts.py", "if hour > 23 or minute > 59 or second > 59:", "if hour > 23 or minute > 59 or second > 60:")],
       {"op": "datekey.compute", "instant": "2026-12-31T23:59:60Z", "kind": "reminderDay"})

mutant("push-empty-string-present", "closer", "contract", "specs/push-routing.md",
       "An empty string counts as absent.",
       "Treats an empty member as present (only a missing member is absent).",
       [E("contracts.py", "        return data.get(name) or None  # an empty string counts as absent",
          "        return data.get(name)"),
        E("contracts.py", 'route = _route("answerReveal", questionId=question) if question else _route("ANSWER_HISTORY")',
          'route = _route("answerReveal", questionId=question) if question is not None else _route("ANSWER_HISTORY")')],
       {"op": "push.route", "data": {"type": "reveal_ready", "questionId": ""}})

mutant("push-payload-couple-first", "closer", "contract", "specs/push-routing.md",
       "`coupleId` is the receiving app's current couple when it has one (the op's optional `coupleId`, `routeFor`'s second argument); otherwise the payload's `coupleId` member.",
       "Prefers the payload's coupleId and falls back to the app's current couple.",
       [E("contracts.py", '    couple = couple_id or arg("coupleId")', '    couple = arg("coupleId") or couple_id')],
       {"op": "push.route", "data": {"type": "partner_joined", "coupleId": "c-payload"}, "coupleId": "c-app"})

mutant("callable-invite-status-required", "closer", "contract", "specs/callables.md",
       "`status` absent or `\"pending\"` → else",
       "Requires status to be present and \"pending\"; an invite without status is not pending.",
       [E("contracts.py", 'if invite.get("status") is not None and invite.get("status") != "pending":',
          'if invite.get("status") != "pending":')],
       {"op": "callable.validate", "callable": "acceptInviteCallable", "payload": {"code": "ABC123"},
        "invite": {"wrappedCoupleKey": "x", "kdfSalt": "x", "kdfParams": "x", "recoveryPhrase": "x"}})

mutant("quiet-end-inclusive", "closer", "contract", "specs/quiet-hours.md",
       "minutes after local midnight; **exclusive**",
       "Treats the end minute as part of the quiet window.",
       [E("server_contracts.py", "        return m >= start or m < end", "        return m >= start or m <= end")],
       {"op": "quietHours.check", "instant": "2026-03-10T07:00:00Z",
        "user": {"quietHoursEnabled": True, "quietHoursStartMinutes": 1320, "quietHoursEndMinutes": 420, "timezone": "UTC"}})

mutant("quiet-equal-bounds-all-day", "closer", "contract", "specs/quiet-hours.md",
       "`s = e`: never quiet (an empty window; fail-open reading",
       "Reads start = end as a window of the whole day (always quiet).",
       [E("server_contracts.py", "    return False\n\n\ndef _instant_nanos", "    return True\n\n\ndef _instant_nanos")],
       {"op": "quietHours.check", "instant": "2026-03-10T12:00:00Z",
        "user": {"quietHoursEnabled": True, "quietHoursStartMinutes": 600, "quietHoursEndMinutes": 600, "timezone": "UTC"}})

mutant("quiet-minute-rounded", "closer", "contract", "specs/quiet-hours.md",
       "seconds and fractions dropped (floor)",
       "Rounds the local time to the nearest minute instead of dropping the seconds.",
       [E("server_contracts.py", "    local = dt.datetime.fromtimestamp(seconds, dt.timezone.utc).astimezone(zone)",
          "    local = dt.datetime.fromtimestamp(seconds + 30, dt.timezone.utc).astimezone(zone)")],
       {"op": "quietHours.check", "instant": "2026-03-10T09:59:45Z",
        "user": {"quietHoursEnabled": True, "quietHoursStartMinutes": 600, "quietHoursEndMinutes": 660, "timezone": "UTC"}})

mutant("reminder-limit-count-5-allowed", "closer", "contract", "specs/cloud-functions.md",
       "Allowed while `count < 5`",
       "Reads 'at most 5' as allowing a send while count ≤ 5.",
       [E("server_contracts.py", "    if count < 5:", "    if count <= 5:")],
       {"op": "gentleReminder.rateLimit", "now": "2026-03-10T12:10:00Z",
        "record": {"windowStart": {"timestampValue": "2026-03-10T12:00:00Z"}, "count": 5}})

mutant("reminder-retry-rounded-down", "closer", "contract", "specs/cloud-functions.md",
       "`retryAfterMinutes` = the time left to `windowStart + 1 h` in whole minutes, rounded **up**",
       "Rounds the minutes left down (integer division).",
       [E("server_contracts.py", '"retryAfterMinutes": -(-(start + hour - now) // minute)', '"retryAfterMinutes": (start + hour - now) // minute')],
       {"op": "gentleReminder.rateLimit", "now": "2026-03-10T12:30:30Z",
        "record": {"windowStart": {"timestampValue": "2026-03-10T12:00:00Z"}, "count": 5}})

# ============================ FitLink ========================================================

mutant("fitlink-chat-id-case-insensitive-order", "fitlink", "binding", "specs/profiles/fitlink/chat.md",
       'the result is `chat_` + the byte-wise smaller id + `_` + the larger.',
       "Orders the two user ids case-insensitively instead of by their bytes.",
       [E("fitlink.py", 'lo, hi = sorted((a, b), key=lambda s: s.encode("ascii"))', 'lo, hi = sorted((a, b), key=lambda s: s.lower().encode("ascii"))')],
       {"op": "fitlink.chatId", "userA": "a", "userB": "B"})

mutant("fitlink-user-id-127", "fitlink", "binding", "specs/profiles/fitlink/chat.md",
       '| user id | 1…128 bytes of `[A-Za-z0-9-]` (**pinned**) |',
       "Takes the user id's 128-character limit as exclusive.",
       [E("fitlink.py", '_UID = re.compile(r"[A-Za-z0-9-]{1,128}")', '_UID = re.compile(r"[A-Za-z0-9-]{1,127}")')],
       {"op": "fitlink.chatId", "userA": "a" * 128, "userB": "b"})

mutant("fitlink-info-as-written-default", "fitlink", "kdf", "specs/profiles/fitlink/chat.md",
       'info         = min(myPublicKey, theirPublicKey) ‖ max(myPublicKey, theirPublicKey)   (byte-wise order)',
       "Concatenates the two public keys as (mine, peer) by default instead of sorted.",
       [E("fitlink.py", '        return "sorted"\n', '        return "as_written"\n')],
       {"op": "fitlink.encrypt", "plaintext": "6869", "privateKey": "15" * 32, "peerPublicKey": "pOCSkrZRwni5dyxWn1+puxPZBrRqtoyd+dwrRAn4ogk=",
        "chatId": "chat_a_b", "nonce": "00" * 12})

mutant("fitlink-voice-duration-exclusive", "fitlink", "binding", "specs/profiles/fitlink/documents.md",
       '`voice_duration` is a number of seconds 0…86 400',
       "Takes the voice duration's upper bound (86400 s) as exclusive.",
       [E("fitlink_documents.py", "            if not 0 <= v <= 86_400:", "            if not 0 <= v < 86_400:")],
       {"op": "fitlink.validate", "document": "friend_message",
        "body": {"id": "00000000-0000-0000-0000-000000000000", "sender_id": "a", "type": "voice",
                 "encrypted_content": "AAAAAAAAAAAAAAAAAAAAAA==", "iv": "AAAAAAAAAAAAAAAA", "status": "sent",
                 "payload": {"voice_url": "https://x", "voice_duration": 86400}}})

mutant("fitlink-preview-minimum-tag-only", "fitlink", "aead", "specs/profiles/fitlink/media.md",
       'the preview is b64 (strict, padded) of nonce (12 bytes) ‖ ciphertext ‖ tag (16 bytes)',
       "Requires the encrypted preview to hold a tag (16 bytes), forgetting the 12-byte nonce in front.",
       [E("fitlink_documents.py", "PREVIEW_MINIMUM = 28", "PREVIEW_MINIMUM = 16")],
       {"op": "fitlink.validate", "document": "friend_chat",
        "body": {"id": "chat_a_b", "participant_ids": ["a", "b"], "encryption_initialized": True,
                 "last_message": {"sender_id": "a", "timestamp": 1, "type": "text",
                                  "encrypted_preview": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}}})

# ============================ Unstoppable ====================================================

mutant("unstoppable-equal-timestamp-stale", "unstoppable", "contract", "specs/profiles/unstoppable/webhook.md",
       'An equal timestamp is not stale: events of one instant apply in delivery order',
       "Treats an event with the same timestamp as the last applied one as stale.",
       [E("unstoppable_webhook.py", "if last is not None and ts < last:", "if last is not None and ts <= last:")],
       {"op": "unstoppable.webhook", "events": [
           {"api_version": "1.0", "event": {"id": "e1", "type": "INITIAL_PURCHASE", "event_timestamp_ms": 1000, "app_user_id": "u1"}},
           {"api_version": "1.0", "event": {"id": "e2", "type": "CANCELLATION", "event_timestamp_ms": 1000, "app_user_id": "u1"}}]})

mutant("unstoppable-unsupported-not-recorded", "unstoppable", "contract", "specs/profiles/unstoppable/webhook.md",
       'The id is recorded on receipt, so a re-delivered stale or unsupported event is a duplicate the second time.',
       "Records an event id as processed only when its type is followed, so a re-delivered unsupported event is not a duplicate.",
       [E("unstoppable_webhook.py", "        self.seen.add(event_id)\n        if kind not in STATE_OF_TYPE:\n            return \"unsupported_type\"",
          "        if kind not in STATE_OF_TYPE:\n            return \"unsupported_type\"\n        self.seen.add(event_id)")],
       {"op": "unstoppable.webhook", "events": [
           {"api_version": "1.0", "event": {"id": "e1", "type": "TEST", "event_timestamp_ms": 1000, "app_user_id": "u1"}},
           {"api_version": "1.0", "event": {"id": "e1", "type": "TEST", "event_timestamp_ms": 1000, "app_user_id": "u1"}}]})

mutant("unstoppable-offset-840-refused", "unstoppable", "contract", "specs/profiles/unstoppable/payloads.md",
       '`utcOffsetMinutes` (−840…840, else `unstoppable.invalid_utc_offset`)',
       "Takes the UTC offset bound (±840 minutes, UTC+14) as exclusive.",
       [E("unstoppable.py", "    if abs(offset_minutes) > MAX_OFFSET_MINUTES:", "    if abs(offset_minutes) >= MAX_OFFSET_MINUTES:")],
       {"op": "unstoppable.dayKey", "instant": "2026-03-10T12:00:00Z", "utcOffsetMinutes": 840})

mutant("unstoppable-routine-time-one-digit-hour", "unstoppable", "contract", "specs/profiles/unstoppable/payloads.md",
       'exactly five ASCII bytes, two-digit hour 00–23, `:`, two-digit minute 00–59',
       "Parses routineTime like a time parser with %H:%M, which also takes a one-digit hour.",
       [E("unstoppable.py", '_HHMM = re.compile(r"([01][0-9]|2[0-3]):[0-5][0-9]")', '_HHMM = re.compile(r"([01]?[0-9]|2[0-3]):[0-5][0-9]")'),
        E("unstoppable.py", "    return int(text[:2]), int(text[3:])", "    return int(text.split(\":\")[0]), int(text.split(\":\")[1])")],
       {"op": "unstoppable.validate", "endpoint": "PUT /v1/routines/current", "message": "request",
        "body": {"routineTime": "7:05", "tasks": []}})

mutant("unstoppable-billing-issue-deactivates", "unstoppable", "contract", "specs/profiles/unstoppable/webhook.md",
       '| `BILLING_ISSUE` | `billing_issue` | unchanged (grace period) | false |',
       "Sets isActive to false on BILLING_ISSUE like EXPIRATION.",
       [E("unstoppable_webhook.py", 's["isActive"] = s["isActive"] if kind == "BILLING_ISSUE" else True',
          's["isActive"] = False if kind == "BILLING_ISSUE" else True')],
       {"op": "unstoppable.webhook", "events": [
           {"api_version": "1.0", "event": {"id": "e1", "type": "INITIAL_PURCHASE", "event_timestamp_ms": 1000, "app_user_id": "u1"}},
           {"api_version": "1.0", "event": {"id": "e2", "type": "BILLING_ISSUE", "event_timestamp_ms": 2000, "app_user_id": "u1"}}]})

# ============================ Reward-E =======================================================

mutant("rewarde-quota-window-inclusive", "reward-e", "contract", "specs/profiles/reward-e/quotas.md",
       "A rate's window is rolling, `(at − window, at]`: an instant exactly one window old no longer counts",
       "Counts a write exactly one window old as still inside the window.",
       [E("reward_e.py", "    kept = sorted(t for t in times if t > at - window)", "    kept = sorted(t for t in times if t >= at - window)")],
       {"op": "rewarde.quota", "quota": "familiesPerUserPerDay", "recent": [1000, 2000, 3000, 4000, 5000], "at": 86_401_000})

mutant("rewarde-premium-expiry-inclusive", "reward-e", "contract", "specs/profiles/reward-e/premium.md",
       '`expiresAt` absent, or `expiresAt > now`',
       "Treats a subscription as active up to and including its expiresAt instant.",
       [E("reward_e.py", '("expiresAt" not in s or s["expiresAt"] > now)', '("expiresAt" not in s or s["expiresAt"] >= now)')],
       {"op": "rewarde.familyPremium", "now": 1000, "subscriptions": [
           {"active": True, "platform": "android", "productId": "p1", "expiresAt": 1000, "ownerId": "u1"}]})

mutant("rewarde-invite-code-typed-case-kept", "reward-e", "contract", "specs/profiles/reward-e/invite-code.md",
       'What a user types: ASCII lower-case letters are upper-cased',
       "Compares the typed code as typed: lower-case letters are outside the alphabet.",
       [E("reward_e.py", '    upper = "".join(c.upper() if "a" <= c <= "z" else c for c in typed)', "    upper = typed")],
       {"op": "rewarde.inviteCode", "typed": "abcdef"})

mutant("rewarde-deep-link-scheme-exact", "reward-e", "contract", "specs/profiles/reward-e/deep-link.md",
       'Parse compares the scheme and host case-insensitively (RFC 3986 §3.1, §3.2.2) and the id exactly',
       "Matches the deep link's scheme and host byte for byte, case-sensitively.",
       [E("reward_e.py", "url[:n].lower() != DEEP_LINK_PREFIX", "url[:n] != DEEP_LINK_PREFIX")],
       {"op": "rewarde.parseDeepLink", "url": "Reward-E://child/kid1"})

mutant("rewarde-earn-overflow-refused", "reward-e", "contract", "specs/profiles/reward-e/balance.md",
       '`earn`: balance = clamp(balance + amount) — an earn past 2 147 483 647 stays there',
       "Refuses an earn that would overflow Int32 instead of clamping the balance at 2^31 − 1.",
       [E("reward_e.py", "            current = clamp_int32(current + amount)",
          "            if current + amount > INT32_MAX:\n                raise fail(\"rewarde.out_of_range\", \"balance overflows Int32\")\n            current = current + amount")],
       {"op": "rewarde.balance", "balance": 2147483600, "transactions": [{"type": "earn", "amount": 100}]})


# ============================ replacements found while recording ============================

mutant("aead-keyset-empty-prefix-default", "closer", "request", "specs/harness.md",
       "`prefix?` (TINK\\|RAW\\|LEGACY\\|CRUNCHY, default TINK)",
       "Takes the default for an empty prefix as well as for an absent one.",
       [E("protocol.py", "    if prefix is None:\n        prefix = \"TINK\"", "    if not prefix:\n        prefix = \"TINK\"")],
       {"op": "aead.keyset", "prefix": "", "key": KEY32.hex(), "keyId": KID})

mutant("aead-crunchy-prefix-01", "closer", "tink_framing", "specs/tink-aead.md",
       "= 00 || key_id                        for LEGACY and CRUNCHY",
       "Writes the 0x00 prefix byte for LEGACY only; CRUNCHY keys get TINK's 0x01.",
       [E("tink_keysets.py", "    if prefix_type == PREFIX[\"TINK\"]:\n        return b\"\\x01\"",
          "    if prefix_type in (PREFIX[\"TINK\"], PREFIX[\"CRUNCHY\"]):\n        return b\"\\x01\""),
        E("aead.py", "    self_check(primitive, out, aad, plaintext)\n", "")],
       {"op": "aead.encrypt", "keyset": keyset(KID, key_entry(aes_key_data(), prefix=4)), "plaintext": b"Hello, Tink!".hex(),
        "aad": b"associated data".hex(), "iv": "000102030405060708090a0b"})

mutant("pub-legacy-prefix-accepted", "closer", "tink_framing", "specs/pub-v1.md",
       "with output prefix TINK (**pinned**: a keyset rather than a bare key, because the keybox prefix carries the recipient's key id and only a keyset has one)",
       "Reads the pin as 'a prefix that carries the key id': a LEGACY primary is accepted too.",
       [E("values.py", "    if pub.prefix_type != tink_keysets.PREFIX[\"TINK\"]:", "    if pub.prefix_type == tink_keysets.PREFIX[\"RAW\"]:")],
       {"op": "pub.encode", "publicKeyset": ecies_pub_keyset(fb(2, HYB_PARAMS), prefix=2)})

mutant("sealed-commitment-before-canonical", "closer", "commitment", "specs/sealed-v1.md",
       "Step 3 before step 4 means a sender cannot commit to one serialization and show another",
       "Checks the commitment before the plaintext's canonical form (steps 3 and 4 swapped).",
       [E("values.py", "    canonical = encoding.canonicalize_utf8(plaintext)\n    if canonical != plaintext:\n        raise fail(\"sealed.non_canonical_payload\", \"sealed:v1: plaintext is not RFC 8785 canonical JSON\")\n    check_commitment(plaintext, digest)\n",
          "    check_commitment(plaintext, digest)\n    canonical = encoding.canonicalize_utf8(plaintext)\n    if canonical != plaintext:\n        raise fail(\"sealed.non_canonical_payload\", \"sealed:v1: plaintext is not RFC 8785 canonical JSON\")\n")],
       {"op": "sealed.open", "keyset": AEAD_KS, "coupleId": "c1", "questionId": "q1", "userId": "u1",
        "value": "sealed:v1:ARI0VngAAAAAAAAAAAAAAAB1nsCt0F7K2SqSi0ApDr27sSwjI0TkKUuipJHg9N1xdD8qg89em9doeqdTz-O_WGyFJS-JFxIjh2qUfmcLIQ-lqC5_S9CQEaOSyJKGV2UJ2H9oWPHpDsthwDVsxwh65dcCCg",
        "commitment": "sha256:fDQZRjZQlCz4jVdB8mFSNTMYxNH9FCjptRzIIFox8Yc"})

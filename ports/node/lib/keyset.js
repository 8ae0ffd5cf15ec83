// Tink binary keysets: structural parse, Tink's validation, per-primitive key parsing, and
// the canonical writer. Normative: specs/tink-keyset.md, specs/tink-hybrid.md §"Key protos".
import { fail } from './errors.js';
import { protoFields, fieldUint32, fieldBytes, fieldString, ProtoWriter, VARINT as V, LEN as L } from './proto.js';
import { concat } from './encoding.js';
import { pointFromCoordinates, scalarFrom, pointsEqual } from './p256.js';

export const AES_GCM_TYPE_URL = 'type.googleapis.com/google.crypto.tink.AesGcmKey';
export const ECIES_PRIVATE_TYPE_URL = 'type.googleapis.com/google.crypto.tink.EciesAeadHkdfPrivateKey';
export const ECIES_PUBLIC_TYPE_URL = 'type.googleapis.com/google.crypto.tink.EciesAeadHkdfPublicKey';

const MAX_KEYSET_BYTES = 1 << 20;
const MAX_KEYS = 1000;

export const STATUS = { ENABLED: 1, DISABLED: 2, DESTROYED: 3 };
export const PREFIX = { TINK: 1, LEGACY: 2, RAW: 3, CRUNCHY: 4 };
const PREFIX_NAMES = ['UNKNOWN_PREFIX', 'TINK', 'LEGACY', 'RAW', 'CRUNCHY', 'WITH_ID_REQUIREMENT'];
/** @param {number} p */
export const prefixName = (p) => PREFIX_NAMES[p] ?? `prefix(${p})`;
/** @param {number} id */
export const hexId = (id) => '0x' + id.toString(16).padStart(8, '0');

/**
 * @typedef {{typeUrl: string, value: Uint8Array, keyMaterialType: number}} KeyData
 * @typedef {{keyData: KeyData|null, status: number, keyId: number, outputPrefixType: number}} KeysetKey
 * @typedef {{primaryKeyId: number, keys: KeysetKey[]}} Keyset
 * @typedef {'aead'|'hybridPrivate'|'hybridPublic'} Primitive
 * @typedef {{keyId: number, outputPrefixType: number, prefix: Uint8Array, key: any}} Entry
 * @typedef {{primitive: Primitive, keyset: Keyset, primary: Entry, entries: Entry[], bytes: Uint8Array}} PrimitiveKeyset
 */

/** The ciphertext prefix of a key. @param {number} prefixType @param {number} keyId */
export function outputPrefix(prefixType, keyId) {
  const id = Uint8Array.of(keyId >>> 24, (keyId >>> 16) & 0xff, (keyId >>> 8) & 0xff, keyId & 0xff);
  if (prefixType === PREFIX.TINK) return concat(Uint8Array.of(1), id);
  if (prefixType === PREFIX.LEGACY || prefixType === PREFIX.CRUNCHY) return concat(Uint8Array.of(0), id);
  return new Uint8Array(0);
}

/** Structural parse (protobuf only). @param {Uint8Array} bytes @returns {Keyset} */
export function parseKeyset(bytes) {
  // tink-keyset.md §"Resource bounds": the size first, the key count after the structure scan.
  if (bytes.length > MAX_KEYSET_BYTES) fail('keyset.too_large', `keyset is ${bytes.length} bytes; at most ${MAX_KEYSET_BYTES} accepted`);
  const fields = protoFields(bytes, 'Keyset', {1: V, 2: L});
  const keyCount = fields.filter((f) => f.number === 2).length;
  if (keyCount > MAX_KEYS) fail('keyset.too_many_keys', `keyset has ${keyCount} keys; at most ${MAX_KEYS} accepted`);
  let primaryKeyId = 0;
  /** @type {KeysetKey[]} */
  const keys = [];
  for (const f of fields) {
    if (f.number === 1) primaryKeyId = fieldUint32(f, 'Keyset');
    else if (f.number === 2) keys.push(parseKey(fieldBytes(f, 'Keyset')));
  }
  return { primaryKeyId, keys };
}

/** @param {Uint8Array} bytes @returns {KeysetKey} */
function parseKey(bytes) {
  /** @type {Uint8Array[]} */
  const kd = [];
  let status = 0, keyId = 0, prefix = 0;
  for (const f of protoFields(bytes, 'Keyset.Key', {1: L, 2: V, 3: V, 4: V})) {
    switch (f.number) {
      case 1: kd.push(fieldBytes(f, 'Keyset.Key')); break; // repeated message: merged
      case 2: status = fieldUint32(f, 'Keyset.Key'); break;
      case 3: keyId = fieldUint32(f, 'Keyset.Key'); break;
      case 4: prefix = fieldUint32(f, 'Keyset.Key'); break;
    }
  }
  /** @type {KeyData|null} */
  let keyData = null;
  if (kd.length > 0) {
    let typeUrl = '', value = new Uint8Array(0), material = 0;
    for (const f of protoFields(concat(...kd), 'KeyData', {1: L, 2: L, 3: V})) {
      if (f.number === 1) typeUrl = fieldString(f, 'KeyData');
      else if (f.number === 2) value = fieldBytes(f, 'KeyData');
      else if (f.number === 3) material = fieldUint32(f, 'KeyData');
    }
    keyData = { typeUrl, value, keyMaterialType: material };
  }
  return { keyData, status, keyId, outputPrefixType: prefix };
}

/** Canonical bytes (Tink's writers). @param {Keyset} ks @returns {Uint8Array} */
export function serializeKeyset(ks) {
  const w = new ProtoWriter().varint(1, ks.primaryKeyId);
  for (const k of ks.keys) {
    const kw = new ProtoWriter();
    if (k.keyData) {
      kw.message(1, new ProtoWriter().string(1, k.keyData.typeUrl).bytes(2, k.keyData.value)
        .varint(3, k.keyData.keyMaterialType).done());
    }
    kw.varint(2, k.status).varint(3, k.keyId).varint(4, k.outputPrefixType);
    w.message(2, kw.done());
  }
  return w.done();
}

/** Tink's keyset validation in the order of tink-keyset.md; returns the primary key. @param {Keyset} ks */
export function validateKeyset(ks) {
  if (ks.keys.length === 0) fail('keyset.empty', 'keyset has no keys');
  /** @type {KeysetKey|null} */
  let primary = null;
  for (const key of ks.keys) {
    if (key.status === STATUS.DESTROYED && key.keyData === null) continue;
    if (key.keyData === null) fail('keyset.missing_key_data', `key ${hexId(key.keyId)} has no key_data`);
    if (!(key.status >= 1 && key.status <= 3)) fail('keyset.invalid_status', `key ${hexId(key.keyId)} has status ${key.status}`);
    if (!(key.outputPrefixType >= 1 && key.outputPrefixType <= 4)) {
      fail('keyset.invalid_output_prefix', `key ${hexId(key.keyId)} has output prefix ${prefixName(key.outputPrefixType)}`);
    }
    if (key.status === STATUS.ENABLED && key.keyId === ks.primaryKeyId) {
      if (primary !== null) fail('keyset.duplicate_primary', `two ENABLED keys have the primary key id ${hexId(ks.primaryKeyId)}`);
      primary = key;
    }
  }
  if (!ks.keys.some((k) => k.status === STATUS.ENABLED)) fail('keyset.no_enabled_key', 'keyset has no ENABLED key');
  if (primary === null) fail('keyset.no_primary', `primary key id ${hexId(ks.primaryKeyId)} matches no ENABLED key`);
  return primary;
}

const KEY_TYPES = {
  aead: { typeUrl: AES_GCM_TYPE_URL, name: 'AesGcmKey', parse: parseAesGcmKey },
  hybridPrivate: { typeUrl: ECIES_PRIVATE_TYPE_URL, name: 'a private EciesAeadHkdfPrivateKey', parse: parseEciesPrivateKey },
  hybridPublic: { typeUrl: ECIES_PUBLIC_TYPE_URL, name: 'a public EciesAeadHkdfPublicKey', parse: parseEciesPublicKey },
};

/**
 * Parses and validates a keyset for one primitive, keeping its bytes verbatim.
 * @param {Uint8Array} bytes @param {Primitive} primitive @returns {PrimitiveKeyset}
 */
export function readKeyset(bytes, primitive) {
  return primitiveKeyset(parseKeyset(bytes), primitive, bytes);
}

/** @param {Keyset} keyset @param {Primitive} primitive @param {Uint8Array} [bytes] @returns {PrimitiveKeyset} */
export function primitiveKeyset(keyset, primitive, bytes) {
  const primaryKey = validateKeyset(keyset);
  const type = KEY_TYPES[primitive];
  /** @type {Entry[]} */
  const entries = [];
  /** @type {Entry|null} */
  let primary = null;
  for (const key of keyset.keys) {
    if (key.status !== STATUS.ENABLED || key.keyData === null) continue;
    if (key.keyData.typeUrl !== type.typeUrl) {
      fail('keyset.unsupported_key_type', `key ${hexId(key.keyId)} has another key type; ${type.name} is required`);
    }
    const entry = {
      keyId: key.keyId, outputPrefixType: key.outputPrefixType,
      prefix: outputPrefix(key.outputPrefixType, key.keyId), key: type.parse(key.keyData.value),
    };
    entries.push(entry);
    if (key === primaryKey) primary = entry;
  }
  return {
    primitive, keyset, primary: /** @type {Entry} */ (primary), entries,
    bytes: bytes ?? serializeKeyset(keyset),
  };
}

/** AesGcmKey: version 0, 16- or 32-byte key. @param {Uint8Array} bytes @returns {{keyValue: Uint8Array}} */
export function parseAesGcmKey(bytes) {
  let version = 0, key = new Uint8Array(0);
  for (const f of protoFields(bytes, 'AesGcmKey', {1: V, 3: L})) {
    if (f.number === 1) version = fieldUint32(f, 'AesGcmKey');
    else if (f.number === 3) key = fieldBytes(f, 'AesGcmKey');
  }
  if (version !== 0) fail('keyset.invalid_key_version', `AesGcmKey version is ${version}; Tink accepts 0`);
  return aesGcmKey(key);
}

/** @param {Uint8Array} key */
export function aesGcmKey(key) {
  if (key.length !== 16 && key.length !== 32) fail('keyset.invalid_key_size', `AES-GCM key is ${key.length} bytes; Tink accepts 16 or 32`);
  return { keyValue: key };
}

/** @param {Uint8Array} key */
export const serializeAesGcmKey = (key) => new ProtoWriter().bytes(3, key).done();

// ECIES template: params and their reader (tink-hybrid.md §"Key protos").

/** Tink's template params bytes. */
export function eciesTemplateParams() {
  const kem = new ProtoWriter().varint(1, 2).varint(2, 3).done();
  const format = new ProtoWriter().varint(2, 16).done();
  const template = new ProtoWriter().string(1, AES_GCM_TYPE_URL).bytes(2, format).varint(3, PREFIX.TINK).done();
  const dem = new ProtoWriter().message(2, template).done();
  return new ProtoWriter().message(1, kem).message(2, dem).varint(3, 1).done();
}

/** @param {Uint8Array} bytes */
function validateEciesParams(bytes) {
  /** @param {string} what @returns {never} */
  const unsupported = (what) => fail('ecies.unsupported_parameters',
    `ECIES params: ${what}; only ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM is supported`);
  const kem = [], dem = [];
  let pointFormat = 0;
  for (const f of protoFields(bytes, 'EciesAeadHkdfParams', {1: L, 2: L, 3: V})) {
    if (f.number === 1) kem.push(fieldBytes(f, 'EciesAeadHkdfParams'));
    else if (f.number === 2) dem.push(fieldBytes(f, 'EciesAeadHkdfParams'));
    else if (f.number === 3) pointFormat = fieldUint32(f, 'EciesAeadHkdfParams');
  }
  let curve = 0, hash = 0, salt = new Uint8Array(0);
  for (const f of protoFields(concat(...kem), 'EciesHkdfKemParams', {1: V, 2: V, 11: L})) {
    if (f.number === 1) curve = fieldUint32(f, 'EciesHkdfKemParams');
    else if (f.number === 2) hash = fieldUint32(f, 'EciesHkdfKemParams');
    else if (f.number === 11) salt = fieldBytes(f, 'EciesHkdfKemParams');
  }
  if (curve !== 2) unsupported(`curve type ${curve} is not NIST_P256 (2)`);
  if (hash !== 3) unsupported(`HKDF hash type ${hash} is not SHA256 (3)`);
  if (salt.length !== 0) unsupported('HKDF salt is not empty');
  if (pointFormat !== 1) unsupported(`point format ${pointFormat} is not UNCOMPRESSED (1)`);
  const template = [];
  for (const f of protoFields(concat(...dem), 'EciesAeadDemParams', {2: L})) {
    if (f.number === 2) template.push(fieldBytes(f, 'EciesAeadDemParams'));
  }
  let typeUrl = '', format = new Uint8Array(0);
  for (const f of protoFields(concat(...template), 'KeyTemplate', {1: L, 2: L, 3: V})) {
    if (f.number === 1) typeUrl = fieldString(f, 'KeyTemplate');
    else if (f.number === 2) format = fieldBytes(f, 'KeyTemplate');
  }
  if (typeUrl !== AES_GCM_TYPE_URL) unsupported('DEM type is not AesGcmKey');
  let keySize = 0, version = 0;
  for (const f of protoFields(format, 'AesGcmKeyFormat', {2: V, 3: V})) {
    if (f.number === 2) keySize = fieldUint32(f, 'AesGcmKeyFormat');
    else if (f.number === 3) version = fieldUint32(f, 'AesGcmKeyFormat');
  }
  if (keySize !== 16 || version !== 0) unsupported(`DEM AES-GCM key size ${keySize} (version ${version}) is not 16 (version 0)`);
}

/** EciesAeadHkdfPublicKey: version, params (template), point. @param {Uint8Array} bytes @returns {{point: import('./p256.js').P256Point}} */
export function parseEciesPublicKey(bytes) {
  let version = 0, x = new Uint8Array(0), y = new Uint8Array(0);
  /** @type {Uint8Array[]|null} */
  let params = null;
  for (const f of protoFields(bytes, 'EciesAeadHkdfPublicKey', {1: V, 2: L, 3: L, 4: L})) {
    switch (f.number) {
      case 1: version = fieldUint32(f, 'EciesAeadHkdfPublicKey'); break;
      case 2: (params ??= []).push(fieldBytes(f, 'EciesAeadHkdfPublicKey')); break;
      case 3: x = fieldBytes(f, 'EciesAeadHkdfPublicKey'); break;
      case 4: y = fieldBytes(f, 'EciesAeadHkdfPublicKey'); break;
    }
  }
  if (version !== 0) fail('keyset.invalid_key_version', `EciesAeadHkdfPublicKey version is ${version}; Tink accepts 0`);
  if (params === null) fail('ecies.missing_field', 'EciesAeadHkdfPublicKey has no params');
  validateEciesParams(concat(...params));
  return { point: pointFromCoordinates(x, y) };
}

/** EciesAeadHkdfPrivateKey: version, public key, 0 < d < n, d·G = stored point. @param {Uint8Array} bytes */
export function parseEciesPrivateKey(bytes) {
  let version = 0, d = new Uint8Array(0);
  /** @type {Uint8Array[]|null} */
  let pub = null;
  for (const f of protoFields(bytes, 'EciesAeadHkdfPrivateKey', {1: V, 2: L, 3: L})) {
    switch (f.number) {
      case 1: version = fieldUint32(f, 'EciesAeadHkdfPrivateKey'); break;
      case 2: (pub ??= []).push(fieldBytes(f, 'EciesAeadHkdfPrivateKey')); break;
      case 3: d = fieldBytes(f, 'EciesAeadHkdfPrivateKey'); break;
    }
  }
  if (version !== 0) fail('keyset.invalid_key_version', `EciesAeadHkdfPrivateKey version is ${version}; Tink accepts 0`);
  if (pub === null) fail('ecies.missing_field', 'EciesAeadHkdfPrivateKey has no public_key');
  const publicKey = parseEciesPublicKey(concat(...pub));
  const scalar = scalarFrom(d);
  if (!pointsEqual(scalar.publicPoint, publicKey.point)) fail('p256.private_public_mismatch', 'private scalar does not match the stored public point');
  return { scalar, point: publicKey.point };
}

/** Java-style integer: 33 bytes with a leading 00. @param {Uint8Array} b32 */
const javaStyle = (b32) => concat(Uint8Array.of(0), b32);

/** @param {import('./p256.js').P256Point} point */
export function serializeEciesPublicKey(point) {
  return new ProtoWriter().message(2, eciesTemplateParams()).bytes(3, javaStyle(point.x)).bytes(4, javaStyle(point.y)).done();
}

/** @param {import('./p256.js').P256Scalar} scalar */
export function serializeEciesPrivateKey(scalar) {
  return new ProtoWriter().message(2, serializeEciesPublicKey(scalar.publicPoint)).bytes(3, javaStyle(scalar.d)).done();
}

/** One-key AEAD keyset (harness `aead.keyset`). @param {Uint8Array} key @param {number} keyId @param {number} prefix */
export function makeAeadKeyset(key, keyId, prefix) {
  aesGcmKey(key);
  return primitiveKeyset({
    primaryKeyId: keyId,
    keys: [{ keyData: { typeUrl: AES_GCM_TYPE_URL, value: serializeAesGcmKey(key), keyMaterialType: 1 }, status: 1, keyId, outputPrefixType: prefix }],
  }, 'aead');
}

/** One-key private hybrid keyset, Java-style (harness `hybrid.keyset`). @param {Uint8Array} d @param {number} keyId */
export function makeHybridPrivateKeyset(d, keyId) {
  const scalar = scalarFrom(d);
  return primitiveKeyset({
    primaryKeyId: keyId,
    keys: [{ keyData: { typeUrl: ECIES_PRIVATE_TYPE_URL, value: serializeEciesPrivateKey(scalar), keyMaterialType: 2 }, status: 1, keyId, outputPrefixType: PREFIX.TINK }],
  }, 'hybridPrivate');
}

/** The public keyset of a private one: ENABLED keys only, same ids and prefixes. @param {PrimitiveKeyset} priv */
export function publicKeysetOf(priv) {
  return primitiveKeyset({
    primaryKeyId: priv.keyset.primaryKeyId,
    keys: priv.entries.map((e) => ({
      keyData: { typeUrl: ECIES_PUBLIC_TYPE_URL, value: serializeEciesPublicKey(e.key.point), keyMaterialType: 3 },
      status: 1, keyId: e.keyId, outputPrefixType: e.outputPrefixType,
    })),
  }, 'hybridPublic');
}

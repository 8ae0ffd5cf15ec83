// Hand-written types for closer-port-node (ES module, Node 20, node:crypto only).
// Normative behaviour: specs/ of CloserSpec; harness protocol v1: specs/harness.md.

/** Harness error categories (specs/errors.md). */
export type ErrorCategory =
  | 'malformed_request' | 'unknown_op' | 'decode_error' | 'invalid_key' | 'authentication_failure'
  | 'binding_mismatch' | 'commitment_mismatch' | 'invalid_parameters' | 'unsupported';

/** Every failure: `code` is the fine code (harness `detail`), `category` the harness `code`. */
export declare class CloserError extends Error {
  constructor(code: string, reason: string);
  readonly code: string;
  readonly category: ErrorCategory;
}
export declare function categoryOf(code: string): ErrorCategory;

export type JSONValue = null | boolean | number | string | JSONValue[] | { [name: string]: JSONValue };

/** A harness request: `{id?, op, ...fields}` (a vector's `{op, ...input}`). */
export interface HarnessRequest { id?: JSONValue; op: string; [field: string]: JSONValue | undefined }
export type HarnessResponse =
  | ({ id: JSONValue; ok: true } & { [member: string]: JSONValue })
  | { id: JSONValue; ok: false; error: { code: ErrorCategory; detail: string; message: string } };

/** Handles one request in process; never throws for bad input. */
export declare function handle(request: HarnessRequest | Record<string, unknown>): HarnessResponse;
/** One request line (bytes without LF) → one RFC 8785 response line (without LF). */
export declare function respondToLine(line: Uint8Array): string;
export declare const OPS: Readonly<Record<string, (fields: unknown) => Record<string, JSONValue>>>;
export declare const IMPLEMENTATION: string;
export declare const VERSION: string;

// Encodings (specs/encodings.md)
export type Base64Profile = 'b64' | 'b64url';
export declare function base64Encode(bytes: Uint8Array, profile: Base64Profile): string;
/** Strict: throws CloserError `b64.*`. */
export declare function base64Decode(text: string, profile: Base64Profile): Uint8Array;
export declare function hexEncode(bytes: Uint8Array): string;
export declare function hexDecode(text: string): Uint8Array;

// Canonical JSON (specs/canonical-json.md)
/** Strict I-JSON; objects are null-prototype objects. Throws `json.*`. */
export declare function parseJSON(bytes: Uint8Array): JSONValue;
export declare function canonicalString(value: JSONValue): string;
export declare function canonicalBytes(value: JSONValue): Uint8Array;
export declare function canonicalize(bytes: Uint8Array): Uint8Array;

// Tink keysets (specs/tink-keyset.md, tink-hybrid.md)
export type Primitive = 'aead' | 'hybridPrivate' | 'hybridPublic';
export interface P256Point { x: Uint8Array; y: Uint8Array }
export interface P256Scalar { d: Uint8Array; publicPoint: P256Point }
export interface KeyData { typeUrl: string; value: Uint8Array; keyMaterialType: number }
export interface KeysetKey { keyData: KeyData | null; status: number; keyId: number; outputPrefixType: number }
export interface Keyset { primaryKeyId: number; keys: KeysetKey[] }
export interface KeysetEntry<K> { keyId: number; outputPrefixType: number; prefix: Uint8Array; key: K }
export interface AesGcmKey { keyValue: Uint8Array }
export interface EciesPublicKey { point: P256Point }
export interface EciesPrivateKey { scalar: P256Scalar; point: P256Point }
export interface PrimitiveKeyset<K = unknown> {
  primitive: Primitive;
  keyset: Keyset;
  primary: KeysetEntry<K>;
  /** ENABLED keys, keyset order (decryption candidates). */
  entries: KeysetEntry<K>[];
  /** The bytes it was read from (carried verbatim), or the canonical form when built here. */
  bytes: Uint8Array;
}
export type AeadKeyset = PrimitiveKeyset<AesGcmKey>;
export type HybridPrivateKeyset = PrimitiveKeyset<EciesPrivateKey>;
export type HybridPublicKeyset = PrimitiveKeyset<EciesPublicKey>;
export declare const PREFIX: { readonly TINK: 1; readonly LEGACY: 2; readonly RAW: 3; readonly CRUNCHY: 4 };
export declare function readKeyset(bytes: Uint8Array, primitive: 'aead'): AeadKeyset;
export declare function readKeyset(bytes: Uint8Array, primitive: 'hybridPrivate'): HybridPrivateKeyset;
export declare function readKeyset(bytes: Uint8Array, primitive: 'hybridPublic'): HybridPublicKeyset;
export declare function parseKeyset(bytes: Uint8Array): Keyset;
export declare function validateKeyset(keyset: Keyset): KeysetKey;
export declare function serializeKeyset(keyset: Keyset): Uint8Array;
export declare function makeAeadKeyset(key: Uint8Array, keyId: number, prefix: number): AeadKeyset;
export declare function makeHybridPrivateKeyset(d: Uint8Array, keyId: number): HybridPrivateKeyset;
export declare function publicKeysetOf(priv: HybridPrivateKeyset): HybridPublicKeyset;

// P-256
export declare function scalarFrom(bytes: Uint8Array): P256Scalar;
export declare function pointFromCoordinates(x: Uint8Array, y: Uint8Array): P256Point;
export declare function pointFromUncompressed(bytes: Uint8Array): P256Point;
export declare function sharedSecret(scalar: P256Scalar, point: P256Point): Uint8Array;
export declare function generateScalar(random: (n: number) => Uint8Array): P256Scalar;

// Tink primitives (specs/tink-aead.md, tink-hybrid.md)
export declare function systemRandom(n: number): Uint8Array;
export declare function gcmSeal(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Uint8Array;
export declare function gcmOpen(key: Uint8Array, sealed: Uint8Array, aad: Uint8Array): Uint8Array;
export declare function hkdfSha256(ikm: Uint8Array, salt: Uint8Array, info: Uint8Array, length: number): Uint8Array;
export declare function aeadEncrypt(ks: AeadKeyset, plaintext: Uint8Array, aad: Uint8Array, iv: Uint8Array): Uint8Array;
export declare function aeadDecrypt(ks: AeadKeyset, ciphertext: Uint8Array, aad: Uint8Array): Uint8Array;
export declare function hybridEncrypt(pub: HybridPublicKeyset, plaintext: Uint8Array, contextInfo: Uint8Array, ephemeral: P256Scalar, iv: Uint8Array): Uint8Array;
export declare function hybridDecrypt(priv: HybridPrivateKeyset, ciphertext: Uint8Array, contextInfo: Uint8Array): Uint8Array;

// Wire values (specs/enc-v1.md, sealed-v1.md, commitment.md, pub-v1.md, keybox-v1.md)
export type WireKind = 'enc' | 'sealed' | 'keybox' | 'commitment' | 'pub';
export type SealedIds = [coupleId: string, questionId: string, userId: string];
export declare function parseWire(text: string, kind: WireKind): Uint8Array;
export declare function bindingJoin(components: [name: string, value: string][]): Uint8Array;
export declare function sealedAAD(coupleId: string, questionId: string, userId: string): Uint8Array;
export declare function keyboxContext(coupleId: string, questionId: string, senderUserId: string, recipientUserId: string): Uint8Array;
export declare function encSeal(ks: AeadKeyset, coupleId: string, text: string, iv: Uint8Array): string;
export declare function encOpen(ks: AeadKeyset, coupleId: string, value: string): string;
export declare function commitmentOf(canonical: Uint8Array): string;
export declare function checkSealedPayload(json: JSONValue): { [name: string]: JSONValue };
export declare function sealedSeal(ks: AeadKeyset, ids: SealedIds, payload: { [name: string]: JSONValue }, iv: Uint8Array): { value: string; commitment: string };
/** Returns the canonical payload bytes (which the commitment hashes). */
export declare function sealedOpen(ks: AeadKeyset, ids: SealedIds, value: string, digest: Uint8Array): Uint8Array;
export declare function pubEncode(publicKeyset: Uint8Array): string;
export declare function pubDecode(value: string): { keyset: HybridPublicKeyset; body: Uint8Array };
export declare function keyboxWrap(recipient: HybridPublicKeyset, contextInfo: Uint8Array, oneTime: AeadKeyset, ephemeral: P256Scalar, iv: Uint8Array): string;
export declare function keyboxUnwrap(priv: HybridPrivateKeyset, contextInfo: Uint8Array, value: string): AeadKeyset;

// Recovery phrase (specs/recovery-phrase.md)
export declare const WORDLIST: readonly string[];
export declare function phraseFromEntropy(entropy: Uint8Array): string;
export declare function phraseNormalize(input: string): { phrase: string; entropy: Uint8Array };

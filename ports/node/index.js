// closer-port-node: Closer's wire profile v1 with node:crypto only (no npm dependencies).
// Every function below is what the harness ops use; see README.md and index.d.ts.
export { handle, respondToLine, OPS, IMPLEMENTATION, VERSION } from './lib/harness.js';
export { CloserError, categoryOf } from './lib/errors.js';
export { base64Encode, base64Decode, hexEncode, hexDecode } from './lib/encoding.js';
export { parseJSON, canonicalize, canonicalBytes, canonicalString } from './lib/json.js';
export {
  readKeyset, makeAeadKeyset, makeHybridPrivateKeyset, publicKeysetOf, serializeKeyset, parseKeyset, validateKeyset, PREFIX,
} from './lib/keyset.js';
export { scalarFrom, pointFromCoordinates, pointFromUncompressed, sharedSecret, generateScalar } from './lib/p256.js';
export { aeadEncrypt, aeadDecrypt, hybridEncrypt, hybridDecrypt, hkdfSha256, gcmSeal, gcmOpen, systemRandom } from './lib/tink.js';
export {
  encSeal, encOpen, sealedSeal, sealedOpen, checkSealedPayload, commitmentOf, parseWire, pubEncode, pubDecode,
  keyboxWrap, keyboxUnwrap, bindingJoin, sealedAAD, keyboxContext,
} from './lib/values.js';
export { phraseFromEntropy, phraseNormalize, WORDLIST } from './lib/phrase.js';

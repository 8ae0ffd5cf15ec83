// revenueCatWebhook's HTTP answer with node:crypto's Ed25519: 405 not POST, 500 no usable
// REVENUECAT_SIGNING_KEY, 401 missing or invalid signature over the raw body, 400 malformed
// event, else 200 (idempotent by entitlement_events/{eventId}).
// Normative: specs/revenuecat-webhook.md (decisions D-HOOK-NN in specs/decisions/contracts-server.md).
import { createPublicKey, verify } from 'node:crypto';
import { base64Decode } from './encoding.js';
import { parseJSON } from './json.js';

/** The header that carries the signature (decided, not stated by the manual: D-HOOK-03). */
export const SIGNATURE_HEADER = 'x-revenuecat-signature';

const SPKI_PREFIX = Uint8Array.from([0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]);

/** @param {string} text @returns {Uint8Array|undefined} strict padded standard base64, else undefined */
function b64(text) {
  try { return base64Decode(text, 'b64'); } catch { return undefined; }
}

/** The Ed25519 KeyObject of a base64 DER SPKI, or undefined (a configuration error, 500). @param {string|null} text */
export function signingKey(text) {
  if (typeof text !== 'string' || text === '') return undefined;
  const der = b64(text);
  if (!der || der.length !== 44 || !SPKI_PREFIX.every((b, i) => der[i] === b)) return undefined;
  try {
    const key = createPublicKey({ key: Buffer.from(der), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ed25519' ? key : undefined;
  } catch {
    return undefined;
  }
}

/** The event id of a well-formed RevenueCat payload, or undefined (400). @param {Uint8Array} body */
export function eventIdOf(body) {
  let root;
  try { root = parseJSON(body); } catch { return undefined; }
  const event = root !== null && typeof root === 'object' && !Array.isArray(root) ? root.event : undefined;
  if (event === null || typeof event !== 'object' || Array.isArray(event)) return undefined;
  for (const m of ['id', 'type', 'app_user_id']) {
    if (typeof event[m] !== 'string' || event[m] === '') return undefined;
  }
  return event.id;
}

/**
 * @param {{method: string, signingKey: string|null, signature: string|null, body: Uint8Array}} d
 * @param {Set<string>} processed ids present in entitlement_events/
 * @returns {{status: number, eventId?: string, duplicate?: boolean}}
 */
export function respond(d, processed) {
  if (d.method !== 'POST') return { status: 405 };
  const key = signingKey(d.signingKey);
  if (!key) return { status: 500 };
  const sig = typeof d.signature === 'string' ? b64(d.signature) : undefined;
  if (!sig || sig.length !== 64 || !verify(null, d.body, key, sig)) return { status: 401 };
  const eventId = eventIdOf(d.body);
  if (eventId === undefined) return { status: 400 };
  return { status: 200, eventId, duplicate: processed.has(eventId) };
}

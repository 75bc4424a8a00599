/**
 * The browser side of the hybrid payload encryption (DESIGN "Encrypted payloads"), written on the
 * standard WebCrypto API so that the web app and the server's tests share it. Per request a fresh
 * AES-256-GCM key encrypts the JSON body; the server's RSA-OAEP (SHA-256) public key wraps that key.
 * The server answers an encrypted call with its `data` encrypted under the same AES key.
 *
 * Wire format, request body:  {"k": b64(RSA-OAEP(aesKey)), "iv": b64(12 bytes), "d": b64(ciphertext‖tag)}
 * Wire format, answer:        {"code":200, "msg":"…", "encrypted":true, "data": {"iv": b64, "d": b64}}
 */
export interface EncryptedBody {
  k: string;
  iv: string;
  d: string;
}
export interface EncryptedData {
  iv: string;
  d: string;
}

const subtle = () => globalThis.crypto.subtle;

export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < view.length; i += 0x8000)
    binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary);
}
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Imports the server's public key (base64 SPKI DER, as GET /auth/publicKey serves it). */
export async function importPublicKey(spkiBase64: string): Promise<CryptoKey> {
  return subtle().importKey('spki', fromBase64(spkiBase64), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
}

/**
 * Encrypts `payload` (any JSON value) for the server. Returns the body to send and the AES key that
 * decrypts the answer.
 */
export async function encryptPayload(
  publicKey: CryptoKey,
  payload: unknown,
): Promise<{ body: EncryptedBody; key: CryptoKey }> {
  const key = await subtle().generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(payload));
  const [cipher, raw] = await Promise.all([
    subtle().encrypt({ name: 'AES-GCM', iv }, key, plain),
    subtle().exportKey('raw', key),
  ]);
  const wrapped = await subtle().encrypt({ name: 'RSA-OAEP' }, publicKey, raw);
  return { body: { k: toBase64(wrapped), iv: toBase64(iv), d: toBase64(cipher) }, key };
}

/** Decrypts the `data` of an encrypted answer with the request's AES key. */
export async function decryptData<T>(key: CryptoKey, data: EncryptedData): Promise<T> {
  const plain = await subtle().decrypt({ name: 'AES-GCM', iv: fromBase64(data.iv) }, key, fromBase64(data.d));
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}

/** True when a JSON body has the encrypted shape. */
export function isEncryptedBody(body: unknown): body is EncryptedBody {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return typeof b.k === 'string' && typeof b.iv === 'string' && typeof b.d === 'string';
}

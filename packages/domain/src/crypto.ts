import smCrypto from 'sm-crypto';

/**
 * The browser side of the hybrid payload encryption (DESIGN "Encrypted payloads"; spec §7 "encrypted"
 * calls), shared by the web app and the server's tests. The server's CRYPTO_SUITE chooses the suite and
 * GET /auth/publicKey says which one it serves ({alg, suite, keyId, publicKey}):
 *
 * - `standard` (default), on the WebCrypto API: ECDH-ES on P-256. Per request a fresh P-256 key pair
 *   agrees a secret with the server's P-256 public key (base64 SPKI DER); HKDF-SHA-256 (salt: the
 *   request's public point, info ECDH_INFO) turns it into an AES-256-GCM key that encrypts the JSON
 *   body; `k` carries the request's public point (65 bytes, 04‖x‖y). 128-bit security as RSA-3072,
 *   at about a tenth of the server's CPU per call (docs/decisions.md "Payload key exchange").
 * - `gm` (national algorithms, GB/T 39786; docs/security.md "National algorithms"), on `sm-crypto`:
 *   per request 48 random bytes, an SM4 key (16) and an HMAC-SM3 key (32), are encrypted with the
 *   server's SM2 public key (GM/T 0009 C1‖C3‖C2 with C1 = 04‖x‖y; the key is served as base64 of the
 *   65-byte uncompressed point); the JSON body is SM4-CBC (PKCS#7) under a fresh 16-byte IV, then
 *   authenticated: d = ciphertext ‖ HMAC-SM3(macKey, label ‖ iv ‖ ciphertext) (encrypt-then-MAC, the
 *   label 'tegang-gm-request' or 'tegang-gm-answer' so that a request cannot be replayed as an answer).
 *
 * The server answers an encrypted call with its `data` encrypted under the same session key(s).
 *
 * Wire format, request body:  {"k": b64(wrapped session key), "iv": b64(iv), "d": b64(ciphertext‖tag)}
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

/** The algorithm suites of CRYPTO_SUITE: 'standard' (ECDH-ES P-256 + AES-GCM) or 'gm' (SM2 + SM4 + SM3). */
export const CRYPTO_SUITES = ['standard', 'gm'] as const;
export type CryptoSuite = (typeof CRYPTO_SUITES)[number];

/** The answer of GET /auth/publicKey; `suite` is absent on servers older than the national suite. */
export interface PublicKeyInfo {
  alg: string;
  keyId: string;
  publicKey: string;
  suite?: CryptoSuite;
}

/** The server's public key, imported for one of the suites. */
export type ServerKey = { suite: 'standard'; key: CryptoKey } | { suite: 'gm'; point: string };
/** The session key(s) of one encrypted call: they decrypt its answer. */
export type SessionKey =
  { suite: 'standard'; key: CryptoKey } | { suite: 'gm'; encKey: Uint8Array; macKey: Uint8Array };

/** Lengths of the gm suite: SM4 key and block, HMAC-SM3 key and tag, the session secret. */
export const GM = { encKey: 16, iv: 16, macKey: 32, tag: 32, secret: 48 } as const;
/** The labels bound into the gm MAC, one per direction. */
export const GM_LABEL = { request: 'tegang-gm-request', answer: 'tegang-gm-answer' } as const;

const { sm2, sm3, sm4 } = smCrypto;
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
const toHex = (bytes: ArrayLike<number>) =>
  Array.from(bytes, (b) => (b & 0xff).toString(16).padStart(2, '0')).join('');
const fromHex = (hex: string) => {
  if (hex.length % 2 || /[^0-9a-f]/i.test(hex)) throw new Error('not hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
};
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** The standard suite's curve (WebCrypto's name; OpenSSL's prime256v1). */
const P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;
/** HKDF `info` of the standard suite's session key: binds the derived key to this one use. */
export const ECDH_INFO = 'tegang-ecdh-p256-a256gcm';
/** Length of an uncompressed P-256 point 04‖x‖y. */
export const P256_POINT = 65;

/** Imports the server's P-256 public key (base64 SPKI DER, as GET /auth/publicKey serves it for 'standard'). */
export async function importPublicKey(spkiBase64: string): Promise<CryptoKey> {
  return subtle().importKey('spki', fromBase64(spkiBase64), P256, false, []);
}

/**
 * Imports the key of a GET /auth/publicKey answer for its suite ('standard' when the answer names
 * none). Throws when a gm key is not a 65-byte uncompressed SM2 point.
 */
export async function importServerKey(info: Pick<PublicKeyInfo, 'publicKey' | 'suite'>): Promise<ServerKey> {
  if (info.suite !== 'gm') return { suite: 'standard', key: await importPublicKey(info.publicKey) };
  const point = fromBase64(info.publicKey);
  if (point.length !== 65 || point[0] !== 4) throw new Error('not an uncompressed SM2 public key');
  return { suite: 'gm', point: toHex(point) };
}

/** HMAC-SM3(macKey, label ‖ iv ‖ ciphertext) of the gm suite (32 bytes). */
export function gmTag(macKey: Uint8Array, label: string, iv: Uint8Array, ciphertext: Uint8Array): Uint8Array {
  const input = concat(new TextEncoder().encode(label), iv, ciphertext);
  return fromHex(sm3(Array.from(input), { key: Array.from(macKey), mode: 'hmac' }));
}

/** SM4-CBC (PKCS#7) then HMAC-SM3 of the gm suite: {iv, d: ciphertext ‖ tag} in base64. */
function gmSeal(key: { encKey: Uint8Array; macKey: Uint8Array }, label: string, plain: Uint8Array) {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(GM.iv));
  const cipher = Uint8Array.from(
    sm4.encrypt(Array.from(plain), Array.from(key.encKey), {
      mode: 'cbc',
      iv: Array.from(iv),
      padding: 'pkcs#7',
      output: 'array',
    }),
  );
  return { iv: toBase64(iv), d: toBase64(concat(cipher, gmTag(key.macKey, label, iv, cipher))) };
}

/** Checks the HMAC-SM3 tag (in constant time) and decrypts; throws on any alteration. */
function gmOpen(key: { encKey: Uint8Array; macKey: Uint8Array }, label: string, data: EncryptedData) {
  const iv = fromBase64(data.iv);
  const all = fromBase64(data.d);
  if (iv.length !== GM.iv || all.length < GM.tag + 16 || (all.length - GM.tag) % 16)
    throw new Error('bad iv or ciphertext');
  const cipher = all.subarray(0, all.length - GM.tag);
  const expected = gmTag(key.macKey, label, iv, cipher);
  const tag = all.subarray(all.length - GM.tag);
  let diff = 0;
  for (let i = 0; i < GM.tag; i++) diff |= expected[i]! ^ tag[i]!;
  if (diff !== 0) throw new Error('integrity check failed');
  return Uint8Array.from(
    sm4.decrypt(Array.from(cipher), Array.from(key.encKey), {
      mode: 'cbc',
      iv: Array.from(iv),
      padding: 'pkcs#7',
      output: 'array',
    }),
  );
}

/** The standard suite's AES-256-GCM key: HKDF-SHA-256 of the ECDH secret, salted with the request's point. */
async function sessionKeyOf(secret: ArrayBuffer, point: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const ikm = await subtle().importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: point, info: new TextEncoder().encode(ECDH_INFO) },
    ikm,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/**
 * Encrypts `payload` (any JSON value) for the server under `server` (an imported server key; a bare
 * CryptoKey is the standard suite's P-256 key). Returns the body to send and the session key that
 * decrypts the answer.
 */
export async function encryptPayload(
  server: ServerKey | CryptoKey,
  payload: unknown,
): Promise<{ body: EncryptedBody; key: SessionKey }> {
  const plain = new TextEncoder().encode(JSON.stringify(payload));
  const target: ServerKey = 'suite' in server ? server : { suite: 'standard', key: server };
  if (target.suite === 'gm') {
    const secret = globalThis.crypto.getRandomValues(new Uint8Array(GM.secret));
    const key = { suite: 'gm' as const, encKey: secret.slice(0, GM.encKey), macKey: secret.slice(GM.encKey) };
    // sm-crypto writes C1 without its 04 prefix; the wire carries GM/T 0009's 04‖x‖y.
    const wrapped = `04${sm2.doEncrypt(Array.from(secret), target.point, 1)}`;
    return { body: { k: toBase64(fromHex(wrapped)), ...gmSeal(key, GM_LABEL.request, plain) }, key };
  }
  const mine = (await subtle().generateKey(P256, true, ['deriveBits'])) as CryptoKeyPair;
  const [secret, point] = await Promise.all([
    subtle().deriveBits({ name: 'ECDH', public: target.key }, mine.privateKey, 256),
    subtle().exportKey('raw', mine.publicKey),
  ]);
  const key = await sessionKeyOf(secret, new Uint8Array(point));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const cipher = await subtle().encrypt({ name: 'AES-GCM', iv }, key, plain);
  return {
    body: { k: toBase64(point), iv: toBase64(iv), d: toBase64(cipher) },
    key: { suite: 'standard', key },
  };
}

/**
 * Decrypts the `data` of an encrypted answer with the request's session key (a bare CryptoKey is the
 * standard suite's AES key). Throws when the answer was altered.
 */
export async function decryptData<T>(key: SessionKey | CryptoKey, data: EncryptedData): Promise<T> {
  const session: SessionKey = 'suite' in key ? key : { suite: 'standard', key };
  const plain =
    session.suite === 'gm'
      ? gmOpen(session, GM_LABEL.answer, data)
      : await subtle().decrypt({ name: 'AES-GCM', iv: fromBase64(data.iv) }, session.key, fromBase64(data.d));
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}

/** True when a JSON body has the encrypted shape. */
export function isEncryptedBody(body: unknown): body is EncryptedBody {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return typeof b.k === 'string' && typeof b.iv === 'string' && typeof b.d === 'string';
}

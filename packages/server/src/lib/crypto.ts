import {
  createCipheriv,
  createECDH,
  createDecipheriv,
  createHash,
  createHmac,
  createPrivateKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { eq } from 'drizzle-orm';
import smCrypto from 'sm-crypto';
import {
  ECDH_INFO,
  GM,
  GM_LABEL,
  P256_POINT,
  type CryptoSuite,
  type EncryptedBody,
  type EncryptedData,
} from '@tegang/domain';
import type { Db } from '../db';
import { sysKeyPair } from '../db/schema';

/**
 * The server side of the hybrid payload encryption (DESIGN "Encrypted payloads"; the browser side and
 * the wire formats are in packages/domain/src/crypto.ts). CRYPTO_SUITE chooses the suite:
 * - `standard`: ECDH-ES on P-256: the request's fresh P-256 point and the server's key agree a secret,
 *   HKDF-SHA-256 makes it the request's AES-256-GCM key;
 * - `gm` (docs/security.md "National algorithms"): an SM2 key pair wraps a per-request SM4 key and
 *   HMAC-SM3 key; the payload is SM4-CBC, then HMAC-SM3 (Node's own SM3/SM4; SM2 from `sm-crypto`,
 *   as in the browser).
 * Each pair is made at the first start with that suite and kept in `sys_key_pair` (ids 'p256', 'sm2') so
 * that every node shares it; the public key is served at GET /auth/publicKey.
 */
export interface KeyRing {
  suite: CryptoSuite;
  /** The algorithms, as GET /auth/publicKey names them. */
  alg: string;
  /** base64: SPKI DER of the P-256 key, or the 65-byte uncompressed SM2 point (04‖x‖y). */
  publicKey: string;
  /** sha-256 (standard) or SM3 (gm) of the public key, first 16 hex digits: lets a client notice a rotated key. */
  keyId: string;
  /**
   * Unwraps the session key and decrypts a request body. Rejects on any tampering. `aesKey` is the
   * session key: 32 bytes of AES key (standard), or SM4 key ‖ HMAC-SM3 key, 48 bytes (gm). The P-256
   * agreement takes about 0.1 ms of CPU (RSA-3072's unwrap took 2 ms, the costliest step of a login
   * after the password hash).
   */
  decrypt(body: EncryptedBody): Promise<{ payload: unknown; aesKey: Buffer }>;
  /** Encrypts an answer's data under the request's session key. */
  encrypt(aesKey: Buffer, data: unknown): EncryptedData;
}

// getPublicKeyFromPrivateKey (sm-crypto 0.3.13+) is missing from @types/sm-crypto 0.3.
const sm2 = smCrypto.sm2 as typeof smCrypto.sm2 & { getPublicKeyFromPrivateKey(privateKey: string): string };

function standardKeyRing(publicKeyDer: Buffer, privateKeyPem: string): KeyRing {
  // Imported once: parsing the PEM at every call would cost more than the agreement itself. The
  // agreement runs on an ECDH object holding the private scalar: half the CPU of a key object made
  // from each request's point, and it refuses a point off the curve just as the import does (no
  // invalid-curve attack).
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(createPrivateKey(privateKeyPem).export({ format: 'jwk' }).d!, 'base64url'));
  return {
    suite: 'standard',
    alg: 'ECDH-ES-P256+HKDF-SHA256+A256GCM',
    publicKey: publicKeyDer.toString('base64'),
    keyId: createHash('sha256').update(publicKeyDer).digest('hex').slice(0, 16),
    async decrypt(body) {
      const point = Buffer.from(body.k, 'base64');
      if (point.length !== P256_POINT || point[0] !== 4) throw new Error('not an uncompressed P-256 point');
      const secret = ecdh.computeSecret(point);
      const aesKey = Buffer.from(hkdfSync('sha256', secret, point, ECDH_INFO, 32));
      const iv = Buffer.from(body.iv, 'base64');
      const data = Buffer.from(body.d, 'base64');
      if (iv.length !== 12 || data.length < 16) throw new Error('bad iv or ciphertext');
      const decipher = createDecipheriv('aes-256-gcm', aesKey, iv);
      decipher.setAuthTag(data.subarray(data.length - 16));
      const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
      return { payload: JSON.parse(plain.toString('utf8')), aesKey };
    },
    encrypt(aesKey, data) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
      const out = Buffer.concat([
        cipher.update(JSON.stringify(data ?? null), 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return { iv: iv.toString('base64'), d: out.toString('base64') };
    },
  };
}

/** HMAC-SM3(macKey, label ‖ iv ‖ ciphertext): the gm suite's tag (domain gmTag). */
const gmTag = (macKey: Buffer, label: string, iv: Buffer, cipher: Buffer) =>
  createHmac('sm3', macKey).update(label).update(iv).update(cipher).digest();

function gmKeyRing(publicKeyHex: string, privateKeyHex: string): KeyRing {
  const point = Buffer.from(publicKeyHex, 'hex');
  return {
    suite: 'gm',
    alg: 'SM2+SM4-CBC+HMAC-SM3',
    publicKey: point.toString('base64'),
    keyId: createHash('sm3').update(point).digest('hex').slice(0, 16),
    async decrypt(body) {
      const wrapped = Buffer.from(body.k, 'base64');
      // GM/T 0009 C1‖C3‖C2, C1 = 04‖x‖y (65 bytes), C3 32 bytes, C2 the 48-byte session secret.
      if (wrapped.length !== 65 + 32 + GM.secret || wrapped[0] !== 4) throw new Error('bad SM2 ciphertext');
      const secret = Buffer.from(
        sm2.doDecrypt(wrapped.subarray(1).toString('hex'), privateKeyHex, 1, {
          output: 'array',
        }) as unknown as number[],
      );
      if (secret.length !== GM.secret) throw new Error('SM2 decryption failed');
      const payload = gmOpen(secret, GM_LABEL.request, body);
      return { payload: JSON.parse(payload.toString('utf8')), aesKey: secret };
    },
    encrypt(secret, data) {
      const iv = randomBytes(GM.iv);
      const cipher = createCipheriv('sm4-cbc', secret.subarray(0, GM.encKey), iv);
      const out = Buffer.concat([cipher.update(JSON.stringify(data ?? null), 'utf8'), cipher.final()]);
      const tag = gmTag(secret.subarray(GM.encKey), GM_LABEL.answer, iv, out);
      return { iv: iv.toString('base64'), d: Buffer.concat([out, tag]).toString('base64') };
    },
  };
}

/** Verifies the HMAC-SM3 tag in constant time, then decrypts SM4-CBC (encrypt-then-MAC). */
function gmOpen(secret: Buffer, label: string, data: EncryptedData): Buffer {
  const iv = Buffer.from(data.iv, 'base64');
  const all = Buffer.from(data.d, 'base64');
  if (iv.length !== GM.iv || all.length < GM.tag + 16 || (all.length - GM.tag) % 16)
    throw new Error('bad iv or ciphertext');
  const cipher = all.subarray(0, all.length - GM.tag);
  const tag = all.subarray(all.length - GM.tag);
  if (!timingSafeEqual(tag, gmTag(secret.subarray(GM.encKey), label, iv, cipher)))
    throw new Error('integrity check failed');
  const decipher = createDecipheriv('sm4-cbc', secret.subarray(0, GM.encKey), iv);
  return Buffer.concat([decipher.update(cipher), decipher.final()]);
}

/** Order n of the SM2 curve (GB/T 32918.5): private keys are in [1, n-2]. */
const SM2_N = 0xfffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123n;

/**
 * A fresh SM2 key pair {publicKey: hex 04‖x‖y, privateKey: hex d}. The private key is drawn from Node's
 * CSPRNG by rejection sampling: sm-crypto's own generator uses jsbn, which outside a browser falls back
 * to Math.random.
 */
export function makeSm2KeyPair(): { publicKey: string; privateKey: string } {
  for (;;) {
    const d = BigInt(`0x${randomBytes(32).toString('hex')}`);
    if (d < 1n || d > SM2_N - 2n) continue;
    const privateKey = d.toString(16).padStart(64, '0');
    return { publicKey: sm2.getPublicKeyFromPrivateKey(privateKey), privateKey };
  }
}

/**
 * Loads the key pair of `suite`, making it on first use (concurrent first starts agree on one row):
 * row 'p256' (base64 SPKI DER, PKCS#8 PEM) or row 'sm2' (hex point, hex scalar). A row 'rsa' of an
 * older version (the RSA-OAEP suite) is no longer read.
 */
export async function loadKeyRing(db: Db, suite: CryptoSuite = 'standard'): Promise<KeyRing> {
  const id = suite === 'gm' ? 'sm2' : 'p256';
  let [row] = await db.select().from(sysKeyPair).where(eq(sysKeyPair.id, id));
  if (!row) {
    let pair: { publicKey: string; privateKey: string };
    if (suite === 'gm') pair = makeSm2KeyPair();
    else {
      const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
      pair = {
        publicKey: p256.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
        privateKey: p256.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      };
    }
    await db
      .insert(sysKeyPair)
      .values({ id, ...pair })
      .onConflictDoNothing();
    [row] = await db.select().from(sysKeyPair).where(eq(sysKeyPair.id, id));
  }
  return suite === 'gm'
    ? gmKeyRing(row!.publicKey, row!.privateKey)
    : standardKeyRing(Buffer.from(row!.publicKey, 'base64'), row!.privateKey);
}

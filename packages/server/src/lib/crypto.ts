import {
  constants,
  createDecipheriv,
  createCipheriv,
  createHash,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
} from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { EncryptedBody, EncryptedData } from '@tegang/domain';
import type { Db } from '../db';
import { sysKeyPair } from '../db/schema';

/**
 * The server side of the hybrid payload encryption (DESIGN "Encrypted payloads"; the browser side is
 * packages/domain/src/crypto.ts). An RSA-OAEP-SHA-256 key pair (3072 bits) is made at first start and
 * kept in the database so that every node shares it; the public key is served at GET /auth/publicKey.
 */
export interface KeyRing {
  /** base64 SPKI DER of the public key. */
  publicKey: string;
  /** sha-256 of the public key, first 16 hex digits: lets a client notice a rotated key. */
  keyId: string;
  /** Unwraps the AES key and decrypts a request body. Throws on any tampering. */
  decrypt(body: EncryptedBody): { payload: unknown; aesKey: Buffer };
  /** Encrypts an answer's data under the request's AES key. */
  encrypt(aesKey: Buffer, data: unknown): EncryptedData;
}

function makeKeyRing(publicKeyDer: Buffer, privateKeyPem: string): KeyRing {
  return {
    publicKey: publicKeyDer.toString('base64'),
    keyId: createHash('sha256').update(publicKeyDer).digest('hex').slice(0, 16),
    decrypt(body) {
      const aesKey = privateDecrypt(
        { key: privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(body.k, 'base64'),
      );
      if (aesKey.length !== 32) throw new Error('AES key must be 256 bits');
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

/** Loads the key pair, making it on first use (concurrent first starts agree on one row). */
export async function loadKeyRing(db: Db): Promise<KeyRing> {
  let [row] = await db.select().from(sysKeyPair).where(eq(sysKeyPair.id, 'rsa'));
  if (!row) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 3072 });
    const publicKey = pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const privateKey = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await db.insert(sysKeyPair).values({ id: 'rsa', publicKey, privateKey }).onConflictDoNothing();
    [row] = await db.select().from(sysKeyPair).where(eq(sysKeyPair.id, 'rsa'));
  }
  return makeKeyRing(Buffer.from(row!.publicKey, 'base64'), row!.privateKey);
}

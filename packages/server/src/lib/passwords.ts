import { hash, verify } from '@node-rs/argon2';

/** Passwords are stored as argon2id hashes (DESIGN "passwords"); the library's defaults are OWASP's. */
export const hashPassword = (password: string) => hash(password);

/** True when `password` matches `stored`; false for a malformed hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so that timing does not tell. */
let dummy: Promise<string> | null = null;
export const dummyHash = () => (dummy ??= hash('not-a-real-password-Aa1!'));

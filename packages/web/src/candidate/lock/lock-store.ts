import { UNLOCK_MAX_FAILURES } from '@tegang/domain';
import { createStore, readJson, useStore } from '../../components/store';

/**
 * The front site's lock (spec §2 "Route guards": with a front-site token a locked session goes to the
 * lock page; §4 "Lock": without a lock password a dialog sets one, then it locks at once; logging in
 * and out clears it). The candidate API has no lock call, so the lock lives in the tab's
 * sessionStorage like the console's lock flag (admin/chrome/lock-store), and the lock password is kept
 * only as a salted SHA-256 digest (Web Crypto) that unlocking compares; after UNLOCK_MAX_FAILURES wrong
 * attempts the session ends, as on the console.
 */
export interface WebLock {
  locked: boolean;
  /** The page to return to after unlocking (path + search). */
  from?: string;
  /** The candidate's real name shown on the lock page. */
  name?: string;
  /** Hex salt and hex SHA-256 of salt + password; absent until a lock password is set. */
  salt?: string;
  digest?: string;
  /** Wrong unlock attempts since the lock. */
  failures?: number;
}

export const WEB_LOCK_KEY = 'tegang-web-lock';
/** The front site's lock page. */
export const WEB_LOCK_PATH = '/web/lock';

const EMPTY: WebLock = { locked: false };

export const webLockStore = createStore<WebLock>(readJson(sessionStorage, WEB_LOCK_KEY, EMPTY), (v) => {
  if (v.locked || v.digest) sessionStorage.setItem(WEB_LOCK_KEY, JSON.stringify(v));
  else sessionStorage.removeItem(WEB_LOCK_KEY);
});

export const useWebLock = () => useStore(webLockStore);
export const isWebLocked = () => webLockStore.get().locked;
/** Whether a lock password is set (the lock button then locks at once). */
export const hasLockPassword = () => Boolean(webLockStore.get().digest);
/** The lock needs Web Crypto, which browsers give only to secure pages (HTTPS or localhost). */
export const canLock = () => typeof crypto !== 'undefined' && Boolean(crypto.subtle);

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

async function digestOf(salt: string, password: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(salt + password)));
}

/**
 * Locks the session, returning to `from` after unlocking. `password` sets the lock password (the
 * first lock); without one the stored password stays. Throws when neither exists.
 */
export async function lockWeb(from: string, name: string, password?: string): Promise<void> {
  const current = webLockStore.get();
  let { salt, digest } = current;
  if (password) {
    salt = hex(crypto.getRandomValues(new Uint8Array(16)));
    digest = await digestOf(salt, password);
  }
  if (!salt || !digest) throw new Error('no lock password');
  webLockStore.set({ locked: true, from, name, salt, digest, failures: 0 });
}

/**
 * Unlocks with the lock password: 'unlocked' (the lock password stays for the next lock), 'wrong', or
 * 'ended' after UNLOCK_MAX_FAILURES wrong attempts (the caller logs out).
 */
export async function unlockWeb(password: string): Promise<'unlocked' | 'wrong' | 'ended'> {
  const { salt, digest } = webLockStore.get();
  if (salt && digest && (await digestOf(salt, password)) === digest) {
    webLockStore.set({ locked: false, salt, digest });
    return 'unlocked';
  }
  // Read after the digest: attempts made meanwhile are counted too.
  const current = webLockStore.get();
  const failures = (current.failures ?? 0) + 1;
  webLockStore.set({ ...current, failures });
  return failures >= UNLOCK_MAX_FAILURES ? 'ended' : 'wrong';
}

/** Login and logout clear the lock and its password (spec §4). */
export function clearWebLock(): void {
  webLockStore.set(EMPTY);
}

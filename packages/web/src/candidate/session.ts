import { clearToken, getToken, setToken } from '../api/tokens';
import { logout as logoutCall } from '../areas/candidate-account/api';
import { clearWebLock } from './lock/lock-store';

/**
 * The candidate session on the client (spec §3 client storage, §4 "Candidate logout"): the front-site
 * token, the query cache that holds the front-site state (query-client.ts), and the logout that clears
 * both.
 */

/**
 * The query cache, once its module has loaded: it comes with the pages that read through it, not
 * with the login page (the first page a phone loads); before that there is nothing cached to clear.
 */
let queryCache: { clear(): void } | null = null;

/** Called by query-client.ts when it creates the cache. */
export function attachQueryCache(cache: { clear(): void }): void {
  queryCache = cache;
}

export const isLoggedIn = (): boolean => Boolean(getToken('candidate'));

/** After a successful login: keeps the token and starts from a clean state (no lock, spec §4). */
export function startSession(token: string): void {
  queryCache?.clear();
  clearWebLock();
  setToken('candidate', token);
}

/** Drops the token, the lock, the session storage and the cached state (no server call). */
export function endSessionLocally(): void {
  clearToken('candidate');
  clearWebLock();
  sessionStorage.clear();
  queryCache?.clear();
}

/** Logout: revokes the session on the server (best effort), then clears the client. */
export async function logout(): Promise<void> {
  if (isLoggedIn()) await logoutCall().catch(() => undefined);
  endSessionLocally();
}

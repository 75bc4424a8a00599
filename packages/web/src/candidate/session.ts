import { QueryClient } from '@tanstack/react-query';
import { clearToken, getToken, setToken } from '../api/tokens';
import { logout as logoutCall } from '../areas/candidate-account/api';
import { clearWebLock } from './lock/lock-store';

/**
 * The candidate session on the client (spec §3 client storage, §4 "Candidate logout"): the front-site
 * token, the query cache that holds the front-site state, and the logout that clears both.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export const isLoggedIn = (): boolean => Boolean(getToken('candidate'));

/** After a successful login: keeps the token and starts from a clean state (no lock, spec §4). */
export function startSession(token: string): void {
  queryClient.clear();
  clearWebLock();
  setToken('candidate', token);
}

/** Drops the token, the lock, the session storage and the cached state (no server call). */
export function endSessionLocally(): void {
  clearToken('candidate');
  clearWebLock();
  sessionStorage.clear();
  queryClient.clear();
}

/** Logout: revokes the session on the server (best effort), then clears the client. */
export async function logout(): Promise<void> {
  if (isLoggedIn()) await logoutCall().catch(() => undefined);
  endSessionLocally();
}

import { useSyncExternalStore } from 'react';
import { getInfo, getMenu, type AdminInfo, type MenuNode } from './api';
import { clearToken, getToken } from '../api/tokens';
import { clearLock } from './chrome/lock-store';
import { resetTabs } from './chrome/tabs-store';

/**
 * The administrator's session in memory (spec §3 "User session", §4 "Admin session"): the token is in
 * the cookie (api/tokens); user info, roles, permissions and the menu are fetched once per page load.
 */
export interface SessionState {
  info: AdminInfo | null;
  menu: MenuNode[];
}

let state: SessionState = { info: null, menu: [] };
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export const session = {
  get: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** True when a token is stored (logged in as far as the browser knows). */
  hasToken: () => !!getToken('admin'),
  /** Loads user info and menu once (spec §2 "If user roles are not loaded, user info is fetched first"). */
  load(): Promise<void> {
    loading ??= Promise.all([getInfo(), getMenu()])
      .then(([info, menu]) => set({ info, menu }))
      .finally(() => {
        loading = null;
      });
    return loading;
  },
  /** Fetches user info again (after editing the profile). */
  async reloadInfo(): Promise<void> {
    const info = await getInfo();
    set({ ...state, info });
  },
  /**
   * Logout / failed session: clears token, user info, menu, tags and lock (spec §4). `quiet` skips notifying the
   * subscribers when the caller navigates right after (the next render reads the cleared state).
   */
  clear({ quiet = false }: { quiet?: boolean } = {}): void {
    clearToken('admin');
    resetTabs();
    clearLock();
    if (quiet) state = { info: null, menu: [] };
    else set({ info: null, menu: [] });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get);
}

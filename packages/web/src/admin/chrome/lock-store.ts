import { createStore, readJson, useStore } from '../../components/store';

/**
 * The lock flag (spec §3 "Session copies of … lock state", §4 "Lock"), in sessionStorage, with the
 * name and avatar shown on /lock. The lock password itself is only ever checked by the server.
 */
export interface LockFlag {
  locked: boolean;
  name?: string;
  avatar?: string | null;
  /** The page to return to after unlocking. */
  from?: string;
}

export const LOCK_KEY = 'tegang-lock';

export const lockStore = createStore<LockFlag>(readJson(sessionStorage, LOCK_KEY, { locked: false }), (v) => {
  if (v.locked) sessionStorage.setItem(LOCK_KEY, JSON.stringify(v));
  else sessionStorage.removeItem(LOCK_KEY);
});

export const useLock = () => useStore(lockStore);
export const isLocked = () => lockStore.get().locked;

export function setLocked(flag: Omit<LockFlag, 'locked'> = {}): void {
  lockStore.set({ ...lockStore.get(), ...flag, locked: true });
}

export function clearLock(): void {
  lockStore.set({ locked: false });
}

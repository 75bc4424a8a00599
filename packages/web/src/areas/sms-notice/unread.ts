import { useSyncExternalStore } from 'react';
import type { CandidateNotice } from '@tegang/domain';

/**
 * Which notices a candidate has not seen (the header's badge): those newer than the last time she
 * opened the notice list, kept in this browser's localStorage per account — no server state, so a
 * second device shows them unread once more.
 */

const keyOf = (userId: number) => `tegang-notice-seen:${userId}`;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage refused (private mode): everything counts as unseen
  }
}

/** When account `userId` last opened the list (ISO 8601), or null when never (in this browser). */
export function readSeen(userId: number): string | null {
  try {
    return storage()?.getItem(keyOf(userId)) ?? null;
  } catch {
    return null;
  }
}

/** Records that account `userId` has seen everything up to `at` (ISO 8601); the badges update. */
export function markSeen(userId: number, at: string): void {
  try {
    if (readSeen(userId) === at) return;
    storage()?.setItem(keyOf(userId), at);
  } catch {
    // full or refused: the badge simply stays
  }
  for (const listener of listeners) listener();
}

/** The moment to mark as seen on opening the list: now, or the newest notice if the clocks disagree. */
export function seenMark(notices: readonly CandidateNotice[], now = new Date()): string {
  const newest = notices.reduce((max, n) => (n.time > max ? n.time : max), now.toISOString());
  return newest;
}

/** True when `notice` is newer than `seen` (every notice when nothing was seen). */
export const isUnread = (notice: Pick<CandidateNotice, 'time'>, seen: string | null) =>
  seen === null || notice.time > seen;

/** `readSeen(userId)`, re-rendering when it changes (in this tab, or another tab of this browser). */
export function useSeen(userId: number | null): string | null {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      const onStorage = (e: StorageEvent) => {
        if (userId !== null && e.key === keyOf(userId)) onChange();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(onChange);
        window.removeEventListener('storage', onStorage);
      };
    },
    () => (userId === null ? null : readSeen(userId)),
  );
}

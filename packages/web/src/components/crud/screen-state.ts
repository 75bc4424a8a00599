/**
 * What a list screen keeps while its console tab stays open (spec §4 "Tabs": switching tabs unmounts
 * the screen): the search form's values, the page and the page size, per screen key (its route path),
 * in sessionStorage beside the tag list, so a reviewer who goes to another tab and back finds the
 * list as they left it. A screen whose tab was closed starts afresh (`forgetScreenStates`).
 */

/** The kept state of one list screen. */
export interface ScreenState {
  /** The search form's values as the form holds them (before the list's own clean-up). */
  search: Record<string, unknown>;
  /** The page on screen, 1-based. */
  current: number;
  /** Rows per page. */
  pageSize: number;
}

export const SCREEN_STATE_KEY = 'tegang-screen-state';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage refused (private mode): nothing is kept
  }
}

function readAll(): Record<string, ScreenState> {
  try {
    const text = storage()?.getItem(SCREEN_STATE_KEY);
    const value: unknown = text ? JSON.parse(text) : null;
    return value && typeof value === 'object' ? (value as Record<string, ScreenState>) : {};
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, ScreenState>): void {
  try {
    storage()?.setItem(SCREEN_STATE_KEY, JSON.stringify(all));
  } catch {
    // full or refused: the screen simply starts afresh next time
  }
}

/** The kept state of screen `key`, or undefined when none is kept. */
export function readScreenState(key: string): ScreenState | undefined {
  const state = readAll()[key];
  if (!state || typeof state !== 'object') return undefined;
  const current = Number(state.current);
  const pageSize = Number(state.pageSize);
  return {
    search: state.search && typeof state.search === 'object' ? state.search : {},
    current: Number.isInteger(current) && current > 0 ? current : 1,
    pageSize: Number.isInteger(pageSize) && pageSize > 0 ? pageSize : 10,
  };
}

/** Keeps `state` for screen `key` (replacing what was kept). */
export function saveScreenState(key: string, state: ScreenState): void {
  writeAll({ ...readAll(), [key]: state });
}

/** Forgets the kept state of every screen for which `keep(key)` is false (e.g. its tab was closed). */
export function forgetScreenStates(keep: (key: string) => boolean): void {
  const all = readAll();
  const kept = Object.fromEntries(Object.entries(all).filter(([key]) => keep(key)));
  if (Object.keys(kept).length !== Object.keys(all).length) writeAll(kept);
}

import { createStore, readJson, useStore } from '../../components/store';

/**
 * The tag list (spec §4 "Tabs", §3 "Session copies of … tag list"): visited pages, kept in
 * sessionStorage; the home tab is always first and cannot be closed.
 */
export const TAGS_KEY = 'tegang-tags';
export const HOME_TAB = '/wel/index';

/**
 * Pages that never become tabs ("marked no-tab"); '/' only redirects to the home tab (after an
 * unlock or a login the layout passes through it, which left a stray "/" tab).
 */
export const NO_TAB = new Set(['/', '/lock', '/login', '/403', '/404', '/500']);

const withHome = (paths: string[]) => [HOME_TAB, ...paths.filter((p) => p !== HOME_TAB && !NO_TAB.has(p))];

export const tabsStore = createStore<string[]>(withHome(readJson(sessionStorage, TAGS_KEY, [])), (v) =>
  sessionStorage.setItem(TAGS_KEY, JSON.stringify(v)),
);
export const useTabs = () => useStore(tabsStore);

export function openTab(path: string): void {
  if (NO_TAB.has(path)) return;
  const tabs = tabsStore.get();
  if (!tabs.includes(path)) tabsStore.set([...tabs, path]);
}

/** Closes a tab; returns where to go when it was the active one (the previous tab, or the first). */
export function closeTab(path: string, active: string): string | null {
  const tabs = tabsStore.get();
  if (path === HOME_TAB || tabs.length <= 1) return null;
  const index = tabs.indexOf(path);
  if (index < 0) return null;
  const next = tabs.filter((p) => p !== path);
  tabsStore.set(next);
  if (path !== active) return null;
  return next[index - 1] ?? next[0] ?? HOME_TAB;
}

export function closeOtherTabs(keep: string): void {
  tabsStore.set(withHome([keep]));
}

export function closeAllTabs(): void {
  tabsStore.set([HOME_TAB]);
}

/** Login and logout clear the tags (spec §4). */
export function resetTabs(): void {
  sessionStorage.removeItem(TAGS_KEY);
  tabsStore.set([HOME_TAB]);
}

/** Pure helpers of the CRUD component (no React), unit-tested in query.test.ts. */

/** ProTable's own request keys, never sent as search values. */
const TABLE_KEYS = new Set(['current', 'pageSize', 'keyword']);

/**
 * The search values of a ProTable request (spec §7 "Generic list behaviour"): without ProTable's own
 * keys (`current`, `pageSize`, `keyword`, `_…`) and without empty values (undefined, null, '', []).
 */
export function cleanQuery(params: Record<string, unknown>): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (TABLE_KEYS.has(k) || k.startsWith('_')) continue;
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    query[k] = v;
  }
  return query;
}

/** True when the search form holds at least one value. */
export const hasSearch = (query: Record<string, unknown>) => Object.keys(query).length > 0;

/**
 * The page to show after a reload answered no rows for page `current` (its last row was deleted):
 * the last page that still has rows, or null when `current` is fine (spec §9 paging).
 */
export function lastPageWithRows(current: number, size: number, total: number, rows: number): number | null {
  if (rows > 0 || current <= 1 || total <= 0) return null;
  return Math.ceil(total / size);
}

/** The 序号 of a row: its position over all pages (spec §2 "Tables show an index column"). */
export const rowNumber = (current: number, size: number, index: number) => (current - 1) * size + index + 1;

/** A title starts with a capital ('enrolment details' → 'Enrolment details'); Chinese is unchanged. */
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The largest page size the server accepts (spec §9: 10, 20, 30, 50, 100). */
const MAX_PAGE = 100;

/**
 * Every record of a paged list, fetched page by page (100 a page) — for a tree level that must be
 * shown whole, e.g. the sub-regions of a region.
 */
export async function allPages<T>(
  page: (paging: { current: number; size: number }) => Promise<{ records: T[]; total: number }>,
): Promise<T[]> {
  const out: T[] = [];
  for (let current = 1; ; current += 1) {
    const { records, total } = await page({ current, size: MAX_PAGE });
    out.push(...records);
    if (!records.length || out.length >= total) return out;
  }
}

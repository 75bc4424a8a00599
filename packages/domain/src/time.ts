/**
 * Time helpers. The programme runs on China Standard Time (UTC+8, no daylight saving): windows shown
 * to users and dates such as limitBirth are read and written in that zone.
 */
export const CST_OFFSET_MS = 8 * 3600_000;

/** 'YYYY-MM-DD HH:mm' in China Standard Time. */
export function formatDateTime(value: string | number | Date): string {
  const d = new Date(new Date(value).getTime() + CST_OFFSET_MS);
  return d.toISOString().slice(0, 16).replace('T', ' ');
}

/** 'YYYY-MM-DD' of the given instant in China Standard Time. */
export function cstDate(value: string | number | Date = Date.now()): string {
  return new Date(new Date(value).getTime() + CST_OFFSET_MS).toISOString().slice(0, 10);
}

export type WindowState = 'before' | 'open' | 'after';
/** Where `now` lies against the window [start, end): before it, inside it, or after it. */
export function windowState(start: string | Date, end: string | Date, now: Date = new Date()): WindowState {
  const t = now.getTime();
  if (t < new Date(start).getTime()) return 'before';
  return t < new Date(end).getTime() ? 'open' : 'after';
}

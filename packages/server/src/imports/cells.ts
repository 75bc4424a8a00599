import { badRequest } from '../lib/errors';

/**
 * Cell helpers shared by the import definitions (docs/architecture.md "Imports"): the plan parameter
 * of importExcel, the "label or value → value" index of a dictionary (or any labelled value list),
 * the county index (GB/T 2260 code or name → codes) and dates. One behaviour each, so that every
 * import reads a cell the same way.
 */

/** The largest id a plan can have (PostgreSQL integer). */
const MAX_ID = 2147483647;

/**
 * The job param of an import that belongs to a plan (spec §7 importExcel/{param} and
 * importExcel?planId=): `raw` is the plan id as sent (path param or query value, trimmed here).
 * Returns the param stored with the job: JSON `{"planId":n, ...extra}` (one encoding for every
 * import; read back by {@link readPlanParam}). Throws 400 'import.planRequired' when `raw` is not a
 * whole number 1–2147483647. Whether the plan exists is the caller's check (the job checks again).
 */
export function planParam(raw: unknown, extra: Record<string, unknown> = {}): string {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > MAX_ID) throw badRequest('import.planRequired');
  return JSON.stringify({ ...extra, planId: Number(text) });
}

/**
 * The plan id (and the extra fields) of a job param written by {@link planParam}. A bare id (the
 * encoding of plan data and ticket jobs queued before the one encoding) is read as `{planId}`.
 * Anything else gives planId 0, which matches no plan (the definition's "no such plan").
 */
export function readPlanParam<Extra extends object = object>(
  param: string | null | undefined,
): { planId: number } & Partial<Extra> {
  const text = (param ?? '').trim();
  if (/^\d{1,10}$/.test(text)) return { planId: Number(text) } as { planId: number } & Partial<Extra>;
  try {
    const value = JSON.parse(text) as { planId?: unknown } & Partial<Extra>;
    const planId = typeof value.planId === 'number' && Number.isInteger(value.planId) ? value.planId : 0;
    return { ...value, planId: planId > 0 && planId <= MAX_ID ? planId : 0 };
  } catch {
    return { planId: 0 } as { planId: number } & Partial<Extra>;
  }
}

/**
 * The form a label or value is compared in: Unicode NFKC (full-width letters, digits and spaces as
 * typed by a Chinese input method become their ASCII forms), white space runs as one space, trimmed,
 * lower case. '  Primary  School ' and 'ｐｒｉｍａｒｙ school' both read 'primary school'.
 */
export const optionKey = (text: string): string =>
  text.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

/** A value with its captions, e.g. a dictionary item or a status with its zh and en labels. */
export interface LabelledValue {
  value: string;
  label: string;
  labelEn?: string | null;
}

/**
 * Resolves a cell to a value of `items`: the value itself, the zh label or the en label, compared by
 * {@link optionKey} (so case, width and extra spaces do not matter). Returns the value, or undefined
 * for an empty or unknown text. When two items share a caption, the first listed wins; a value
 * always wins over another item's caption.
 */
export function optionIndex(items: readonly LabelledValue[]): (text: string) => string | undefined {
  const index = new Map<string, string>();
  const add = (caption: string | null | undefined, value: string) => {
    const key = caption ? optionKey(caption) : '';
    if (key && !index.has(key)) index.set(key, value);
  };
  for (const i of items) add(i.value, i.value);
  for (const i of items) {
    add(i.label, i.value);
    add(i.labelEn, i.value);
  }
  // A column of 100,000 rows holds a handful of distinct texts: each is normalised once.
  const seen = new Map<string, string | undefined>();
  return (text) => {
    if (!text) return undefined;
    if (seen.has(text)) return seen.get(text);
    const value = index.get(optionKey(text));
    if (seen.size < OPTION_TEXTS_KEPT) seen.set(text, value);
    return value;
  };
}

/** Distinct cell texts an option index keeps resolved (a hostile file cannot grow it further). */
const OPTION_TEXTS_KEPT = 10_000;

/** A county with the codes of its city and province. */
export interface CountyCodes {
  provinceCode: string;
  cityCode: string;
  countyCode: string;
  name: string;
}

/** The county index of {@link countyIndex}. */
export interface CountyIndex {
  /**
   * The county a cell names: by GB/T 2260 code (exact), else by name (white space ignored). A name
   * several counties share resolves to the one `prefer` accepts when exactly one does; otherwise (or
   * for an unknown text) undefined.
   */
  find(text: string, prefer?: (county: CountyCodes) => boolean): CountyCodes | undefined;
  /** The county of a code, for showing its name. */
  byCode(code: string): CountyCodes | undefined;
}

/**
 * The counties (level 3) of the region table (`regions`: code, parent code, name, level), each with
 * its city and province codes, indexed by code and by name.
 */
export function countyIndex(
  regions: readonly { code: string; parentCode: string | null; name: string; level: number }[],
): CountyIndex {
  const byCode = new Map(regions.map((r) => [r.code, r]));
  const counties = new Map<string, CountyCodes>();
  const byName = new Map<string, CountyCodes[]>();
  for (const r of regions) {
    if (r.level !== 3) continue;
    const city = byCode.get(r.parentCode ?? '');
    const county: CountyCodes = {
      provinceCode: city?.parentCode ?? '',
      cityCode: city?.code ?? '',
      countyCode: r.code,
      name: r.name,
    };
    counties.set(r.code, county);
    const name = r.name.replace(/\s+/g, '');
    byName.set(name, [...(byName.get(name) ?? []), county]);
  }
  return {
    find(text, prefer) {
      const found = counties.get(text.trim());
      if (found) return found;
      const named = byName.get(text.replace(/\s+/g, '')) ?? [];
      if (named.length === 1) return named[0];
      const preferred = prefer ? named.filter(prefer) : [];
      return preferred.length === 1 ? preferred[0] : undefined;
    },
    byCode: (code) => counties.get(code),
  };
}

/**
 * A date cell: 'YYYY-MM-DD', also with '/' or '.' and one-digit month or day ('2026/7/4') →
 * 'YYYY-MM-DD' of a real day; null for anything else (e.g. '2026-02-30').
 */
export function importDate(text: string): string | null {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

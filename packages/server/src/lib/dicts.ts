import { asc } from 'drizzle-orm';
import type { DictItem, Lang } from '@tegang/domain';
import type { Db } from '../db';
import { sysDictItem } from '../db/schema';

/**
 * Dictionary items read through a short cache (60 s): used to check coded fields and to print
 * labels in documents and exports. Dictionary edits show up within a minute on every node.
 */
export interface Dicts {
  items(type: string): DictItem[];
  has(type: string, value: string): boolean;
  /** The label of a value in `lang`; the value itself when unknown, '' for null. */
  label(type: string, value: string | null | undefined, lang?: Lang): string;
}

const TTL_MS = 60_000;
const cache = new WeakMap<Db, { at: number; dicts: Promise<Dicts> }>();

export function loadDicts(db: Db): Promise<Dicts> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.dicts;
  const dicts = db
    .select()
    .from(sysDictItem)
    .orderBy(asc(sysDictItem.dictType), asc(sysDictItem.sort), asc(sysDictItem.id))
    .then((rows) => {
      const byType = new Map<string, DictItem[]>();
      for (const r of rows) {
        const list = byType.get(r.dictType) ?? [];
        list.push({
          label: r.label,
          labelEn: r.labelEn,
          value: r.value,
          isDefault: r.isDefault as 'Y' | 'N',
          sort: r.sort,
        });
        byType.set(r.dictType, list);
      }
      return {
        items: (type) => byType.get(type) ?? [],
        has: (type, value) => (byType.get(type) ?? []).some((i) => i.value === value),
        label(type, value, lang = 'zh') {
          if (value === null || value === undefined || value === '') return '';
          const item = byType.get(type)?.find((i) => i.value === value);
          if (!item) return value;
          return lang === 'en' && item.labelEn ? item.labelEn : item.label;
        },
      } satisfies Dicts;
    });
  cache.set(db, { at: Date.now(), dicts });
  dicts.catch(() => cache.delete(db));
  return dicts;
}

/** Forgets the cache (after a dictionary edit on this node). */
export function invalidateDicts(db: Db): void {
  cache.delete(db);
}

import { asc } from 'drizzle-orm';
import type { RegionNode } from '@tegang/domain';
import type { Db } from '../db';
import { sysRegion } from '../db/schema';
import { cachedReference, invalidateReference } from './reference-cache';

/**
 * The region table as every area reads it (spec §3 "Region", §6 region scope): all rows from memory,
 * and the tree of a set of rows. The region screen's edits call invalidateRegions.
 */

/** One region as read for lookups and trees. */
export interface RegionRow {
  code: string;
  parentCode: string | null;
  name: string;
  level: number;
}

/**
 * All regions ordered by code, kept as a result in memory (lib/reference-cache.ts: REFERENCE_TTL_MS,
 * cleared on this node by a region edit).
 */
export function loadRegions(db: Db): Promise<RegionRow[]> {
  return cachedReference(db, 'regions', () =>
    db
      .select({
        code: sysRegion.code,
        parentCode: sysRegion.parentCode,
        name: sysRegion.name,
        level: sysRegion.level,
      })
      .from(sysRegion)
      .orderBy(asc(sysRegion.code))
      // A Drizzle query runs again at every await: `.then` runs it once and keeps its result.
      .then((r) => r),
  );
}

/** Forgets the region results (after a region edit on this node) with the other reference results. */
export function invalidateRegions(db: Db): void {
  invalidateReference(db);
}

/** Builds the tree of `rows` whose roots are the rows without a parent among them. */
export function buildRegionTree(rows: RegionRow[]): RegionNode[] {
  const nodes = new Map<string, RegionNode>(
    rows.map((r) => [r.code, { code: r.code, name: r.name, level: r.level as 1 | 2 | 3 }]),
  );
  const roots: RegionNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.code)!;
    const parent = r.parentCode ? nodes.get(r.parentCode) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

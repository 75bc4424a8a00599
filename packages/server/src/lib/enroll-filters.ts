import { eq, ilike, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { RegionScope } from '@tegang/domain';
import { enroll } from '../db/schema';
import { containsPattern } from './like';
import { scopeWhere } from './scope';

/**
 * The one enrolment search (spec §2 list screens: the columns of enrolments, admission tickets,
 * admission results and the enrolment comparison as filters; spec §6 region scope). Each list adds
 * the filters of its own columns (ticket status, admission status, …) to these. One meaning per field
 * (docs/decisions.md "One enrolment search"):
 * - planId, city, county, academic session, subject: equal;
 * - name: contains, case-insensitive (LIKE wildcards typed are literal);
 * - ID number: equal to the full number, X upper-cased; phone: equal to the full number.
 */

/** The enrolment's own filters, as the lists' query schemas parse them (empty text already dropped). */
export interface EnrollFilterQuery {
  planId?: number;
  name?: string;
  idCard?: string;
  phone?: string;
  cityCode?: string;
  countyCode?: string;
  academicSession?: string;
  subject?: string;
}

/**
 * The columns a search reads. A list whose rows copy the enrolment's fields (the comparison) names
 * its own; a list of rows joined to the enrolment names its own plan column (its index).
 */
export interface EnrollFilterColumns {
  planId: PgColumn;
  name: PgColumn;
  idCard: PgColumn;
  /** Absent on rows without a phone: a list over them offers no phone filter. */
  phone?: PgColumn;
  provinceCode: PgColumn;
  cityCode: PgColumn;
  countyCode: PgColumn;
  academicSession: PgColumn;
  subject: PgColumn;
}

/** The enrolment table's columns, the default of enrollFilters. */
export const ENROLL_FILTER_COLUMNS: EnrollFilterColumns = {
  planId: enroll.planId,
  name: enroll.name,
  idCard: enroll.idCard,
  phone: enroll.phone,
  provinceCode: enroll.provinceCode,
  cityCode: enroll.cityCode,
  countyCode: enroll.countyCode,
  academicSession: enroll.academicSession,
  subject: enroll.subject,
};

/**
 * The WHERE conditions of an enrolment search inside `scope`: the region scope first, then one
 * condition per filter given, to be joined with `and(...)` together with the list's own conditions.
 * `columns` defaults to the enrolment table's.
 */
export function enrollFilters(
  query: EnrollFilterQuery,
  scope: RegionScope,
  columns: EnrollFilterColumns = ENROLL_FILTER_COLUMNS,
): SQL[] {
  const c = columns;
  const conditions: (SQL | undefined)[] = [
    scopeWhere(c, scope),
    query.planId ? eq(c.planId, query.planId) : undefined,
    query.name ? ilike(c.name, containsPattern(query.name)) : undefined,
    query.idCard ? eq(c.idCard, query.idCard.toUpperCase()) : undefined,
    query.phone && c.phone ? eq(c.phone, query.phone) : undefined,
    query.cityCode ? eq(c.cityCode, query.cityCode) : undefined,
    query.countyCode ? eq(c.countyCode, query.countyCode) : undefined,
    query.academicSession ? eq(c.academicSession, query.academicSession) : undefined,
    query.subject ? eq(c.subject, query.subject) : undefined,
  ];
  return conditions.filter((x): x is SQL => x !== undefined);
}

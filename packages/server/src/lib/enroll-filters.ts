import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { RegionScope } from '@tegang/domain';
import { enroll } from '../db/schema';
import { containsPattern } from './like';
import { scopeTerms } from './scope';
import { eqTerm, termSql, type SearchTerm } from './search-terms';

/**
 * The one enrolment search (spec §2 list screens: the columns of enrolments, admission tickets,
 * admission results and the enrolment comparison as filters; spec §6 region scope). Each list adds
 * the filters of its own columns (ticket status, admission status, …) to these. One meaning per field
 * (docs/decisions.md "One enrolment search"):
 * - planId, city, county, academic session, subject: equal;
 * - name: contains, case-insensitive (LIKE wildcards typed are literal);
 * - ID number: equal to the full number, X upper-cased; phone: equal to the full number;
 * - 报名序号 (serialNo): equal to the full number, on the lists whose rows carry it.
 */

/** The enrolment's own filters, as the lists' query schemas parse them (empty text already dropped). */
export interface EnrollFilterQuery {
  planId?: number;
  name?: string;
  idCard?: string;
  phone?: string;
  serialNo?: string;
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
  /** Absent on rows without a 报名序号: a list over them offers no serial filter. */
  serialNo?: PgColumn;
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
  serialNo: enroll.serialNo,
  provinceCode: enroll.provinceCode,
  cityCode: enroll.cityCode,
  countyCode: enroll.countyCode,
  academicSession: enroll.academicSession,
  subject: enroll.subject,
};

/**
 * The terms of an enrolment search inside `scope`: the region scope's codes first, then one term per
 * filter given, for the list to add its own terms to. `columns` defaults to the enrolment table's.
 */
export function enrollTerms(
  query: EnrollFilterQuery,
  scope: RegionScope,
  columns: EnrollFilterColumns = ENROLL_FILTER_COLUMNS,
): SearchTerm[] {
  const c = columns;
  return [
    ...scopeTerms(c, scope),
    ...eqTerm(c.planId, query.planId),
    ...(query.name ? [{ column: c.name, op: 'ilike' as const, value: containsPattern(query.name) }] : []),
    ...eqTerm(c.idCard, query.idCard?.toUpperCase()),
    ...(c.phone ? eqTerm(c.phone, query.phone) : []),
    ...(c.serialNo ? eqTerm(c.serialNo, query.serialNo) : []),
    ...eqTerm(c.cityCode, query.cityCode),
    ...eqTerm(c.countyCode, query.countyCode),
    ...eqTerm(c.academicSession, query.academicSession),
    ...eqTerm(c.subject, query.subject),
  ];
}

/**
 * The WHERE conditions of an enrolment search inside `scope` (enrollTerms as SQL): the region scope
 * first, then one condition per filter given, to be joined with `and(...)` together with the list's
 * own conditions. `columns` defaults to the enrolment table's.
 */
export function enrollFilters(
  query: EnrollFilterQuery,
  scope: RegionScope,
  columns: EnrollFilterColumns = ENROLL_FILTER_COLUMNS,
): SQL[] {
  return enrollTerms(query, scope, columns).map((t) => termSql(t));
}

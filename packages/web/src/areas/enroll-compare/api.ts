import type { EnrollCompareQuery, EnrollCompareRow, Page, PageQuery } from '@tegang/domain';
import { http } from '../../api/request';
import type { ImportApi } from '../../components/import';

/** Enrolment comparison (spec §7 "Enrolment comparison": page, importExcel/{param}, export). */
export type CompareFilters = Partial<Record<Exclude<keyof EnrollCompareQuery, 'planId'>, string>> & {
  planId?: number | string;
};

export const BASE = '/candidate/enrollCompare';

export const pageCompare = (query: CompareFilters & PageQuery) =>
  http.get<Page<EnrollCompareRow>>(`${BASE}/page`, { ...query });

/** POST …/exportToken: a single-use link to the xlsx of the filtered list. */
export const compareExportLink = (filters: CompareFilters) =>
  http.post<{ url: string }>(`${BASE}/exportToken`, filters);

/** The import of an external list into plan `planId` (the data source goes as a multipart field). */
export const compareImportApi = (planId: number): ImportApi => ({
  base: BASE,
  uploadUrl: `${BASE}/importExcel/${planId}`,
  templateUrl: `${BASE}/template`,
});

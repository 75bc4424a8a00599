import type {
  AdmissionResultDetail,
  AdmissionResultQuery,
  AdmissionResultRow,
  CodeOption,
  Page,
  PageQuery,
} from '@tegang/domain';
import { http } from '../../api/request';
import type { ImportApi } from '../../components/import';

/**
 * Admission results in the back office (spec §2 "Admission results", §6 view-only, §7
 * contract, base /candidate/admissionResults): list, detail, import, export. The list and the export
 * always mask the physical examination ('***'); the detail shows it in clear only to holders of
 * PERMISSIONS.admissionResult.physicalExam (the server logs each clear view).
 */

const BASE = '/candidate/admissionResults';

/** The search values of the list and the export (admissionResultQuerySchema, as sent). */
export type ResultFilters = Partial<Record<Exclude<keyof AdmissionResultQuery, 'planId'>, string>> & {
  planId?: number;
};

export const pageResults = (query: ResultFilters & PageQuery) =>
  http.get<Page<AdmissionResultRow>>(`${BASE}/page`, { ...query });

export const getResult = (id: number) => http.get<AdmissionResultDetail>(`${BASE}/${id}`);

/** Admission status options ('0' not admitted, '1' admitted, '2' pending) in the caller's language. */
export const admissionStatusOptions = () => http.get<CodeOption[]>(`${BASE}/getAdmissionStatus`);

/** Pass/fail options of the review result and the pre-job training. */
export const admissionPassOptions = () => http.get<CodeOption[]>(`${BASE}/getAdmissionPass`);

/** POST exportToken: a single-use link to the xlsx of the filtered list (physical exam masked). */
export const resultExportLink = (filters: Record<string, unknown>) =>
  http.post<{ url: string }>(`${BASE}/exportToken`, filters);

/**
 * The import of a plan's results (param = planId): upload, progress and problems; the template is
 * the one prefilled with the plan's ticket holders in the caller's region (ID number, name,
 * admission number; GET downLoadPlanTemplate?planId=).
 */
export const resultImportApi = (planId: number): ImportApi => ({
  base: BASE,
  uploadUrl: `${BASE}/importExcel/${planId}`,
  templateUrl: `${BASE}/downLoadPlanTemplate?planId=${planId}`,
});

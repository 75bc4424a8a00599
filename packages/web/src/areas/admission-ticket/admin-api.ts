import type {
  TicketCreatePayload,
  TicketUpdatePayload,
  AdmissionTicket,
  AdmissionTicketQuery,
  ApiResult,
  ArrangementInput,
  ArrangementResult,
  CodeOption,
  Page,
  PageQuery,
  JobProgress,
} from '@tegang/domain';
import { http, requestEnvelope } from '../../api/request';
import type { ImportApi } from '../../components/import';

export type { TicketCreatePayload, TicketUpdatePayload };

/**
 * Admission tickets in the back office (spec §2 "Admission tickets", §7 "Admission tickets"
 * contract, base /candidate/admissionTicket). Every call answers the {code,msg,data} envelope; errors
 * are toasted by the request client.
 */

const BASE = '/candidate/admissionTicket';

/** The search values of the list and the export (admissionTicketQuerySchema, as sent). */
export type TicketFilters = Partial<Record<Exclude<keyof AdmissionTicketQuery, 'planId'>, string>> & {
  planId?: number;
};

export type TicketPayload = TicketCreatePayload | TicketUpdatePayload;

/** GET generateJob/{jobId}: the job's progress (status JOB_STATUS; percent 0–100; attempts > 1 after a take-over). */
export interface GenerateJob extends JobProgress {
  total: number;
  done: number;
  failed: number;
  message: string | null;
}

export const pageTickets = (query: TicketFilters & PageQuery) =>
  http.get<Page<AdmissionTicket>>(`${BASE}/page`, { ...query });

/** An audit-passed enrolment without a ticket (GET ticketless, the add form's picker). */
export interface TicketlessEnroll {
  id: number;
  name: string;
  idCard: string;
  enrollCounty: string;
  academicSession: string;
  subject: string;
}
/** Up to 20 enrolments of the plan a ticket can be added for, by ID number prefix. */
export const ticketlessEnrolls = (planId: number, idCard?: string) =>
  http.get<TicketlessEnroll[]>(`${BASE}/ticketless`, { planId, ...(idCard ? { idCard } : {}) });

export const getTicket = (id: number) => http.get<AdmissionTicket>(`${BASE}/${id}`);

export const createTicket = (payload: TicketCreatePayload): Promise<ApiResult<AdmissionTicket>> =>
  requestEnvelope('POST', BASE, { data: payload, encrypted: true });

export const updateTicket = (payload: TicketUpdatePayload): Promise<ApiResult<AdmissionTicket>> =>
  requestEnvelope('PUT', BASE, { data: payload, encrypted: true });

/** A distributed ticket is refused (409 'ticket.distributed'). */
export const deleteTicket = (id: number): Promise<ApiResult<null>> =>
  requestEnvelope('DELETE', `${BASE}/${id}`);

export const deleteTickets = (idList: number[]): Promise<ApiResult<null>> =>
  requestEnvelope('DELETE', `${BASE}/deleteByIds`, { data: { idList } });

/** [{value:'0'|'1', label}] in the caller's language. */
export const ticketStatusOptions = () => http.get<CodeOption[]>(`${BASE}/getAdmissionTicketStatus`);

/** Distribute (`cancel` false) or take back the tickets of `idList`; answers {count}. */
export const distributeTickets = (idList: number[], cancel = false): Promise<ApiResult<{ count: number }>> =>
  requestEnvelope('POST', `${BASE}/${cancel ? 'cancelDistributed' : 'distributed'}`, { data: { idList } });

/** Distribute or take back every ticket of a plan in the caller's scope; answers {count}. */
export const distributePlan = (planId: number, cancel = false): Promise<ApiResult<{ count: number }>> =>
  requestEnvelope('POST', `${BASE}/${cancel ? 'batchCancelDistributed' : 'batchDistributed'}/${planId}`);

/** POST exportToken: a single-use link to the xlsx of the filtered list. */
export const ticketExportLink = (filters: Record<string, unknown>) =>
  http.post<{ url: string }>(`${BASE}/exportToken`, filters);

/** The import of a plan's tickets (param = planId): upload, template, progress and problems. */
export const ticketImportApi = (planId: number): ImportApi => ({
  base: BASE,
  uploadUrl: `${BASE}/importExcel/${planId}`,
  templateUrl: `${BASE}/template`,
});

/** The plan's last arrangement settings, or null. */
export const getArrangement = (planId: number) =>
  http.get<ArrangementInput | null>(`${BASE}/arrange/${planId}`);

/** What the arrangement would write (nothing is saved). */
export const previewArrangement = (input: ArrangementInput) =>
  http.post<ArrangementResult>(`${BASE}/arrange/preview`, input);

/** Writes the arrangement (rooms, seats, admission numbers); distributed tickets are kept. */
export const saveArrangement = (input: ArrangementInput): Promise<ApiResult<ArrangementResult>> =>
  requestEnvelope('POST', `${BASE}/arrange`, { data: input });

/** POST generateAdmissionTicket (encrypted): the tickets of idList, or those of a plan; answers the job. */
export const generateTickets = (input: { planId?: number; idList?: number[]; regenerate?: boolean }) =>
  http.post<{ jobId: number; total: number }>(`${BASE}/generateAdmissionTicket`, input, { encrypted: true });

export const getGenerateJob = (jobId: number) => http.get<GenerateJob>(`${BASE}/generateJob/${jobId}`);

/** A single-use link to the admin preview of a ticket's PDF (not counted as a candidate download). */
export const ticketPreviewLink = (id: number) => http.get<{ url: string }>(`${BASE}/downloadToken/${id}`);

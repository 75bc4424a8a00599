import type { CandidateNotice } from '@tegang/domain';
import { http } from '../../api/request';

/** The candidate's in-site notices (server modules/sms-notice/routes-candidate.ts). */

export type { CandidateNotice };

/**
 * GET /api/notice/list: the candidate's own notices across her plans, newest first (rejected,
 * passed, ticketReady, resultsOpen). Silent: the page and the header badge say it failed themselves.
 */
export const getCandidateNotices = () =>
  http.get<CandidateNotice[]>('/api/notice/list', undefined, { silent: true });

/** The query key of the list (under 'candidate': the front-site state's refresh reloads it too). */
export const noticeKeys = { list: ['candidate', 'notices'] as const };

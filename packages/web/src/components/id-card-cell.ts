import { maskIdCard } from '@tegang/domain';

/**
 * The cell of an ID number in a list (enrolments, comparison, tickets, results; the seat arrangement's
 * unassigned list comes masked from the server):
 * masked as 520102********001X, since a list shows many candidates at once to whoever passes the
 * screen. The detail dialog, the search (a whole or leading part of the number) and the exports keep
 * the whole number. Use as a ProColumns / antd Table `render`.
 */
export const maskedIdCardCell = (_dom: unknown, row: { idCard?: string | null }): string =>
  row.idCard ? maskIdCard(row.idCard) : '-';

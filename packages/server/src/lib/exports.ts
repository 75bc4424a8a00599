import type { DownloadLink, Lang, MessageKey, PermissionKey } from '@tegang/domain';
import { formatDateTime, hasPermission, translate } from '@tegang/domain';
import type { AppContext } from '../context';
import type { AdminPrincipal } from '../types';
import { consumeDownloadToken, issueDownloadToken } from './downloads';
import { forbidden } from './errors';
import { loadAdmin } from './sessions';

/**
 * The one export mechanism's link (spec §7 "export, a download URL with … filters"; DESIGN "Download
 * links carry a short-lived single-use download token"): POST …/exportToken stores the caller's
 * filters with a single-use token of `kind` (5 min) and answers {url: `${path}?token=…`}; the GET
 * behind it calls {@link openExport}.
 */
export async function exportLink(
  ctx: AppContext,
  kind: string,
  path: string,
  adminId: number,
  filters: unknown,
): Promise<DownloadLink> {
  const token = await issueDownloadToken(
    ctx.db,
    { kind, resourceId: 0, subjectKind: 'admin', subjectId: adminId, params: filters },
    ctx.now(),
  );
  return { url: `${path}?token=${token}` };
}

/**
 * Takes the export token of `kind` (400 'error.downloadToken' when unknown, used or expired) and
 * answers its holder as they are now (region and rights re-read: 403 when they lost `permission`)
 * with the stored filters, still to be parsed by the caller's schema.
 */
export async function openExport(
  ctx: AppContext,
  token: string,
  kind: string,
  permission: PermissionKey,
): Promise<{ admin: AdminPrincipal; filters: unknown }> {
  const grant = await consumeDownloadToken(ctx.db, token, kind, ctx.now());
  const admin = await loadAdmin(ctx.db, grant.subjectId, 0);
  if (!admin || !hasPermission(admin.permissions, permission)) throw forbidden();
  return { admin, filters: grant.params ?? {} };
}

/** "<sheet name>-<YYYY-MM-DDHHmmss>.xlsx" in `lang`, the file name of every export. */
export function exportFileName(lang: Lang, sheetKey: MessageKey, now: Date): string {
  return `${translate(lang, sheetKey)}-${formatDateTime(now).replace(/[ :]/g, '')}.xlsx`;
}

import { and, inArray } from 'drizzle-orm';
import {
  AUDIT_STATUS,
  AUDIT_STATUSES,
  translate,
  type EnrollAuditInput,
  type Lang,
  type MessageKey,
  type RegionScope,
} from '@tegang/domain';
import type { AppContext } from '../../context';
import { enroll } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { scopeWhere } from '../../lib/scope';

/**
 * The audit of applications (issue 8 "Audit"): a reviewer passes or rejects the applications of their
 * region; the candidate sees the decision, corrects and resubmits a rejected one (service.ts
 * `editApplication` makes it pending again) and can no longer change a passed one.
 */

/**
 * POST /candidate/enroll/audit: records one decision for every id of `input.idList` in one transaction:
 * auditStatus, auditReason (null when passing), auditTime (now) and auditorId. All ids must be
 * enrolments inside `scope`, else 404 'enroll.notFound' and nothing changes. Returns how many changed.
 * A passed application may be audited again (a reviewer correcting a mistake) — only candidates are
 * locked out of a passed one.
 */
export async function auditEnrolls(
  ctx: AppContext,
  input: EnrollAuditInput,
  auditorId: number,
  scope: RegionScope,
): Promise<number> {
  const ids = [...new Set(input.idList)];
  return ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: enroll.id })
      .from(enroll)
      .where(and(inArray(enroll.id, ids), scopeWhere(enroll, scope)))
      .for('update');
    if (found.length !== ids.length) throw new AppError(404, 'enroll.notFound');
    const passed = input.auditStatus === AUDIT_STATUS.passed;
    const changed = await tx
      .update(enroll)
      .set({
        auditStatus: input.auditStatus,
        auditReason: passed ? null : (input.auditReason ?? null),
        auditTime: ctx.now(),
        auditorId,
      })
      .where(inArray(enroll.id, ids))
      .returning({ id: enroll.id });
    return changed.length;
  });
}

/** GET /candidate/enroll/getAuditStatus: the audit status options [{value, label}] in `lang`. */
export function auditStatusOptions(lang: Lang): { value: string; label: string }[] {
  return AUDIT_STATUSES.map((value) => ({
    value,
    label: translate(lang, `status.audit.${value}` as MessageKey),
  }));
}

import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIT_STATUS } from '@tegang/domain';
import type { CandidateEnroll } from '../api';

/** Tag colour of each audit status (AUDIT_STATUS): pending processing, passed success, rejected error. */
const TAG_COLOR: Record<string, string> = {
  [AUDIT_STATUS.pending]: 'processing',
  [AUDIT_STATUS.passed]: 'success',
  [AUDIT_STATUS.rejected]: 'error',
};

/** The audit status of an application as a Tag (待审核 / 审核通过 / 审核不通过). Test id `enroll-audit-status`. */
export function AuditStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={TAG_COLOR[status] ?? 'default'} data-testid="enroll-audit-status" data-status={status}>
      {t(`status.audit.${status}`)}
    </Tag>
  );
}

/**
 * What the audit means for the candidate (AUDIT_STATUS): rejected → the reason (error Alert) and, while
 * `editable` (enrolment open), that correcting and saving resubmits it; passed → that it can no longer
 * be changed; pending → nothing. Test id `enroll-audit-notice`.
 */
export function AuditNotice({ enroll, editable }: { enroll: CandidateEnroll; editable: boolean }) {
  const { t } = useTranslation();
  if (enroll.auditStatus === AUDIT_STATUS.rejected)
    return (
      <Alert
        type="error"
        showIcon
        data-testid="enroll-audit-notice"
        style={{ marginBottom: 16 }}
        message={t('web.enroll.audit.rejected')}
        description={
          <>
            <div data-testid="enroll-audit-reason">
              {t('web.enroll.audit.reason', { reason: enroll.auditReason ?? '-' })}
            </div>
            {editable && <div>{t('web.enroll.audit.resubmit')}</div>}
          </>
        }
      />
    );
  if (enroll.auditStatus === AUDIT_STATUS.passed)
    return (
      <Alert
        type="success"
        showIcon
        data-testid="enroll-audit-notice"
        style={{ marginBottom: 16 }}
        message={t('web.enroll.audit.passed')}
        description={t('enroll.audit.passedLocked')}
      />
    );
  return null;
}

import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIT_STATUS } from '@tegang/domain';
import { auditedAsRead, auditEnrolls, generateEnrollForms } from './admin-api';
import type { EnrollRow } from './admin-data';
import type { RejectTarget } from './audit-reject-dialog';
import { useRefreshAuditHistory } from './audit-history';
import { useActions } from '../../components/crud';

/** A rejection being written: its rows and title, the list to reload, the detail to step on. */
export type Rejecting = RejectTarget & { reload: () => void; decided?: () => void };

/**
 * The enrolment records screen's actions (spec §2 "Enrolment records", audit): 通过 and 驳回 for a row
 * or the selected rows, and 重新生成报名表 for the selected rows. `rejecting` is the rejection the
 * reason dialog is open for (null: closed).
 */
export function useEnrollActions() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const actions = useActions();
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const refreshHistory = useRefreshAuditHistory();
  /** A decision's reload: the list, and every audit history read so far (a detail may show one). */
  const afterDecision = (reload: () => void) => () => {
    reload();
    refreshHistory();
  };

  /**
   * 通过: confirm, then POST /candidate/enroll/audit with auditStatus '1' and the versions shown; when
   * a record changed meanwhile (409, its message shown) the list reloads and nothing is decided.
   */
  const pass = (rows: EnrollRow[], content: string, reload: () => void) =>
    actions.confirm({
      content,
      okTestId: 'enroll-pass-ok',
      call: () => auditEnrolls({ ...auditedAsRead(rows), auditStatus: AUDIT_STATUS.passed }, reload),
      reload: afterDecision(reload),
    });

  /**
   * 重新生成报名表: confirm with the count, then POST /candidate/enroll/generateApply with the selected
   * ids; the toast says how many forms were made anew and how many were not.
   */
  const generate = (rows: EnrollRow[], reload: () => void) =>
    actions.confirm({
      content: t('admin.enroll.generateConfirm', { count: rows.length }),
      okTestId: 'enroll-generate-ok',
      call: () => generateEnrollForms(rows.map((r) => r.id)),
      successKey: false,
      onSuccess: (answer) => {
        const count = answer.data.count;
        const skipped = rows.length - count;
        void message.success(
          skipped > 0
            ? t('admin.enroll.generatedSkipped', { count, skipped })
            : t('admin.enroll.generated', { count }),
        );
      },
      reload,
    });

  /** 驳回: opens the reason dialog for these rows (the versions shown go with the decision). */
  const reject = (rows: EnrollRow[], title: string, reload: () => void, decided?: () => void) =>
    setRejecting({
      rows: rows.map(({ id, version }) => ({ id, version })),
      title,
      reload: afterDecision(reload),
      decided,
    });

  return { pass, generate, reject, rejecting, closeReject: () => setRejecting(null) };
}

export type EnrollActions = ReturnType<typeof useEnrollActions>;

import { useState } from 'react';
import { App, Button } from 'antd';
import { CheckOutlined, CloseOutlined, LeftOutlined, RightOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AUDIT_STATUS, AUDIT_UNDO_TOAST_SECONDS, type Enroll } from '@tegang/domain';
import type { DetailContext } from '../../components/crud';
import {
  auditedAsRead,
  auditEnrolls,
  pendingNeighbour,
  undoAuditPass,
  type EnrollFilters,
} from './admin-api';
import { useRefreshAuditHistory } from './audit-history';

/**
 * The reviewer's buttons in the enrolment detail (the reviewer's workbench): 上一条待审核 /
 * 下一条待审核 step to the previous or next pending application of the list's current filters
 * without closing the dialog, coming round from the other end of the list (a note says so) and saying
 * that none is left only when no other application of the list is pending; 通过 decides at once (as
 * read: its version) and offers 撤销 for AUDIT_UNDO_TOAST_SECONDS in a notice (POST
 * /candidate/enroll/audit/undo: the pass taken back, the application shown again); 不通过 asks the
 * reason through `onReject` (AuditRejectDialog). After either decision the audit histories are read
 * again and the dialog moves on to the next pending application (or shows the decided one again when
 * none is left). A record changed since it was read (409, the message shown) is shown again as it is
 * now. Test ids: `enroll-detail-prev`, `enroll-detail-next`, `enroll-detail-pass`,
 * `enroll-detail-reject`, `enroll-undo-pass` (the notice's button).
 */
export function AuditDetailFooter<T extends Enroll>(props: {
  ctx: DetailContext<T>;
  onReject: (row: T, decided: () => void) => void;
}) {
  const { t } = useTranslation();
  const { message, notification } = App.useApp();
  const refreshHistory = useRefreshAuditHistory();
  const { ctx } = props;
  const record = ctx.record;
  const [busy, setBusy] = useState<'prev' | 'next' | 'pass' | null>(null);

  /** Shows the pending neighbour in `direction`; true when there was one. */
  const step = async (direction: 'prev' | 'next', from: T): Promise<boolean> => {
    const { id, wrapped } = await pendingNeighbour(ctx.query() as EnrollFilters, from.id, direction);
    if (id === null) {
      void message.info(t('admin.enroll.noOtherPending'));
      return false;
    }
    if (wrapped)
      void message.info(t(direction === 'next' ? 'admin.enroll.wrappedNext' : 'admin.enroll.wrappedPrev'));
    ctx.show(id);
    return true;
  };
  const move = (direction: 'prev' | 'next') => {
    if (!record) return;
    setBusy(direction);
    step(direction, record)
      .catch(() => undefined) // shown by the request client
      .finally(() => setBusy(null));
  };
  /** After a decision on `row`: the list reloads, the dialog shows the next pending (or `row` again). */
  const decided = (row: T) => {
    ctx.reload();
    refreshHistory();
    step('next', row)
      .then((moved) => moved || ctx.show(row.id))
      .catch(() => ctx.show(row.id));
  };
  /** Takes the pass of `row` back (its version then was row.version + 1) and shows it again. */
  const undo = async (row: T, key: string) => {
    notification.destroy(key);
    try {
      const answer = await undoAuditPass(row.id, row.version + 1);
      void message.success(answer.msg || t('common.success'));
      ctx.reload();
      refreshHistory();
      ctx.show(row.id);
    } catch {
      // shown by the request client (409: changed since, or too late)
    }
  };
  /** The notice after a pass: whose application, and 撤销 while the server still allows it. */
  const offerUndo = (row: T, msg: string | undefined) => {
    const key = `enroll-passed-${row.id}`;
    notification.success({
      key,
      message: msg || t('common.success'),
      description: t('admin.enroll.passedNamed', { name: row.name }),
      duration: AUDIT_UNDO_TOAST_SECONDS,
      pauseOnHover: true,
      placement: 'bottomLeft',
      actions: (
        <Button
          size="small"
          icon={<UndoOutlined />}
          onClick={() => void undo(row, key)}
          data-testid="enroll-undo-pass"
        >
          {t('admin.enroll.undoPass')}
        </Button>
      ),
    });
  };
  const pass = async () => {
    if (!record) return;
    setBusy('pass');
    try {
      const answer = await auditEnrolls(
        { ...auditedAsRead([record]), auditStatus: AUDIT_STATUS.passed },
        () => {
          // changed since read (409, message shown): show it as it is now
          ctx.reload();
          ctx.show(record.id);
        },
      );
      offerUndo(record, answer.msg);
      decided(record);
    } catch {
      // shown by the request client
    } finally {
      setBusy(null);
    }
  };

  const loading = !record;
  return (
    <>
      <Button
        icon={<LeftOutlined />}
        disabled={loading || busy !== null}
        loading={busy === 'prev'}
        onClick={() => move('prev')}
        data-testid="enroll-detail-prev"
      >
        {t('admin.enroll.prevPending')}
      </Button>
      <Button
        disabled={loading || busy !== null}
        loading={busy === 'next'}
        onClick={() => move('next')}
        data-testid="enroll-detail-next"
      >
        {t('admin.enroll.nextPending')}
        <RightOutlined />
      </Button>
      <Button
        danger
        icon={<CloseOutlined />}
        disabled={loading || busy !== null || record?.auditStatus === AUDIT_STATUS.rejected}
        onClick={() => record && props.onReject(record, () => decided(record))}
        data-testid="enroll-detail-reject"
      >
        {t('admin.enroll.reject')}
      </Button>
      <Button
        type="primary"
        icon={<CheckOutlined />}
        disabled={
          loading || (busy !== null && busy !== 'pass') || record?.auditStatus === AUDIT_STATUS.passed
        }
        loading={busy === 'pass'}
        onClick={() => void pass()}
        data-testid="enroll-detail-pass"
      >
        {t('admin.enroll.pass')}
      </Button>
    </>
  );
}

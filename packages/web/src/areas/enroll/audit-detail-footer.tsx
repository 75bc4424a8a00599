import { useState } from 'react';
import { App, Button } from 'antd';
import { CheckOutlined, CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AUDIT_STATUS, type Enroll } from '@tegang/domain';
import type { DetailContext } from '../../components/crud';
import { auditedAsRead, auditEnrolls, pendingNeighbour, type EnrollFilters } from './admin-api';

/**
 * The reviewer's buttons in the enrolment detail (the reviewer's workbench): 上一条待审核 /
 * 下一条待审核 step to the previous or next pending application of the list's current filters
 * without closing the dialog; 通过 decides at once (as read: its version), 不通过 asks the reason
 * through `onReject` (AuditRejectDialog), and after either decision the dialog moves on to the next
 * pending application (or shows the decided one again when none is left). A record changed since it
 * was read (409, the message shown) is shown again as it is now. Test ids: `enroll-detail-prev`,
 * `enroll-detail-next`, `enroll-detail-pass`, `enroll-detail-reject`.
 */
export function AuditDetailFooter<T extends Enroll>(props: {
  ctx: DetailContext<T>;
  onReject: (row: T, decided: () => void) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { ctx } = props;
  const record = ctx.record;
  const [busy, setBusy] = useState<'prev' | 'next' | 'pass' | null>(null);

  /** Shows the pending neighbour in `direction`; true when there was one. */
  const step = async (direction: 'prev' | 'next', from: T): Promise<boolean> => {
    const id = await pendingNeighbour(ctx.query() as EnrollFilters, from.id, direction);
    if (id === null) {
      void message.info(
        t(direction === 'next' ? 'admin.enroll.noNextPending' : 'admin.enroll.noPrevPending'),
      );
      return false;
    }
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
    step('next', row)
      .then((moved) => moved || ctx.show(row.id))
      .catch(() => ctx.show(row.id));
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
      void message.success(answer.msg || t('common.success'));
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

import { useState } from 'react';
import { Alert, Button, Tag, Tooltip } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, PLAN_STATUS, type PlanOption } from '@tegang/domain';
import { useCan } from '../../components/crud';
import { listPlanOptions } from './api';
import { SmsNoticeDialog } from './sms-notice-dialog';

/**
 * The warnings while a plan's SMS notices are off (docs/decisions.md "SMS notices to candidates"):
 * a tag on the plan list's row, and an alert above the enrolment audit screen's table.
 */

/** The plan list's row tag "短信通知已关闭" (with why it matters on hover); nothing while they are on. */
export function SmsNoticeOffTag(props: { plan: { smsNotify: boolean } }) {
  const { t } = useTranslation();
  if (props.plan.smsNotify !== false) return null;
  return (
    <Tooltip title={t('admin.smsNotice.offWarning')}>
      <Tag
        color="warning"
        icon={<WarningOutlined />}
        data-testid="plan-sms-off"
        style={{ marginInlineStart: 4 }}
      >
        {t('admin.smsNotice.offTag')}
      </Tag>
    </Tooltip>
  );
}

/**
 * The audit screen's alert: the plan being viewed (`planId`, the list's plan filter) when its
 * notices are off, else every open plan whose notices are off, saying that rejected candidates get
 * no SMS; for those who hold the notify key, a button opening the plan's 短信通知 dialog (where a
 * province-level account turns them on). Reads the plan options (the same cache as the plan filter).
 */
export function SmsNoticeOffAlert(props: { planId: number | null }) {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState<PlanOption | null>(null);
  const plans = useQuery({
    queryKey: ['recruitPlan', 'options'],
    queryFn: listPlanOptions,
    staleTime: 60_000,
  });
  const viewed = props.planId === null ? null : (plans.data ?? []).find((p) => p.id === props.planId);
  const off = (viewed ? [viewed] : (plans.data ?? []).filter((p) => p.status === PLAN_STATUS.open)).filter(
    (p) => p.smsNotify === false,
  );
  const message =
    off.length === 1
      ? t('admin.smsNotice.offAlert', { plan: off[0]?.name ?? '' })
      : t('admin.smsNotice.offAlertMany', { plans: off.map((p) => `“${p.name}”`).join('、') });
  return (
    <>
      {off.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={message}
          data-testid="enroll-sms-off"
          action={
            can(PERMISSIONS.recruitPlan.notify) ? (
              <Button size="small" onClick={() => setOpen(off[0]!)} data-testid="enroll-sms-off-open">
                {t('admin.smsNotice.openSettings')}
              </Button>
            ) : undefined
          }
        />
      )}
      {/* Kept mounted while open: turning the notices on removes the alert, not the dialog. */}
      <SmsNoticeDialog plan={open} can={can} onClose={() => setOpen(null)} />
    </>
  );
}

import type { ReactNode } from 'react';
import { Button, Dropdown, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  PERMISSIONS,
  PLAN_STATUS,
  PLAN_STATUS_TRANSITIONS,
  type PlanStatus,
  type RecruitPlan,
} from '@tegang/domain';
import { closeBlockedReason } from './plan-phase';
import { ACTION_STYLE, type CrudContext } from '../../components/crud';

type TFunction = ReturnType<typeof useTranslation>['t'];

/**
 * A plan row's own buttons (spec §2 "Recruit plan", §4): 短信通知 (notify holders; `onNotices` opens
 * the plan's SMS notices), 数据保留 (retention holders; `onRetention` opens the plan's retention) and
 * 修改状态 (status holders; the statuses reachable from the row's, 已结束 greyed with the reason
 * while a stage is still to come).
 */
export function planRowButtons(
  row: RecruitPlan,
  ctx: CrudContext<RecruitPlan>,
  props: {
    statusLabel: (value: string) => string;
    onStatus: (row: RecruitPlan, next: PlanStatus, reload: () => void) => void;
    onNotices: (row: RecruitPlan, can: (key: string) => boolean) => void;
    /** Opens the plan's retention of personal data (RetentionDialog). */
    onRetention?: (row: RecruitPlan) => void;
    t: TFunction;
  },
): ReactNode[] {
  const { statusLabel, t } = props;
  const next = PLAN_STATUS_TRANSITIONS[row.status] ?? [];
  const notify = ctx.can(PERMISSIONS.recruitPlan.notify)
    ? [
        <Button
          key="sms"
          type="link"
          size="small"
          style={ACTION_STYLE}
          onClick={() => props.onNotices(row, ctx.can)}
          data-testid="plan-sms-notice"
        >
          {t('admin.smsNotice.action')}
        </Button>,
      ]
    : [];
  // 数据保留 (retention holders): the plan's period, its preview and its run (docs/security.md "Retention").
  if (props.onRetention && ctx.can(PERMISSIONS.recruitPlan.retention))
    notify.push(
      <Button
        key="retention"
        type="link"
        size="small"
        style={ACTION_STYLE}
        onClick={() => props.onRetention!(row)}
        data-testid="plan-retention"
      >
        {t('admin.retention.action')}
      </Button>,
    );
  if (!ctx.can(PERMISSIONS.recruitPlan.status) || !next.length) return notify;
  // 已结束 is archiving after the last stage (domain planArchivable; the server refuses it too).
  const closeBlocked = closeBlockedReason(row, new Date(), t);
  return [
    ...notify,
    <Dropdown
      key="status"
      trigger={['click']}
      menu={{
        items: next.map((s) => {
          const blocked = s === PLAN_STATUS.closed ? closeBlocked : null;
          return {
            key: s,
            disabled: Boolean(blocked),
            label: (
              <span data-testid={`plan-status-${s}`}>
                {statusLabel(s)}
                {blocked && (
                  <Typography.Text
                    type="secondary"
                    data-testid="plan-close-blocked"
                    style={{ display: 'block', maxWidth: 320, fontSize: 12, whiteSpace: 'normal' }}
                  >
                    {blocked}
                  </Typography.Text>
                )}
              </span>
            ),
          };
        }),
        onClick: ({ key }) => props.onStatus(row, key as PlanStatus, ctx.reload),
      }}
    >
      <Button type="link" size="small" style={ACTION_STYLE} data-testid="plan-status">
        {t('admin.plan.changeStatus')} <DownOutlined />
      </Button>
    </Dropdown>,
  ];
}

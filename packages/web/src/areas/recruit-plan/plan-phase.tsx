import { Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime, planArchivable, planPhase, type PlanTimeline } from '@tegang/domain';

/**
 * The phase cell of the console's plan list (spec §4 "Plan timeline order"; domain planPhase): the
 * stage the plan's timeline is in at `now` (plan.phase.*), with until when it runs, or which stage
 * comes next and when. It tells the administrator where the cycle stands whatever the manual status
 * says. Times 'YYYY-MM-DD HH:mm' China Standard Time.
 */
export function PlanPhaseCell({ plan, now }: { plan: PlanTimeline; now: Date }) {
  const { t } = useTranslation();
  const { phase, next, until } = planPhase(plan, now);
  const waiting = phase === 'notStarted' || phase === 'waiting';
  // A stage running, waiting for the next one, before enrolment, all over.
  const color =
    phase === 'finished'
      ? 'success'
      : phase === 'waiting'
        ? 'warning'
        : phase === 'notStarted'
          ? 'default'
          : 'processing';
  const time = until ? formatDateTime(until) : null;
  return (
    <Space direction="vertical" size={0} data-testid="plan-phase" data-phase={phase}>
      <Tag color={color} style={{ marginInlineEnd: 0 }}>
        {t(`plan.phase.${phase}`)}
      </Tag>
      {time && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="plan-phase-until">
          {waiting && next
            ? t('admin.plan.phase.next', { phase: t(`plan.phase.${next}`), time })
            : t('admin.plan.phase.until', { time })}
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * Why the plan cannot be set to 已结束 at `now` (domain planArchivable, the rule the server applies
 * with 400 'plan.status.cycleRunning'): the stage open or to come, its end and the end of the last
 * stage, in the interface language; null when every stage has ended.
 */
export function closeBlockedReason(plan: PlanTimeline, now: Date, t: TFunction): string | null {
  const refusal = planArchivable(plan, now);
  if (!refusal) return null;
  return t('admin.plan.closeBlocked', {
    window: t(refusal.label),
    end: formatDateTime(refusal.end),
    last: formatDateTime(refusal.archivableFrom),
  });
}

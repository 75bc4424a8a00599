import { useEffect, useState } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, planPhase, type CandidatePlan } from '@tegang/domain';

/** How often the sidebar looks at the clock again: phases and links change while the page stays open. */
export const PHASE_TICK_MS = 60_000;

/** The current time, renewed every `everyMs` (default one minute). */
export function useNow(everyMs: number = PHASE_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/**
 * The plan's current phase in the sidebar (domain planPhase): the stage's name
 * (plan.phase.*) and until when it runs; between stages (or before enrolment) the coming stage and
 * when it starts. Times 'YYYY-MM-DD HH:mm' China Standard Time.
 */
export function PlanPhaseLine({ plan, now }: { plan: CandidatePlan; now: Date }) {
  const { t } = useTranslation();
  const { phase, next, until } = planPhase(plan, now);
  const time = until ? formatDateTime(until) : null;
  const waiting = phase === 'notStarted' || phase === 'waiting';
  return (
    <div style={{ marginTop: 8, lineHeight: 1.5 }} data-testid="plan-phase">
      <Typography.Text type="secondary">
        {t('web.phase.label')}
        {t('web.colon')}
      </Typography.Text>
      <Typography.Text strong data-testid="plan-phase-name">
        {t(`plan.phase.${phase}`)}
      </Typography.Text>
      {time && (
        <div data-testid="plan-phase-until">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {waiting && next
              ? t('web.phase.next', { phase: t(`plan.phase.${next}`), time })
              : t('web.phase.until', { time })}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}

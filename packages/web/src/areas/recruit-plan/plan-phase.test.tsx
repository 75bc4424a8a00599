import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18n from '../../i18n';
import { formatDateTime, PLAN_RANGES, type PlanTimeline } from '@tegang/domain';
import { closeBlockedReason, PlanPhaseCell } from './plan-phase';

/**
 * The console's plan list shows the phase from the timeline (domain planPhase), and the close action
 * says why it is greyed (domain planArchivable), in zh and en.
 */
const DAY = 86_400_000;
const BASE = Date.UTC(2030, 2, 1, 1);
/** Each range two days long, one day after the previous one: enrolment on days 0–2, audit 3–5 … */
const plan = Object.fromEntries(
  PLAN_RANGES.flatMap(([start, end], i) =>
    i === 0
      ? [
          [start, new Date(BASE - 10 * DAY).toISOString()],
          [end, new Date(BASE + 100 * DAY).toISOString()],
        ]
      : [
          [start, new Date(BASE + (i - 1) * 3 * DAY).toISOString()],
          [end, new Date(BASE + ((i - 1) * 3 + 2) * DAY).toISOString()],
        ],
  ),
) as PlanTimeline;
const at = (days: number) => new Date(BASE + days * DAY);
const cell = (now: Date) => {
  const view = render(<PlanPhaseCell plan={plan} now={now} />);
  const root = screen.getByTestId('plan-phase');
  const out = {
    phase: root.getAttribute('data-phase'),
    text: root.textContent,
    until: screen.queryByTestId('plan-phase-until')?.textContent ?? null,
  };
  view.unmount();
  return out;
};

describe('the phase column of the plan list', () => {
  it('shows the running stage with its end, the coming stage between stages, and the end', async () => {
    await i18n.changeLanguage('zh');
    // Day 7: ticket printing (days 6–8).
    expect(cell(at(7))).toMatchObject({
      phase: 'ticketPrint',
      until: `至 ${formatDateTime(plan.ticketPrintEndTime)}`,
    });
    expect(cell(at(7)).text).toContain('准考证打印');
    // Day 14.5: between score query (12–14) and interview (15–17).
    expect(cell(at(14.5))).toMatchObject({
      phase: 'waiting',
      until: `面试 ${formatDateTime(plan.interviewStartTime)} 开始`,
    });
    expect(cell(at(13)).text).toContain('成绩查询');
    expect(cell(at(-1))).toMatchObject({ phase: 'notStarted' });
    expect(cell(at(40))).toMatchObject({ phase: 'finished', text: '招聘已结束', until: null });
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    expect(cell(at(13))).toMatchObject({
      phase: 'scoreQuery',
      text: `Score queryuntil ${formatDateTime(plan.scoreQueryEndTime)}`,
    });
    await i18n.changeLanguage('zh');
  });
});

describe('why 已结束 is greyed', () => {
  it('names the stage open or to come, its end and the end of the last stage; nothing once all ended', async () => {
    const t = i18n.getFixedT('zh');
    expect(closeBlockedReason(plan, at(13), t)).toBe(
      `成绩查询时间（至 ${formatDateTime(plan.scoreQueryEndTime)}）尚未结束，全部阶段结束（${formatDateTime(plan.listPublishedEndTime)}）后才能结束计划`,
    );
    expect(closeBlockedReason(plan, at(14.5), t)).toContain('面试时间');
    expect(closeBlockedReason(plan, at(40), t)).toBeNull();
    expect(closeBlockedReason(plan, at(7), i18n.getFixedT('en'))).toBe(
      `"Ticket printing" runs until ${formatDateTime(plan.ticketPrintEndTime)}; the plan can be closed once every stage has ended (${formatDateTime(plan.listPublishedEndTime)})`,
    );
  });
});

import { PLAN_RANGES, type CandidatePlan } from '@tegang/domain';

const DAY = 86_400_000;

/**
 * For tests: a plan whose stages follow each other, ten days each, the first (enrolment) starting
 * `startDays` from now: -5 enrolment, -15 audit, -25 ticket print, -35 exam, -45 score query, +5 not
 * started.
 */
export function planFrom(startDays: number): CandidatePlan {
  const base = Date.now() + startDays * DAY;
  const at = (days: number) => new Date(base + days * DAY).toISOString();
  const timeline = Object.fromEntries(
    PLAN_RANGES.slice(1).flatMap(([start, end], i) => [
      [start, at(i * 10)],
      [end, at(i * 10 + 10)],
    ]),
  );
  return {
    id: 7,
    name: '2026年特岗教师招聘',
    year: '2026',
    customerServicePhone: null,
    serviceCenter: null,
    startTime: at(-1),
    endTime: at(90),
    ...timeline,
  } as CandidatePlan;
}

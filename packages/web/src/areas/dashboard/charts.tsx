import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DailyCount, DemandBar } from '@tegang/domain';
import type { ChartOption } from './echart';

/**
 * The dashboard's charts: option builders (plain data, no ECharts import) and {@link Chart}, which
 * loads the drawing code (echart.tsx, ECharts) as a chunk of its own once a chart is on screen, so
 * that the figures and tables show before it arrives.
 */

const EChart = lazy(() => import('./echart'));

/**
 * Series colours: each at least 3:1 against the white card (WCAG 1.4.11, graphical objects), told
 * apart by the legend's names as well as by hue.
 */
export const CHART_COLORS = { applied: '#1668dc', passed: '#237804', demand: '#ad6800' } as const;
/** Funnel stages from the widest down: white labels on each stay at 4.5:1 or more (WCAG 1.4.3). */
export const FUNNEL_COLORS = ['#10239e', '#003eb3', '#006d75', '#135200', '#873800'] as const;

/** One chart with its accessible summary; a skeleton of the same height while ECharts loads. */
export function Chart(props: { option: ChartOption; label: string; height: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div
          style={{ height: props.height }}
          aria-busy="true"
          aria-label={t('admin.dashboard.chart.loading')}
        >
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        </div>
      }
    >
      <EChart {...props} />
    </Suspense>
  );
}

const axisText = { color: '#595959' };

/** Applications and passed audits per day, two lines over the days (MM-DD on the axis). */
export function trendOption(daily: DailyCount[], names: { applied: string; passed: string }): ChartOption {
  return {
    color: [CHART_COLORS.applied, CHART_COLORS.passed],
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: axisText },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: daily.map((d) => d.date.slice(5)),
      axisLabel: axisText,
    },
    yAxis: { type: 'value', minInterval: 1, axisLabel: axisText },
    series: [
      { type: 'line', name: names.applied, data: daily.map((d) => d.applied), symbolSize: 6 },
      { type: 'line', name: names.passed, data: daily.map((d) => d.passed), symbolSize: 6 },
    ],
  };
}

/** How many bars a bar chart shows at most (the fullest; the table beside it lists every one). */
export const MAX_BARS = 10;

/** Applicants, passed and demand per county, period or subject: horizontal bars, fullest on top. */
export function barsOption(
  bars: DemandBar[],
  label: (b: DemandBar) => string,
  names: { applied: string; passed: string; demand: string },
): ChartOption {
  const shown = bars.slice(0, MAX_BARS);
  return {
    color: [CHART_COLORS.applied, CHART_COLORS.passed, CHART_COLORS.demand],
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: axisText },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, axisLabel: axisText },
    yAxis: {
      type: 'category',
      inverse: true,
      data: shown.map(label),
      axisLabel: { ...axisText, width: 88, overflow: 'truncate' },
    },
    series: [
      { type: 'bar', name: names.applied, data: shown.map((b) => b.enrolled), barMaxWidth: 14 },
      { type: 'bar', name: names.passed, data: shown.map((b) => b.passed), barMaxWidth: 14 },
      { type: 'bar', name: names.demand, data: shown.map((b) => b.demand), barMaxWidth: 14 },
    ],
  };
}

/** The height that gives each of `count` categories of a bar chart room for its three bars. */
export const barsHeight = (count: number) => 56 + Math.max(1, Math.min(count, MAX_BARS)) * 44;

/** One stage of the funnel as drawn: its name and count. */
export interface FunnelPoint {
  name: string;
  value: number;
}

/** The funnel, widest stage on top, each stage labelled with its name and count. */
export function funnelOption(points: FunnelPoint[]): ChartOption {
  const max = Math.max(1, ...points.map((p) => p.value));
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c}' },
    series: [
      {
        type: 'funnel',
        sort: 'none',
        min: 0,
        max,
        minSize: '30%',
        maxSize: '100%',
        left: '4%',
        width: '92%',
        top: 4,
        bottom: 4,
        gap: 3,
        // On a pill of the stage's own colour: a label wider than a narrow stage stays readable.
        label: {
          show: true,
          position: 'inside',
          color: '#fff',
          padding: [3, 6],
          borderRadius: 3,
          formatter: '{b}  {c}',
        },
        labelLine: { show: false },
        data: points.map((p, i) => {
          const color = FUNNEL_COLORS[i % FUNNEL_COLORS.length];
          return { name: p.name, value: p.value, itemStyle: { color }, label: { backgroundColor: color } };
        }),
      },
    ],
  };
}

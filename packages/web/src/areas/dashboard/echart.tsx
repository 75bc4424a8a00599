import { useEffect, useRef } from 'react';
import { init, use as register, type ComposeOption, type ECharts } from 'echarts/core';
import {
  BarChart,
  FunnelChart,
  LineChart,
  type BarSeriesOption,
  type FunnelSeriesOption,
  type LineSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  LegendPlainComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

// Only the charts and components the dashboard draws (DESIGN "Charts": ECharts' modular build), so
// that this chunk, loaded by the dashboard alone, carries none of the rest.
register([
  LineChart,
  BarChart,
  FunnelChart,
  GridComponent,
  LegendPlainComponent,
  TooltipComponent,
  SVGRenderer,
]);

/** An option of the charts registered here. */
export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | FunnelSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

/**
 * One ECharts chart drawn as SVG, `height` px high and as wide as its container (redrawn when the
 * container's width changes): `option` replaces the previous one whole. For assistive technology the
 * chart is one image named by `label`, a summary of what it shows; the same numbers stand in a table
 * beside it.
 */
export default function EChart({
  option,
  label,
  height,
  testId,
}: {
  option: ChartOption;
  label: string;
  height: number;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  useEffect(() => {
    const instance = init(box.current!, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(box.current!);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return (
    <div ref={box} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height }} />
  );
}

import { useMemo } from 'react';
import { Card, Collapse, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DailyCount } from '@tegang/domain';
import { Chart, trendOption } from './charts';

/** The trend's summary for assistive technology: the span, the sums and the busiest day. */
function trendSummary(daily: DailyCount[], t: (key: string, params?: Record<string, unknown>) => string) {
  const peak = daily.reduce((best, d) => (d.applied > best.applied ? d : best), daily[0]!);
  return t('admin.dashboard.trend.summary', {
    from: daily[0]!.date,
    to: daily[daily.length - 1]!.date,
    days: daily.length,
    applied: daily.reduce((s, d) => s + d.applied, 0),
    passed: daily.reduce((s, d) => s + d.passed, 0),
    peak: peak.date,
    peakCount: peak.applied,
  });
}

/**
 * Applications and passed audits per day (China Standard Time) over the plan's enrolment and audit
 * span: a line chart, and under it the same numbers as a table (folded; a screen reader reads the
 * chart's summary, and the table on demand).
 */
export function TrendCard({ daily, loading }: { daily: DailyCount[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const names = useMemo(
    () => ({ applied: t('admin.dashboard.applied'), passed: t('admin.dashboard.passed') }),
    [t],
  );
  const option = useMemo(() => (daily?.length ? trendOption(daily, names) : null), [daily, names]);
  return (
    <Card
      title={t('admin.dashboard.trend')}
      size="small"
      style={{ height: '100%' }}
      data-testid="dashboard-trend"
    >
      {loading ? (
        <Table size="small" loading dataSource={[]} columns={[]} />
      ) : !daily?.length || !option ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.dashboard.trend.empty')} />
      ) : (
        <>
          <Chart option={option} label={trendSummary(daily, t)} height={300} testId="dashboard-trend-chart" />
          <Collapse
            size="small"
            ghost
            items={[
              {
                key: 'table',
                label: t('admin.dashboard.trend.table', { days: daily.length }),
                children: (
                  <Table<DailyCount>
                    size="small"
                    rowKey="date"
                    dataSource={daily}
                    data-testid="dashboard-trend-table"
                    pagination={daily.length > 31 ? { pageSize: 31, size: 'small' } : false}
                    columns={[
                      { key: 'date', dataIndex: 'date', title: t('admin.dashboard.date') },
                      {
                        key: 'applied',
                        dataIndex: 'applied',
                        title: t('admin.dashboard.applied'),
                        align: 'right',
                      },
                      {
                        key: 'passed',
                        dataIndex: 'passed',
                        title: t('admin.dashboard.passed'),
                        align: 'right',
                      },
                    ]}
                  />
                ),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}

import { useMemo } from 'react';
import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DemandBar } from '@tegang/domain';
import { barsHeight, barsOption, Chart, MAX_BARS } from './charts';
import { RatioBar } from './ratio';

/**
 * A card of bars: applicants and passed against demand per county, learning period or subject
 * (spec: "enrolments … against demand"). With `chart`, a bar chart of the fullest MAX_BARS above the
 * table; the table lists every bar with its numbers and ratio.
 */
export function BarTable({
  title,
  bars,
  loading,
  testId,
  label,
  chart = false,
}: {
  title: string;
  bars: DemandBar[] | undefined;
  loading: boolean;
  testId: string;
  label: (b: DemandBar) => string;
  chart?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const names = useMemo(
    () => ({
      applied: t('admin.dashboard.applied'),
      passed: t('admin.dashboard.passed'),
      demand: t('admin.dashboard.demand'),
    }),
    [t],
  );
  const option = useMemo(
    () => (chart && bars?.length ? barsOption(bars, label, names) : null),
    [chart, bars, label, names],
  );
  const summary = useMemo(() => {
    if (!bars?.length) return '';
    const separator = i18n.language === 'en' ? '; ' : '；';
    const items = bars
      .slice(0, MAX_BARS)
      .map((b) =>
        t('admin.dashboard.bars.item', {
          name: label(b),
          enrolled: b.enrolled,
          passed: b.passed,
          demand: b.demand,
        }),
      )
      .join(separator);
    return t('admin.dashboard.bars.summary', { title, items });
  }, [bars, label, t, title, i18n.language]);
  return (
    <Card title={title} size="small" style={{ height: '100%' }} data-testid={testId}>
      {option && bars && (
        <>
          <Chart
            option={option}
            label={summary}
            height={barsHeight(bars.length)}
            testId={`${testId}-chart`}
          />
          {bars.length > MAX_BARS && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '0 0 8px' }}>
              {t('admin.dashboard.bars.top', { n: MAX_BARS })}
            </Typography.Paragraph>
          )}
        </>
      )}
      <Table<DemandBar>
        size="small"
        rowKey="key"
        loading={loading}
        dataSource={bars}
        pagination={bars && bars.length > 10 ? { pageSize: 10, size: 'small' } : false}
        columns={[
          { key: 'label', title: t('admin.dashboard.bar.name'), render: (_v, b) => label(b), ellipsis: true },
          {
            key: 'count',
            title: t('admin.dashboard.count'),
            render: (_v, b) => `${b.enrolled} / ${b.demand}`,
            width: 88,
            align: 'right',
          },
          {
            key: 'passed',
            title: t('admin.dashboard.bar.passed'),
            dataIndex: 'passed',
            width: 56,
            align: 'right',
          },
          {
            key: 'share',
            title: t('admin.dashboard.share'),
            width: '28%',
            render: (_v, b) => <RatioBar count={b.enrolled} demand={b.demand} />,
          },
        ]}
      />
    </Card>
  );
}

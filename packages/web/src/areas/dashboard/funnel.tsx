import { useMemo, type HTMLAttributes } from 'react';
import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FUNNEL_STAGES, type FunnelStage, type PlanFunnel } from '@tegang/domain';
import { Chart, funnelOption, type FunnelPoint } from './charts';

interface FunnelRow extends FunnelPoint {
  stage: FunnelStage;
  /** Share of the stage before, as text ("80%"); null for the first stage or after a stage of 0. */
  rate: string | null;
}

/** The stages the caller is given (registered is null for a city or county account), with their shares. */
function funnelRows(funnel: PlanFunnel, name: (stage: FunnelStage) => string): FunnelRow[] {
  const rows: FunnelRow[] = [];
  for (const stage of FUNNEL_STAGES) {
    const value = funnel[stage];
    if (value === null) continue;
    const before = rows[rows.length - 1]?.value;
    rows.push({
      stage,
      name: name(stage),
      value,
      rate: before ? `${Math.round((value / before) * 1000) / 10}%` : null,
    });
  }
  return rows;
}

/**
 * The funnel registered → applied → passed → ticket → admitted of the plan in the administrator's
 * region: the chart, and the same numbers in a table with each stage's share of the one before. For a
 * city or county account the registered stage is left out and a note says why (candidate accounts are
 * province-wide).
 */
export function FunnelCard({ funnel, loading }: { funnel: PlanFunnel | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const rows = useMemo(
    () => (funnel ? funnelRows(funnel, (stage) => t(`dashboard.funnel.${stage}`)) : []),
    [funnel, t],
  );
  const option = useMemo(() => funnelOption(rows), [rows]);
  const separator = i18n.language === 'en' ? ', ' : '，';
  const summary = t('admin.dashboard.funnel.summary', {
    stages: rows.map((r) => `${r.name} ${r.value}`).join(separator),
  });
  return (
    <Card
      title={t('admin.dashboard.funnel')}
      size="small"
      style={{ height: '100%' }}
      data-testid="dashboard-funnel"
    >
      {!loading && funnel && (
        <Chart
          option={option}
          label={summary}
          height={rows.length * 44 + 8}
          testId="dashboard-funnel-chart"
        />
      )}
      <Table<FunnelRow>
        size="small"
        rowKey="stage"
        loading={loading}
        dataSource={rows}
        pagination={false}
        data-testid="dashboard-funnel-table"
        columns={[
          { key: 'name', dataIndex: 'name', title: t('admin.dashboard.funnel.stage') },
          {
            key: 'value',
            dataIndex: 'value',
            title: t('admin.dashboard.funnel.count'),
            align: 'right',
            onCell: (r) => ({ 'data-testid': `funnel-${r.stage}` }) as HTMLAttributes<HTMLElement>,
          },
          {
            key: 'rate',
            title: t('admin.dashboard.funnel.rate'),
            align: 'right',
            render: (_v, r) => r.rate ?? '—',
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
        {t(funnel?.registered === null ? 'dashboard.funnel.provinceOnly' : 'dashboard.funnel.registeredNote')}
      </Typography.Paragraph>
    </Card>
  );
}

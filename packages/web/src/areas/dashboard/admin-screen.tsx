import { Alert, Card, Col, Progress, Row, Statistic, Table, Typography } from 'antd';
import { SolutionOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, type DemandBar } from '@tegang/domain';
import { enrollStatistics } from '../enroll/admin-api';
import { dictLabel, useDict } from '../../components/dict';
import { useCan } from '../../components/crud';

/** A table of bars: enrolled against demand (spec: "enrolments … against demand, as charts"). */
function BarTable({
  title,
  bars,
  loading,
  testId,
  label,
}: {
  title: string;
  bars: DemandBar[] | undefined;
  loading: boolean;
  testId: string;
  label: (b: DemandBar) => string;
}) {
  const { t } = useTranslation();
  return (
    <Card title={title} size="small" style={{ height: '100%' }} data-testid={testId}>
      <Table<DemandBar>
        size="small"
        rowKey="key"
        loading={loading}
        dataSource={bars}
        pagination={bars && bars.length > 10 ? { pageSize: 10, size: 'small' } : false}
        showHeader={false}
        columns={[
          { title: t('field.region.name'), render: (_v, b) => label(b), width: '35%', ellipsis: true },
          {
            title: t('admin.dashboard.count'),
            render: (_v, b) => `${b.enrolled} / ${b.demand}`,
            width: 90,
            align: 'right',
          },
          {
            title: t('admin.dashboard.share'),
            render: (_v, b) => (
              <Progress
                percent={b.demand ? Math.min(100, Math.round((b.enrolled / b.demand) * 100)) : 100}
                format={() => (b.demand ? `${(b.enrolled / b.demand).toFixed(1)}:1` : '—')}
                status={b.demand && b.enrolled >= b.demand ? 'success' : 'normal'}
                size="small"
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * /wel/dashboard (spec §2): live enrolments per county, learning period and subject against the plan's
 * demand, in the administrator's region, from one call (GET /candidate/enroll/statistics).
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const allowed = can(PERMISSIONS.enroll.list);
  const periods = useDict('recruit_learning_period');
  const subjects = useDict('recruit_subject');
  const stats = useQuery({
    queryKey: ['dashboard', 'statistics'],
    queryFn: () => enrollStatistics(),
    enabled: allowed,
    refetchInterval: 60_000,
  });

  if (!allowed) return <Alert type="info" showIcon message={t('admin.dashboard.noAccess')} />;
  const data = stats.data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <Card>
          <Row gutter={16}>
            <Col xs={12}>
              <Statistic
                title={t('admin.dashboard.total')}
                value={data?.total ?? '-'}
                loading={stats.isLoading}
                prefix={<SolutionOutlined />}
                data-testid="dashboard-total"
              />
            </Col>
            <Col xs={12}>
              <Statistic
                title={t('admin.dashboard.demand')}
                value={data?.demand ?? '-'}
                loading={stats.isLoading}
                prefix={<TeamOutlined />}
                data-testid="dashboard-demand"
              />
            </Col>
          </Row>
          {data?.planName && (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
              {t('admin.dashboard.note', { plan: data.planName })}
            </Typography.Paragraph>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <BarTable
          title={t('admin.dashboard.byCounty')}
          bars={data?.byCounty}
          loading={stats.isLoading}
          testId="dashboard-county"
          label={(b) => b.label ?? b.key}
        />
      </Col>
      <Col xs={24} md={12} xl={8}>
        <BarTable
          title={t('admin.dashboard.byPeriod')}
          bars={data?.byPeriod}
          loading={stats.isLoading}
          testId="dashboard-period"
          label={(b) => dictLabel(periods.data, b.key, i18n.language)}
        />
      </Col>
      <Col xs={24} md={12} xl={8}>
        <BarTable
          title={t('admin.dashboard.bySubject')}
          bars={data?.bySubject}
          loading={stats.isLoading}
          testId="dashboard-subject"
          label={(b) => dictLabel(subjects.data, b.key, i18n.language)}
        />
      </Col>
    </Row>
  );
}

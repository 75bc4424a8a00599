import { Alert, Card, Col, Row, Statistic, Table, Typography } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  FundOutlined,
  SolutionOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { AUDIT_STATUS, PERMISSIONS, postRatio, type DemandBar } from '@tegang/domain';
import { enrollStatistics } from '../enroll/admin-api';
import { dictLabel, useDict } from '../../components/dict';
import { useCan } from '../../components/crud';
import { PostTable } from './post-table';
import { RatioBar } from './ratio';

/** A table of bars: applicants and passed against demand (spec: "enrolments … against demand"). */
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
        columns={[
          { key: 'label', title: t('admin.dashboard.bar.name'), render: (_v, b) => label(b), ellipsis: true },
          {
            key: 'count',
            title: t('admin.dashboard.count'),
            render: (_v, b) => `${b.enrolled} / ${b.demand}`,
            width: 100,
            align: 'right',
          },
          {
            key: 'passed',
            title: t('admin.dashboard.bar.passed'),
            dataIndex: 'passed',
            width: 72,
            align: 'right',
          },
          {
            key: 'share',
            title: t('admin.dashboard.share'),
            width: '35%',
            render: (_v, b) => <RatioBar count={b.enrolled} demand={b.demand} />,
          },
        ]}
      />
    </Card>
  );
}

/** How often the screen asks again (ms); the server's counts may be up to RATIO_CACHE_SECONDS old. */
const REFRESH_MS = 60_000;

/**
 * /wel/dashboard (spec §2; the menu's "报名统计", SCREENS '/wel/dashboard'): in the administrator's
 * region, the plan's enrolments by audit status, applicants and passed against demand per county,
 * learning period and subject, and the live ratios of every post, from one call
 * (GET /candidate/enroll/statistics, key PERMISSIONS.dashboard.list), refreshed every minute.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const allowed = can(PERMISSIONS.dashboard.list);
  const periods = useDict('recruit_learning_period');
  const subjects = useDict('recruit_subject');
  const stats = useQuery({
    queryKey: ['dashboard', 'statistics'],
    queryFn: () => enrollStatistics(),
    enabled: allowed,
    refetchInterval: REFRESH_MS,
  });

  if (!allowed) return <Alert type="info" showIcon message={t('admin.dashboard.noAccess')} />;
  const data = stats.data;
  const loading = stats.isLoading;
  const ratio = data ? postRatio(data.total, data.demand) : null;
  const figures = [
    {
      key: 'total',
      title: t('admin.dashboard.total'),
      value: data?.total,
      icon: <SolutionOutlined />,
    },
    { key: 'demand', title: t('admin.dashboard.demand'), value: data?.demand, icon: <TeamOutlined /> },
    {
      key: 'ratio',
      title: t('admin.dashboard.share'),
      value: data ? (ratio ?? '—') : undefined,
      icon: <FundOutlined />,
    },
    {
      key: 'pending',
      title: t(`status.audit.${AUDIT_STATUS.pending}`),
      value: data?.audit.pending,
      icon: <ClockCircleOutlined />,
    },
    {
      key: 'passed',
      title: t(`status.audit.${AUDIT_STATUS.passed}`),
      value: data?.audit.passed,
      icon: <CheckCircleOutlined />,
    },
    {
      key: 'rejected',
      title: t(`status.audit.${AUDIT_STATUS.rejected}`),
      value: data?.audit.rejected,
      icon: <CloseCircleOutlined />,
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <Card>
          <Row gutter={[16, 16]}>
            {figures.map((f) => (
              <Col xs={12} sm={8} xl={4} key={f.key}>
                <Statistic
                  title={f.title}
                  value={f.value ?? '-'}
                  loading={loading}
                  prefix={f.icon}
                  data-testid={`dashboard-${f.key}`}
                />
              </Col>
            ))}
          </Row>
          {data?.planName ? (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
              {t('admin.dashboard.note', { plan: data.planName })}{' '}
              {data.asOf && (
                <span data-testid="dashboard-as-of">
                  {t('admin.dashboard.asOf', { time: dayjs(data.asOf).format('HH:mm:ss') })}
                </span>
              )}
            </Typography.Paragraph>
          ) : (
            data && (
              <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
                {t('admin.dashboard.noPlan')}
              </Typography.Paragraph>
            )
          )}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <BarTable
          title={t('admin.dashboard.byCounty')}
          bars={data?.byCounty}
          loading={loading}
          testId="dashboard-county"
          label={(b) => b.label ?? b.key}
        />
      </Col>
      <Col xs={24} md={12} xl={8}>
        <BarTable
          title={t('admin.dashboard.byPeriod')}
          bars={data?.byPeriod}
          loading={loading}
          testId="dashboard-period"
          label={(b) => dictLabel(periods.data, b.key, i18n.language)}
        />
      </Col>
      <Col xs={24} md={12} xl={8}>
        <BarTable
          title={t('admin.dashboard.bySubject')}
          bars={data?.bySubject}
          loading={loading}
          testId="dashboard-subject"
          label={(b) => dictLabel(subjects.data, b.key, i18n.language)}
        />
      </Col>
      <Col xs={24}>
        <PostTable posts={data?.posts} loading={loading} />
      </Col>
    </Row>
  );
}

import { useCallback, useMemo } from 'react';
import { Alert, Card, Col, Row, Statistic, Typography } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  FundOutlined,
  SolutionOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  AUDIT_STATUS,
  PERMISSIONS,
  postRatio,
  type DashboardStatistics,
  type DemandBar,
} from '@tegang/domain';
import { dictLabel, useDict } from '../../components/dict';
import { useCan, type CrudContext } from '../../components/crud';
import { ExportButton } from '../../components/export-button';
import { dashboardExportLink, dashboardStatistics } from './api';
import { BarTable } from './bar-table';
import { FunnelCard } from './funnel';
import { PlanPicker } from './plan-picker';
import { PostTable } from './post-table';
import { TrendCard } from './trend';

/** How often the screen asks again (ms) while the plan runs; the server's counts may be up to RATIO_CACHE_SECONDS old. */
const REFRESH_MS = 60_000;

/** The plan id of the address (?planId=), or undefined for the server's default (the open plan, else the newest). */
function usePlanParam(): [number | undefined, (id: number) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('planId'));
  const pick = useCallback(
    (planId: number) =>
      setParams((now) => {
        const next = new URLSearchParams(now);
        next.set('planId', String(planId));
        return next;
      }),
    [setParams],
  );
  return [Number.isSafeInteger(id) && id > 0 ? id : undefined, pick];
}

/** The export button's view of the dashboard (the one export mechanism's button): the plan on screen. */
function exportContext(
  data: DashboardStatistics,
  can: (key: string | undefined) => boolean,
): CrudContext<never> {
  return {
    reload: () => {},
    query: () => ({ planId: data.planId }),
    selectedRows: [],
    // A plan with neither demand nor enrolments in the region has nothing to export.
    total: () => data.posts.length,
    can,
  };
}

/**
 * /wel/dashboard (spec §2; the menu's "报名统计", SCREENS '/wel/dashboard'): for the plan picked
 * (?planId= in the address, so that it survives a reload; default the open plan, else the newest),
 * in the administrator's region: the enrolments by audit status, the daily trend and the funnel as
 * charts with their numbers beside them, applicants and passed against demand per county, learning
 * period and subject (charts and tables) and the ratios of every post, from one call
 * (GET /candidate/enroll/statistics/dashboard, key PERMISSIONS.dashboard.list), refreshed every minute
 * while the plan runs (an ended plan's numbers are final); the statistics as xlsx with the export key.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const allowed = can(PERMISSIONS.dashboard.list);
  const [planId, pickPlan] = usePlanParam();
  const periods = useDict('recruit_learning_period');
  const subjects = useDict('recruit_subject');
  const stats = useQuery({
    queryKey: ['dashboard', 'plan', planId ?? 'default'],
    queryFn: () => dashboardStatistics(planId),
    enabled: allowed,
    refetchInterval: (query) => (query.state.data?.final ? false : REFRESH_MS),
  });
  const countyLabel = useCallback((b: DemandBar) => b.label ?? b.key, []);
  const periodLabel = useCallback(
    (b: DemandBar) => dictLabel(periods.data, b.key, i18n.language),
    [periods.data, i18n.language],
  );
  const subjectLabel = useCallback(
    (b: DemandBar) => dictLabel(subjects.data, b.key, i18n.language),
    [subjects.data, i18n.language],
  );
  const data = stats.data;
  const exporter = useMemo(() => (data ? exportContext(data, can) : null), [data, can]);

  if (!allowed) return <Alert type="info" showIcon message={t('admin.dashboard.noAccess')} />;
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
  const time = data?.asOf ? dayjs(data.asOf).format(data.final ? 'YYYY-MM-DD HH:mm' : 'HH:mm:ss') : null;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <Card>
          <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginBottom: 16 }}>
            <PlanPicker value={planId ?? data?.planId ?? undefined} onChange={pickPlan} />
            {exporter && data?.planId && can(PERMISSIONS.dashboard.export) && (
              <ExportButton
                ctx={exporter}
                link={() => dashboardExportLink({ planId: data.planId! })}
                testId="dashboard-export"
              />
            )}
          </div>
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
              {t(data.final ? 'admin.dashboard.final' : 'admin.dashboard.note', { plan: data.planName })}{' '}
              {time && (
                <span data-testid="dashboard-as-of">
                  {t(data.final ? 'admin.dashboard.asOfFinal' : 'admin.dashboard.asOf', { time })}
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
      <Col xs={24} xl={16}>
        <TrendCard daily={data?.daily} loading={loading} />
      </Col>
      <Col xs={24} xl={8}>
        <FunnelCard funnel={data?.funnel} loading={loading} />
      </Col>
      <Col xs={24} xl={8}>
        <BarTable
          title={t('admin.dashboard.byCounty')}
          bars={data?.byCounty}
          loading={loading}
          testId="dashboard-county"
          label={countyLabel}
          chart
        />
      </Col>
      <Col xs={24} md={12} xl={8}>
        <BarTable
          title={t('admin.dashboard.byPeriod')}
          bars={data?.byPeriod}
          loading={loading}
          testId="dashboard-period"
          label={periodLabel}
          chart
        />
      </Col>
      <Col xs={24} md={12} xl={8}>
        <BarTable
          title={t('admin.dashboard.bySubject')}
          bars={data?.bySubject}
          loading={loading}
          testId="dashboard-subject"
          label={subjectLabel}
          chart
        />
      </Col>
      <Col xs={24}>
        <PostTable posts={data?.posts} loading={loading} />
      </Col>
    </Row>
  );
}

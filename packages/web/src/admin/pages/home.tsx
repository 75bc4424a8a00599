import { Card, Col, Row, Space, Statistic, Typography } from 'antd';
import { ScheduleOutlined, SolutionOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, PLAN_STATUS } from '@tegang/domain';
import { pageEnrolls } from '../../areas/enroll/admin-api';
import { listPlanOptions } from '../../areas/recruit-plan/api';
import { useCan } from '../../components/crud';
import { useSession } from '../session';

/** /wel/index (spec §2): a welcome card and a few live counts. */
export default function HomePage() {
  const { t } = useTranslation();
  const can = useCan();
  const { info } = useSession();
  const canPlans = can(PERMISSIONS.recruitPlan.list);
  const canEnrolls = can(PERMISSIONS.enroll.list);
  const enrolls = useQuery({
    queryKey: ['home', 'enrolls'],
    queryFn: () => pageEnrolls({ current: 1, size: 10 }),
    enabled: canEnrolls,
  });
  const plans = useQuery({ queryKey: ['home', 'plans'], queryFn: listPlanOptions, enabled: canPlans });
  const openPlan = plans.data?.find((p) => p.status === PLAN_STATUS.open);
  const name = info?.user.nickName || info?.user.userName || '';

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card data-testid="home-welcome">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('admin.welcome', { name })}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('admin.welcome.text')}
        </Typography.Paragraph>
      </Card>
      <Row gutter={[16, 16]}>
        {canEnrolls && (
          <Col xs={24} md={8}>
            <Card style={{ height: '100%' }}>
              <Statistic
                title={t('admin.stats.enrolls')}
                value={enrolls.data?.total ?? '-'}
                loading={enrolls.isLoading}
                suffix={enrolls.data ? t('admin.stats.unit') : undefined}
                prefix={<SolutionOutlined />}
                data-testid="stat-enrolls"
              />
            </Card>
          </Col>
        )}
        {canPlans && (
          <Col xs={24} md={8}>
            <Card style={{ height: '100%' }}>
              <Statistic
                title={t('admin.stats.plans')}
                value={plans.data?.length ?? '-'}
                loading={plans.isLoading}
                prefix={<ScheduleOutlined />}
                data-testid="stat-plans"
              />
            </Card>
          </Col>
        )}
        {canPlans && (
          <Col xs={24} md={8}>
            <Card style={{ height: '100%' }}>
              <Statistic
                title={t('admin.stats.openPlan')}
                loading={plans.isLoading}
                value={openPlan ? openPlan.year : t('admin.stats.none')}
                groupSeparator=""
                valueStyle={{ fontSize: 24 }}
              />
              {openPlan && (
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 0' }}>
                  {openPlan.name}
                </Typography.Paragraph>
              )}
            </Card>
          </Col>
        )}
      </Row>
      {(canPlans || canEnrolls) && (
        <Card title={t('admin.quickLinks')} size="small">
          <Space wrap size={24}>
            {canPlans && (
              <Link to="/recruit/recruitPlan/index">
                <ScheduleOutlined /> {t('admin.plan.title')}
              </Link>
            )}
            {canEnrolls && (
              <Link to="/candidate/enroll/index">
                <SolutionOutlined /> {t('admin.enroll.title')}
              </Link>
            )}
          </Space>
        </Card>
      )}
    </Space>
  );
}

import type { ReactNode } from 'react';
import { Alert, Button, Empty, Result } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PagePlan, PagePlanInfo } from '../page-plan';

/**
 * The parts every plan-addressed page shows (candidate/page-plan.ts): which earlier plan it is about,
 * a plan whose personal data was deleted, and a `?planId` that is not one of hers.
 */

const MY_ENROLL = '/web/my_enroll';

/** The page title: the page's name, with the plan's for an earlier plan (also the browser title). */
export function usePlanPageTitle(page: string, view: Pick<PagePlan, 'earlier' | 'plan'>): string {
  const { t } = useTranslation();
  return view.earlier && view.plan ? t('web.planPage.title', { page, plan: view.plan.name }) : page;
}

/** Says which earlier plan the page shows (name and year) and leads back to 我的报名. */
export function EarlierPlanBanner({ plan }: { plan: PagePlanInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="plan-banner"
      message={t('web.planPage.earlier', { plan: plan.name, year: plan.year })}
      description={
        <>
          <div>{t('web.planPage.earlierDesc')}</div>
          {/* Below the text, not beside it: on a 375 px phone a side button leaves the text a narrow column. */}
          <Button
            size="small"
            icon={<UnorderedListOutlined />}
            onClick={() => navigate(MY_ENROLL)}
            style={{ marginTop: 8 }}
          >
            {t('web.planPage.toList')}
          </Button>
        </>
      }
      style={{ marginBottom: 16 }}
    />
  );
}

/** A plan whose personal data was deleted at the end of its retention period: nothing to read. */
export function PlanPurged() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={<span data-testid="plan-purged">{t('web.planPage.purged')}</span>}
      subTitle={t('web.planPage.purgedDesc')}
      extra={<Button onClick={() => navigate(MY_ENROLL)}>{t('web.planPage.toList')}</Button>}
    />
  );
}

/** A `?planId` that names no plan she applied to. */
export function PlanUnknown() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Empty description={<span data-testid="plan-unknown">{t('web.planPage.unknown')}</span>}>
      <Button type="primary" onClick={() => navigate(MY_ENROLL)}>
        {t('web.planPage.toList')}
      </Button>
    </Empty>
  );
}

/**
 * What a plan-addressed page shows before its own content: a spinner, the failed load, the unknown
 * plan or the purged note (null when the page goes on), and the earlier plan's banner above `body`.
 */
export function planPageGate(view: PagePlan, loading: ReactNode, failed: ReactNode): ReactNode | null {
  if (view.loading) return loading;
  if (view.failed) return failed;
  if (view.unknown) return <PlanUnknown />;
  if (view.purged) return <PlanPurged />;
  return null;
}

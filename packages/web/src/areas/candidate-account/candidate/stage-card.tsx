import { Alert, Button, Card, ConfigProvider, Divider, Empty, Grid, Space, Steps, Typography } from 'antd';
import {
  DownloadOutlined,
  EditOutlined,
  FileSearchOutlined,
  FormOutlined,
  IdcardOutlined,
  RightOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  formatDateTime,
  type CandidateActionKey,
  type CandidatePlan,
  type CandidateStage,
} from '@tegang/domain';
import { LoadFailed, Loading } from '../../../candidate/components/loading';
import { StageTag } from '../../../candidate/components/stage-tag';
import { useMobile } from '../../../candidate/hooks';
import { useMyEnrollList } from '../../../candidate/page-plan';
import { useCandidate } from '../../../candidate/state';
import { useCandidateStage } from '../../../candidate/stage';
import { earlierPlansOfConcern, type MyEnrollView } from '../../enroll/candidate/my-enroll';

/** Stages not running: grey, yet 5.7:1 on white (WCAG 2.1 SC 1.4.3: contrast at least 4.5:1). */
const GREY = 'rgba(0, 0, 0, 0.6)';

/**
 * Half a stage's label width across, less half its icon (antd: controlHeightLG): 38 gives labels of
 * 108 px, room for 'YYYY-MM-DD HH:mm', where the site's taller controls left eight stages wider than
 * a 1440 px card.
 */
const STEP_HALF = 38;

const ACTION_ICON: Record<CandidateActionKey, ReactNode> = {
  apply: <FormOutlined />,
  editEnroll: <EditOutlined />,
  downloadForm: <DownloadOutlined />,
  downloadTicket: <IdcardOutlined />,
  queryResult: <FileSearchOutlined />,
  viewResult: <TrophyOutlined />,
};

/**
 * The top card of /web/user_info (the candidate home): the plan's current phase, the
 * candidate's own state (未报名 / 待审核 / 审核未通过 with its reason / 审核已通过 / 准考证可下载 /
 * 成绩可查询 / 已录取, 未录取 or 录取结果可查询 once the result is published), what that means with its date, the next action as a primary button, and the plan's
 * timeline with past stages done, the running one current and later ones greyed with their dates.
 * The state comes from useCandidateStage, the one place the site computes it (the sidebar shows the
 * same). Under it, the earlier plans that still concern her (results open or published, a ticket to
 * print; not purged) as compact rows with their state and the way to that plan's page, and the way
 * to 我的报名. Test id `stage-card`.
 */
export function StageCard() {
  const { t } = useTranslation();
  const state = useCandidate();
  const view = useCandidateStage();
  const plan = state.plan;

  let body: ReactNode;
  if (view.loading) body = <Loading minHeight={160} />;
  else if (state.failed) body = <LoadFailed onRetry={() => void state.refresh()} />;
  else if (!plan || state.planId === null)
    body = (
      <Empty description={<span data-testid="stage-no-plan">{state.message || t('enroll.noPlan')}</span>} />
    );
  else if (view.failed || !view.stage) body = <LoadFailed onRetry={view.retry} />;
  else
    body = (
      <>
        <StageView plan={plan} stage={view.stage} />
        <EarlierPlans frontPlanId={state.planId} now={view.now} />
      </>
    );
  return (
    <Card
      title={t('home.title')}
      data-testid="stage-card"
      styles={{ body: { padding: 'clamp(12px, 4vw, 24px)' }, header: { minHeight: 52 } }}
    >
      {body}
    </Card>
  );
}

/** The state, its reason and note, the action and the timeline of one plan. */
function StageView({ plan, stage }: { plan: CandidatePlan; stage: CandidateStage }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobile = useMobile();
  const wide = Boolean(Grid.useBreakpoint().xl);
  const { phase, next, until } = stage.phase;
  const waiting = phase === 'notStarted' || phase === 'waiting';
  const fmt = (params: Record<string, string>) =>
    Object.fromEntries(Object.entries(params).map(([k, v]) => [k, k === 'time' ? formatDateTime(v) : v]));
  const action = stage.nextAction;
  const current = stage.timeline.findIndex((s) => s.state !== 'done');

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Text strong style={{ fontSize: 16 }} data-testid="stage-plan">
        {plan.name}
      </Typography.Text>
      <div>
        <Typography.Text type="secondary">
          {t('home.phase')}
          {t('web.colon')}
        </Typography.Text>
        <Typography.Text strong data-testid="stage-phase">
          {t(`plan.phase.${phase}`)}
        </Typography.Text>
        {until && (
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            {waiting && next
              ? t('web.phase.next', { phase: t(`plan.phase.${next}`), time: formatDateTime(until) })
              : t('web.phase.until', { time: formatDateTime(until) })}
          </Typography.Text>
        )}
      </div>
      <div>
        <Typography.Text type="secondary">
          {t('home.myState')}
          {t('web.colon')}
        </Typography.Text>
        <StageTag state={stage.state} large testId="stage-state" />
      </div>
      {stage.state === 'rejected' ? (
        <Alert
          type="error"
          showIcon
          data-testid="stage-reason"
          message={t('home.reason', { reason: stage.reason || '-' })}
          description={
            stage.note && <span data-testid="stage-note">{t(stage.note.key, fmt(stage.note.params))}</span>
          }
        />
      ) : (
        stage.note && (
          <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="stage-note">
            {t(stage.note.key, fmt(stage.note.params))}
          </Typography.Paragraph>
        )
      )}
      {action && (
        <Button
          type="primary"
          size="large"
          block={mobile}
          icon={ACTION_ICON[action.key]}
          // The enrolment actions keep the old button's test id: the browser tests follow it.
          data-testid={action.path === '/web/enroll' ? 'go-enroll' : 'stage-action'}
          data-action={action.key}
          onClick={() => navigate(action.path)}
        >
          {t(`home.action.${action.key}`)}
        </Button>
      )}
      <Typography.Title level={5} style={{ margin: '8px 0 0' }}>
        {t('home.timeline')}
      </Typography.Title>
      {/* Eight stages across need about 8 × 110 px: across from xl on, down the page below it; the
          box scrolls by itself rather than the page if a stage's dates are still wider. */}
      <ConfigProvider theme={{ components: { Steps: { controlHeightLG: STEP_HALF } } }}>
        <div style={{ overflowX: 'auto', paddingBottom: 4 }}>
          <Steps
            data-testid="stage-timeline"
            direction={wide ? 'horizontal' : 'vertical'}
            labelPlacement={wide ? 'vertical' : 'horizontal'}
            size="small"
            current={current === -1 ? stage.timeline.length : current}
            items={stage.timeline.map((step) => ({
              // Stages over or to come are grey, text and dates alike (antd's own grey is under 4.5:1).
              title: (
                <span style={{ color: step.state === 'current' ? undefined : GREY }}>
                  {t(`plan.phase.${step.phase}`)}
                </span>
              ),
              status: step.state === 'done' ? 'finish' : step.state === 'current' ? 'process' : 'wait',
              description: (
                <span
                  data-testid={`stage-step-${step.phase}`}
                  data-state={step.state}
                  style={{ fontSize: 12, color: step.state === 'current' ? undefined : GREY }}
                >
                  {formatDateTime(step.start)}
                  {wide ? <br /> : ' ~ '}
                  {formatDateTime(step.end)}
                </span>
              ),
            }))}
          />
        </div>
      </ConfigProvider>
    </Space>
  );
}

/** How many earlier plans the card lists; 我的报名 has them all. */
const EARLIER_MAX = 3;

/**
 * The earlier plans that still concern her (earlierPlansOfConcern), newest first, at most
 * EARLIER_MAX, each a compact row: the plan's name and year, her state, and the button to that plan's
 * page (its stage's next action at `?planId=`); then the way to 我的报名. Nothing while the list loads
 * or when it failed (我的报名 says why), nor when no earlier plan concerns her.
 */
function EarlierPlans({ frontPlanId, now }: { frontPlanId: number | null; now: Date }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useMyEnrollList();
  if (!list.data) return null;
  const earlier = earlierPlansOfConcern(list.data, now, frontPlanId);
  if (!earlier.length) return null;
  return (
    <section aria-labelledby="stage-earlier-title" data-testid="stage-earlier">
      <Divider style={{ margin: '16px 0 12px' }} />
      <Typography.Title level={5} id="stage-earlier-title" style={{ margin: '0 0 8px' }}>
        {t('web.myEnroll.earlier')}
      </Typography.Title>
      <Space direction="vertical" size={8} style={{ width: '100%' }}>
        {earlier.slice(0, EARLIER_MAX).map((v) => (
          <EarlierRow key={v.item.plan.id} view={v} />
        ))}
      </Space>
      <Button
        type="link"
        style={{ paddingInline: 0, marginTop: 4 }}
        onClick={() => navigate('/web/my_enroll')}
        data-testid="stage-earlier-all"
      >
        {t('web.myEnroll.all', { count: list.data.length })}
        <RightOutlined />
      </Button>
    </section>
  );
}

/** One earlier plan: name and year, the state tag, the primary action to its page. */
function EarlierRow({ view }: { view: MyEnrollView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { plan } = view.item;
  const action = view.actions.find((a) => a.primary)!;
  const next = view.stage!.nextAction!;
  return (
    <div
      data-testid="stage-earlier-item"
      data-plan-id={plan.id}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 8,
        padding: '8px 12px',
        border: '1px solid #f0f0f0',
        borderRadius: 8,
      }}
    >
      <div style={{ flex: '1 1 180px', minWidth: 0 }}>
        <Typography.Text strong style={{ display: 'block' }} data-testid="stage-earlier-plan">
          {plan.name}
        </Typography.Text>
        <Space size={6} wrap style={{ marginTop: 4 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('web.myEnroll.year', { year: plan.year })}
          </Typography.Text>
          <StageTag state={view.stage!.state} testId="stage-earlier-state" />
        </Space>
      </div>
      <Button
        icon={ACTION_ICON[next.key]}
        onClick={() => navigate(action.path)}
        data-testid="stage-earlier-action"
        data-action={next.key}
      >
        {t(`home.action.${next.key}`)}
      </Button>
    </div>
  );
}

import { Alert, Button, Card, ConfigProvider, Empty, Grid, Space, Steps, Tag, Typography } from 'antd';
import {
  DownloadOutlined,
  EditOutlined,
  FileSearchOutlined,
  FormOutlined,
  IdcardOutlined,
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
  type CandidateStageState,
} from '@tegang/domain';
import { LoadFailed, Loading } from '../../../candidate/components/loading';
import { useMobile } from '../../../candidate/hooks';
import { useCandidate } from '../../../candidate/state';
import { useCandidateStage } from '../../../candidate/stage';

/** Tag colour of each candidate state: to do (blue), waiting (gold), wrong (red), done (green). */
const STATE_COLOR: Record<CandidateStageState, string> = {
  notApplied: 'blue',
  closed: 'default',
  pending: 'gold',
  rejected: 'error',
  passed: 'success',
  ticketReady: 'processing',
  resultsOpen: 'processing',
  admitted: 'success',
  notAdmitted: 'default',
  resultPublished: 'processing',
};

/**
 * Tag text darker than antd's preset where the preset is under 4.5:1 on its tint (WCAG 2.1 SC 1.4.3):
 * gold #d48806 on #fffbe6 is 2.9:1 (gold-9 #874d00: 7.6:1), green #52c41a on #f6ffed 2.2:1
 * (green-9 #135200: 9.4:1).
 */
const GOLD_TEXT = '#874d00';
const GREEN_TEXT = '#135200';
const STATE_TEXT: Partial<Record<CandidateStageState, string>> = {
  pending: GOLD_TEXT,
  passed: GREEN_TEXT,
  admitted: GREEN_TEXT,
};

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
 * same). Test id `stage-card`.
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
  else body = <StageView plan={plan} stage={view.stage} />;
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
        <Tag
          color={STATE_COLOR[stage.state]}
          data-testid="stage-state"
          data-state={stage.state}
          style={{ fontSize: 14, lineHeight: '24px', color: STATE_TEXT[stage.state] }}
        >
          {t(`home.state.${stage.state}`)}
        </Tag>
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

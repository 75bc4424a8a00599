import { useState } from 'react';
import { Alert, Button, Checkbox, Empty, Skeleton, Space } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { getEnrollByPlanId, getEnrollNotice } from '../api';
import { LoadFailed, Loading } from '../../../candidate/components/loading';
import { PageCard } from '../../../candidate/components/page-card';
import { EnrollForm } from './enroll-form';
import { EnrollView } from './enroll-view';
import { candidateKeys, useCandidate } from '../../../candidate/state';
import { APPLY_FLAG, AUDIT_STATUS } from '@tegang/domain';
import { AuditNotice } from './audit-status';
import { BirthLimits } from './birth-limits';
import { loadDraft } from './enroll-draft';
import { SafeHtml } from '../../../components/safe-html';

/**
 * /web/enroll, the application: no plan open or the window closed without an application →
 * /web/not_enroll; not applied yet → the plan's age requirement and the notice to agree to, then the
 * form; applied → the application for editing while the window is open, read-only after it (also once
 * the plan is closed: the state then carries the closed plan the candidate applied to).
 */
export default function Enroll() {
  const { t } = useTranslation();
  const state = useCandidate();
  if (state.loading) return <PageCard title={t('web.enroll.title')}>{<Loading />}</PageCard>;
  if (state.failed)
    return (
      <PageCard title={t('web.enroll.title')}>{<LoadFailed onRetry={() => void state.refresh()} />}</PageCard>
    );
  if (state.planId === null) return <Navigate to="/web/not_enroll" replace />;
  if (state.enrollStatus === APPLY_FLAG.applied)
    return <MyEnroll planId={state.planId} editable={state.canCandidate} />;
  if (!state.canCandidate) return <Navigate to="/web/not_enroll" replace />;
  return <NewEnroll planId={state.planId} />;
}

/** The notice with its "I have read and agree" box, then the empty form. */
function NewEnroll({ planId }: { planId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useCandidate();
  // A draft in this tab means the notice was accepted before a reload: go straight back to the form.
  const [resumed] = useState(() => loadDraft({ planId, candidateId: state.userInfo?.id }) !== null);
  const [agreed, setAgreed] = useState(resumed);
  const [started, setStarted] = useState(resumed);
  const notice = useQuery({
    queryKey: ['enroll', 'notice', planId],
    // No notice for the plan (404) is no reason to stop the candidate.
    queryFn: () =>
      getEnrollNotice(planId).catch((e: unknown) => {
        if (e instanceof ApiError && e.code === 404) return null;
        throw e;
      }),
    staleTime: 5 * 60_000,
  });

  if (!started)
    return (
      <PageCard title={t('web.enroll.notice')} testId="enroll-notice">
        <BirthLimits limitBirth={state.limitBirth} birthLimits={state.birthLimits} />
        {notice.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : notice.isError ? (
          <LoadFailed onRetry={() => void notice.refetch()} />
        ) : notice.data?.context ? (
          // A box that scrolls: focusable and named, so that it scrolls by keyboard too (WCAG 2.1.1).
          <div
            className="tegang-notice"
            data-testid="enroll-notice-content"
            tabIndex={0}
            role="region"
            aria-label={t('web.enroll.notice')}
            style={{
              maxHeight: '55vh',
              overflowY: 'auto',
              overflowX: 'hidden',
              padding: '4px 12px',
              border: '1px solid #f0f0f0',
              borderRadius: 6,
              lineHeight: 1.8,
              overflowWrap: 'anywhere',
            }}
          >
            {/* Sanitised by the server too; SafeHtml puts each table in its own sideways-scrolling box. */}
            <SafeHtml html={notice.data.context} />
          </div>
        ) : (
          <Empty description={t('web.enroll.noticeEmpty')} />
        )}
        {!notice.isPending && !notice.isError && (
          <Space direction="vertical" size={16} style={{ marginTop: 16, width: '100%' }}>
            <Checkbox
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
              data-testid="enroll-agree"
            >
              {t('web.enroll.agree')}
            </Checkbox>
            <Button
              type="primary"
              size="large"
              block
              style={{ maxWidth: 360 }}
              disabled={!agreed}
              onClick={() => {
                setStarted(true);
                window.scrollTo({ top: 0 });
              }}
              data-testid="enroll-start"
            >
              {t('web.enroll.start')}
            </Button>
          </Space>
        )}
      </PageCard>
    );

  return (
    <PageCard title={t('web.enroll.title')} testId="enroll-page">
      {state.plan && <Alert type="info" showIcon message={state.plan.name} style={{ marginBottom: 8 }} />}
      <EnrollForm
        planId={planId}
        onSaved={async () => {
          await state.refresh(); // the status turns to enrolled before the summary opens
          navigate('/web/enroll_table');
        }}
      />
    </PageCard>
  );
}

/**
 * The candidate's application: editable inside the window, read-only outside it and once it passed the
 * audit (the view says why). A rejected one shows the reason above the form: saving resubmits it.
 */
function MyEnroll({ planId, editable }: { planId: number; editable: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const state = useCandidate();
  const enroll = useQuery({
    queryKey: candidateKeys.enroll(planId),
    queryFn: () => getEnrollByPlanId(planId),
    staleTime: 0,
  });

  return (
    <PageCard title={t('web.enroll.mine')} testId="enroll-page">
      {enroll.isPending ? (
        <Loading />
      ) : enroll.isError ? (
        <LoadFailed onRetry={() => void enroll.refetch()} />
      ) : !enroll.data ? (
        <LoadFailed message={t('enroll.notFound')} onRetry={() => void state.refresh()} />
      ) : editable && enroll.data.auditStatus !== AUDIT_STATUS.passed ? (
        <>
          <Alert type="success" showIcon message={t('web.enroll.editing')} style={{ marginBottom: 8 }} />
          <AuditNotice enroll={enroll.data} editable />
          <EnrollForm
            key={enroll.dataUpdatedAt}
            planId={planId}
            initial={enroll.data}
            onSaved={() => client.invalidateQueries({ queryKey: candidateKeys.enroll(planId) })}
          />
        </>
      ) : (
        <>
          {!editable && (
            <Alert
              type="warning"
              showIcon
              message={state.message || t('web.enroll.readonly')}
              description={state.message ? t('web.enroll.readonly') : undefined}
              style={{ marginBottom: 16 }}
            />
          )}
          <EnrollView enroll={enroll.data} />
          {/* The form stays downloadable after enrolment ends, through the audit and the exam. */}
          <Button
            type="primary"
            size="large"
            icon={<DownloadOutlined />}
            style={{ marginTop: 16 }}
            onClick={() => navigate('/web/enroll_table')}
            data-testid="enroll-go-download"
          >
            {t('web.enrollTable.download')}
          </Button>
        </>
      )}
    </PageCard>
  );
}

import { Descriptions, Empty, Result, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMISSION_STATUS, ENROLL_DICT_FIELDS, formatDateTime, resultsOpen } from '@tegang/domain';
import { ApiError } from '../../../api/request';
import { DictText } from '../../../components/dict';
import { LoadFailed, Loading } from '../../../candidate/components/loading';
import { PageCard } from '../../../candidate/components/page-card';
import { useLabelStyle, useMobile } from '../../../candidate/hooks';
import { candidateKeys } from '../../../candidate/state';
import { usePagePlan } from '../../../candidate/page-plan';
import { EarlierPlanBanner, planPageGate, usePlanPageTitle } from '../../../candidate/components/plan-page';
import { getAdmissionStatusOptions, getResultByPlanId, type CandidateResult } from '../api';

/**
 * Query keys of the page (under 'candidate': the state's refresh reloads them too); her own result is
 * candidateKeys.result, shared with the home card.
 */
export const resultKeys = {
  statuses: ['candidate', 'admissionStatus'] as const,
};

/** A refused read (400 window not open, 404 no result): the page says why, no retry. */
const refused = (e: unknown) => e instanceof ApiError && (e.code === 400 || e.code === 404);

/** Tag colours of the known admission statuses; other codes of the open list are plain. */
const STATUS_COLOR: Record<string, string> = {
  [ADMISSION_STATUS.admitted]: 'success',
  [ADMISSION_STATUS.pending]: 'warning',
  [ADMISSION_STATUS.notAdmitted]: 'default',
};

/**
 * /web/recruit_info (spec §2; §7 results): the candidate's admission result from the plan's score-query
 * start on (before it a Result saying when; the server refuses too, 400 with the same reason): written
 * and interview score, total, physical examination, admission status (label from the open list
 * GET /candidate/admissionResults/getAdmissionStatus), office school, admission county / session /
 * subject and remarks. 404 'result.none' → "暂无录取结果". `?planId=<id>` shows the result of any
 * plan she applied to, from that plan's score-query start until its personal data is deleted (an
 * earlier plan: its name and year above); without it, the front-site plan.
 */
export default function RecruitInfo() {
  const { t } = useTranslation();
  const view = usePagePlan();
  const plan = view.plan;
  const open = plan !== null && view.planId !== null && !view.purged && resultsOpen(plan);
  const result = useQuery({
    queryKey: candidateKeys.result(view.planId),
    queryFn: () => getResultByPlanId(view.planId!),
    enabled: open,
    retry: (count, e) => !refused(e) && count < 1,
  });

  const gate = planPageGate(view, <Loading />, <LoadFailed onRetry={view.refresh} />);
  const title = usePlanPageTitle(t('web.recruitInfo.title'), view);
  let body;
  if (gate) body = gate;
  else if (open && result.isPending) body = <Loading />;
  else if (!plan) body = <Empty description={view.message || t('enroll.noPlan')} />;
  else if (!open)
    body = (
      <Result
        status="info"
        title={
          <span data-testid="recruit-not-open">
            {t('web.recruitInfo.opensAt', { time: formatDateTime(plan.scoreQueryStartTime) })}
          </span>
        }
      />
    );
  else if (result.isError) {
    const e = result.error;
    body =
      e instanceof ApiError && e.code === 404 ? (
        <Empty description={<span data-testid="recruit-none">{t('web.recruitInfo.none')}</span>} />
      ) : e instanceof ApiError && e.code === 400 ? (
        <Result status="info" title={<span data-testid="recruit-not-open">{e.message}</span>} />
      ) : (
        <LoadFailed message={e.message} onRetry={() => void result.refetch()} />
      );
  } else body = <ResultView result={result.data!} planName={plan.name} />;

  return (
    <PageCard title={title} testId="recruit-info">
      {view.earlier && plan && !view.purged && <EarlierPlanBanner plan={plan} />}
      {body}
    </PageCard>
  );
}

/** The label of an admission status: the server's open list, else the catalogue, else the code. */
function useStatusLabel(): (code: string) => string {
  const { t, i18n } = useTranslation();
  const options = useQuery({
    queryKey: [...resultKeys.statuses, i18n.language],
    queryFn: getAdmissionStatusOptions,
    staleTime: Infinity,
    retry: false,
  });
  return (code) => {
    const label = options.data?.find((o) => o.value === code)?.label;
    if (label) return label;
    const key = `status.admission.${code}`;
    return i18n.exists(key) ? t(key) : code;
  };
}

/** The result in two groups (scores; admission), one column on a phone. */
function ResultView({ result, planName }: { result: CandidateResult; planName: string }) {
  const { t } = useTranslation();
  const mobile = useMobile();
  const labelStyle = useLabelStyle(140);
  const statusLabel = useStatusLabel();
  const text = (v: string | null | undefined) => v || '—';
  const groupProps = {
    bordered: true,
    size: mobile ? ('small' as const) : ('middle' as const),
    styles: { label: labelStyle },
    column: { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 },
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="recruit-result">
      <div style={{ textAlign: 'center' }}>
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {planName}
        </Typography.Text>
        <Typography.Title level={4} style={{ margin: '4px 0' }}>
          {result.name}
        </Typography.Title>
        <Tag
          color={STATUS_COLOR[result.admissionStatus] ?? 'processing'}
          style={{ fontSize: 16, padding: '4px 12px' }}
          data-testid="recruit-status"
        >
          {statusLabel(result.admissionStatus)}
        </Tag>
      </div>
      <Descriptions
        {...groupProps}
        title={t('web.recruitInfo.scores')}
        data-testid="recruit-scores"
        items={[
          { key: 'name', label: t('field.name'), children: result.name },
          { key: 'idCard', label: t('field.idCard'), children: result.idCard },
          {
            key: 'admissionNumber',
            label: t('field.admissionNumber'),
            children: text(result.admissionNumber),
          },
          { key: 'writeExamScore', label: t('field.writeExamScore'), children: text(result.writeExamScore) },
          { key: 'interviewScore', label: t('field.interviewScore'), children: text(result.interviewScore) },
          { key: 'examTotalScore', label: t('field.examTotalScore'), children: text(result.examTotalScore) },
          {
            key: 'physicalExamination',
            label: t('field.physicalExamination'),
            children: text(result.physicalExamination),
          },
        ]}
      />
      <Descriptions
        {...groupProps}
        title={t('web.recruitInfo.admission')}
        data-testid="recruit-admission"
        items={[
          {
            key: 'admissionStatus',
            label: t('field.admissionStatus'),
            children: statusLabel(result.admissionStatus),
          },
          { key: 'officeSchool', label: t('field.officeSchool'), children: text(result.officeSchool) },
          {
            key: 'admissionCounty',
            label: t('field.admissionCounty'),
            children: text(result.admissionCounty),
          },
          {
            key: 'admissionAcademicSession',
            label: t('field.admissionAcademicSession'),
            children: result.admissionAcademicSession ? (
              <DictText type={ENROLL_DICT_FIELDS.academicSession} value={result.admissionAcademicSession} />
            ) : (
              '—'
            ),
          },
          {
            key: 'admissionSubject',
            label: t('field.admissionSubject'),
            children: result.admissionSubject ? (
              <DictText type={ENROLL_DICT_FIELDS.subject} value={result.admissionSubject} />
            ) : (
              '—'
            ),
          },
          { key: 'remarks', label: t('field.remarks'), children: text(result.remarks) },
        ]}
      />
    </Space>
  );
}

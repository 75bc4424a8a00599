import { Button, Descriptions, Result, Space } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, APPLY_FLAG, windowState } from '@tegang/domain';
import { LoadFailed, Loading } from '../../../candidate/components/loading';
import { PageCard } from '../../../candidate/components/page-card';
import { useCandidate, type CandidateState } from '../../../candidate/state';
import { BirthLimits } from './birth-limits';

type NotEnrollState = Pick<CandidateState, 'plan' | 'canCandidate' | 'message' | 'enrollStatus'>;

/**
 * What /web/not_enroll says about the front-site plan, true to its state: no plan → 'enroll.noPlan';
 * a plan outside its enrolment window (not yet open, ended, or not open to candidates) → the plan's
 * name with the server's message (checkCanCandidate), or one read from the plan's window when the
 * server gave none; a plan inside its window → that enrolment is open until its end (or, applied,
 * that she may edit until then). `title` is the page title's key.
 */
export function notEnrollMessage(
  state: NotEnrollState,
  t: (key: string, params?: Record<string, unknown>) => string,
  now = new Date(),
): { title: string; message: string; open: boolean } {
  const plan = state.plan;
  if (!plan)
    return { title: t('web.notEnroll.title'), message: state.message || t('enroll.noPlan'), open: false };
  const end = formatDateTime(plan.enrollEndTime);
  if (state.canCandidate)
    return {
      title: t('web.enroll.title'),
      message: t(
        state.enrollStatus === APPLY_FLAG.applied ? 'web.notEnroll.appliedOpen' : 'web.notEnroll.openNow',
        {
          end,
        },
      ),
      open: true,
    };
  const where = windowState(plan.enrollStartTime, plan.enrollEndTime, now);
  const fallback =
    where === 'before'
      ? t('enroll.notOpenYet', { start: formatDateTime(plan.enrollStartTime) })
      : where === 'after'
        ? t('enroll.ended', { end })
        : t('enroll.noPlan');
  return {
    title: t('web.notEnroll.title'),
    message: t('web.notEnroll.planMessage', { plan: plan.name, message: state.message || fallback }),
    open: false,
  };
}

/**
 * /web/not_enroll: why the candidate cannot apply now (the plan's name with the server's reason: not
 * open yet, ended, no plan), or that enrolment is open when she arrives inside the window; the plan's
 * age requirement when they have not applied, and whom to call.
 */
export default function NotEnroll() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useCandidate();
  const plan = state.plan;
  const said = notEnrollMessage(state, t);
  return (
    <PageCard title={said.title} testId="not-enroll">
      {state.loading ? (
        <Loading />
      ) : state.failed ? (
        <LoadFailed onRetry={() => void state.refresh()} />
      ) : (
        <Result
          status={said.open ? 'info' : 'warning'}
          title={<span data-testid="not-enroll-message">{said.message}</span>}
          subTitle={
            plan && (
              <>
                {state.enrollStatus !== APPLY_FLAG.applied && (
                  <div style={{ maxWidth: 520, margin: '16px auto 0', textAlign: 'left' }}>
                    <BirthLimits limitBirth={state.limitBirth} birthLimits={state.birthLimits} />
                  </div>
                )}
                <Descriptions
                  column={1}
                  size="small"
                  style={{ maxWidth: 520, margin: '16px auto 0', textAlign: 'left' }}
                  items={[
                    { key: 'plan', label: t('field.planId'), children: plan.name },
                    {
                      key: 'window',
                      label: t('field.enrollTime'),
                      children: `${formatDateTime(plan.enrollStartTime)} ~ ${formatDateTime(plan.enrollEndTime)}`,
                    },
                    ...(plan.customerServicePhone
                      ? [
                          {
                            key: 'phone',
                            label: t('field.customerServicePhone'),
                            children: (
                              <a href={`tel:${plan.customerServicePhone}`} data-testid="service-phone">
                                <PhoneOutlined /> {plan.customerServicePhone}
                              </a>
                            ),
                          },
                        ]
                      : []),
                  ]}
                />
              </>
            )
          }
          extra={
            <Space wrap style={{ justifyContent: 'center' }}>
              {(state.canCandidate || state.enrollStatus === APPLY_FLAG.applied) && (
                <Button type="primary" onClick={() => navigate('/web/enroll')}>
                  {t(
                    state.enrollStatus === APPLY_FLAG.applied ? 'web.enroll.viewMine' : 'web.enroll.applyNow',
                  )}
                </Button>
              )}
              <Button onClick={() => navigate('/web/user_info')}>{t('web.home')}</Button>
            </Space>
          }
        />
      )}
    </PageCard>
  );
}

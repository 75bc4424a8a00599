import { Button, Descriptions, Result, Space } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, APPLY_FLAG } from '@tegang/domain';
import { LoadFailed, Loading } from '../../../candidate/components/loading';
import { PageCard } from '../../../candidate/components/page-card';
import { useCandidate } from '../../../candidate/state';
import { BirthLimits } from './birth-limits';

/**
 * /web/not_enroll: why the candidate cannot apply (and when the window opens), the plan's age
 * requirement when they have not applied, and whom to call.
 */
export default function NotEnroll() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useCandidate();
  const plan = state.plan;
  return (
    <PageCard title={t('web.notEnroll.title')} testId="not-enroll">
      {state.loading ? (
        <Loading />
      ) : state.failed ? (
        <LoadFailed onRetry={() => void state.refresh()} />
      ) : (
        <Result
          status={state.canCandidate ? 'info' : 'warning'}
          title={<span data-testid="not-enroll-message">{state.message || t('enroll.noPlan')}</span>}
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

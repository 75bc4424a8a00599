import { Descriptions, Empty, Space } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../components/safe-html';
import { LoadFailed, Loading } from '../../../candidate/components/loading';
import { PageCard } from '../../../candidate/components/page-card';
import { useCandidate } from '../../../candidate/state';

/** /web/server_center: the open plan's service-centre notes and customer service phone. */
export default function ServerCenter() {
  const { t } = useTranslation();
  const state = useCandidate();
  const plan = state.plan;
  return (
    <PageCard title={t('web.serverCenter.title')} testId="server-center">
      {state.loading ? (
        <Loading />
      ) : state.failed ? (
        <LoadFailed onRetry={() => void state.refresh()} />
      ) : !plan ? (
        <Empty description={state.message || t('enroll.noPlan')} />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'plan', label: t('field.planId'), children: plan.name },
              {
                key: 'phone',
                label: t('field.customerServicePhone'),
                children: plan.customerServicePhone ? (
                  <a href={`tel:${plan.customerServicePhone}`} data-testid="service-phone">
                    <PhoneOutlined /> {plan.customerServicePhone}
                  </a>
                ) : (
                  '—'
                ),
              },
            ]}
          />
          {plan.serviceCenter ? (
            <SafeHtml html={plan.serviceCenter} className="tegang-rich-text" />
          ) : (
            <Empty description={t('web.serverCenter.empty')} />
          )}
        </Space>
      )}
    </PageCard>
  );
}

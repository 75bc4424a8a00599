import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../candidate/components/page-card';

/** /web/recruit_info: the admission-result screen is not built yet, so the page says it is not published. */
export default function RecruitInfo() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('web.recruitInfo.title')} testId="recruit-info">
      <Result status="info" title={t('web.recruitInfo.notOpen')} />
    </PageCard>
  );
}

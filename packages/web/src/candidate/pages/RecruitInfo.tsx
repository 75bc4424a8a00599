import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../components/PageCard';

/** /web/recruit_info (a later issue): the admission result, not published yet. */
export default function RecruitInfo() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('web.recruitInfo.title')} testId="recruit-info">
      <Result status="info" title={t('web.recruitInfo.notOpen')} />
    </PageCard>
  );
}

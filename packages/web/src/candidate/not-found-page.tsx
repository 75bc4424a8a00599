import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './hooks';

/** Unknown /web/* pages (spec §2/§8): the 404 view. */
export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('web.notFound.title'));
  return (
    <Result
      status="404"
      title="404"
      subTitle={<span data-testid="not-found">{t('web.notFound.desc')}</span>}
      extra={
        <Button type="primary" onClick={() => navigate('/web/user_info')}>
          {t('web.home')}
        </Button>
      }
    />
  );
}

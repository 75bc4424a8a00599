import { Button, Result } from 'antd';
import { useNavigate, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../pages';
import { usePageTitle } from '../title';

/** The 403, 404 and 500 pages (spec §2 "Open routes", §8). */
export function ErrorPage({ status }: { status: '403' | '404' | '500' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(status);
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(`admin.error.${status}`)}
      style={{ paddingTop: '12vh' }}
      extra={
        <Button type="primary" data-testid="back-home" onClick={() => navigate(HOME_PATH)}>
          {t('admin.backHome')}
        </Button>
      }
    />
  );
}

/** A render error or a chunk that failed to load (spec §8 "Script chunk loading … chunk load errors"). */
export function RouteError() {
  const error = useRouteError() as Error | undefined;
  const { t } = useTranslation();
  const chunk = /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(
    error?.message ?? '',
  );
  usePageTitle('500');
  return (
    <Result
      status="500"
      title="500"
      subTitle={t(chunk ? 'admin.error.chunk' : 'admin.error.500')}
      style={{ paddingTop: '12vh' }}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('admin.error.reload')}
        </Button>
      }
    />
  );
}

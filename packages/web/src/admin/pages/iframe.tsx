import { Alert } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The external address of /myiframe/{routerPath}: the URL-encoded http(s) URL, or null. */
export function embeddedUrl(routerPath: string | undefined): string | null {
  if (!routerPath) return null;
  let url: string;
  try {
    url = decodeURIComponent(routerPath);
  } catch {
    return null;
  }
  return /^https?:\/\//i.test(url) ? url : null;
}

/**
 * /myiframe/{routerPath} (spec §2): an external page embedded in the console, for menu items whose
 * path is /myiframe/ followed by the URL-encoded address. Only http(s) addresses are framed, sandboxed.
 */
export default function IframePage() {
  const { t } = useTranslation();
  const url = embeddedUrl(useParams()['*']);
  if (!url) return <Alert type="error" showIcon message={t('admin.iframe.invalid')} />;
  return (
    <iframe
      title={url}
      src={url}
      data-testid="embedded-page"
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      referrerPolicy="no-referrer"
      style={{ width: '100%', height: 'calc(100vh - 170px)', border: 0, background: '#fff' }}
    />
  );
}

import { useTranslation } from 'react-i18next';

/**
 * A centred spinner (CSS only, open.css) while a page's chunk loads: the router's and the open
 * pages' fallback, so that neither needs antd's Spin before the page itself does.
 */
export function PlainLoading({ minHeight = 240 }: { minHeight?: number | string }) {
  const { t } = useTranslation();
  return (
    <div className="tg-loading" style={{ minHeight }} data-testid="loading" role="status">
      <span className="tg-spinner" aria-hidden="true" />
      <span className="tg-loading-text">{t('common.loading')}</span>
    </div>
  );
}

import { useEffect, type CSSProperties } from 'react';
import { Grid } from 'antd';
import { useTranslation } from 'react-i18next';

/** Sets the browser title to '{page} - {system name}' in the UI language. */
export function usePageTitle(page?: string): void {
  const { t } = useTranslation();
  const system = t('web.title');
  useEffect(() => {
    document.title = page ? `${page} - ${system}` : system;
  }, [page, system]);
}

/** True below antd's md breakpoint (768 px): phones. */
export function useMobile(): boolean {
  return !Grid.useBreakpoint().md;
}

/**
 * The label cells of a bordered Descriptions: a fixed width on wide screens; on phones as wide as
 * the longest Chinese label (no wrapping), or a wrapping 8.5em column for the longer English labels.
 */
export function useLabelStyle(desktopWidth: number): CSSProperties {
  const mobile = useMobile();
  const { i18n } = useTranslation();
  if (!mobile) return { width: desktopWidth };
  return i18n.language === 'en' ? { width: '8.5em' } : { whiteSpace: 'nowrap' };
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The page title '{page}——{system name}' (spec §2 "Back-office chrome"). */
export function usePageTitle(page: string | null | undefined): void {
  const { t } = useTranslation();
  const system = t('admin.systemName');
  useEffect(() => {
    document.title = page ? `${page}——${system}` : system;
  }, [page, system]);
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WEBSITE_DEFAULTS, type WebsiteConfig } from '@tegang/domain';
import { getWebsiteConfig } from './api';

export const WEBSITE_QUERY = ['websiteConfig'] as const;
/** The logo shown while none is uploaded (spec §3: the favicon). */
export const DEFAULT_LOGO = '/favicon.svg';

/** The website setting as saved (spec §3); while the server has none or is unreachable, the defaults. */
export function useWebsite(): WebsiteConfig {
  const { data } = useQuery({
    queryKey: WEBSITE_QUERY,
    queryFn: () => getWebsiteConfig().catch(() => null),
    staleTime: 5 * 60_000,
  });
  const merged: WebsiteConfig = { ...WEBSITE_DEFAULTS };
  for (const [k, v] of Object.entries(data ?? {})) if (v !== undefined) Object.assign(merged, { [k]: v });
  return merged;
}

/** The system name in the UI language: the website setting's name / enName, else the built-in one. */
export function useSystemName(): string {
  const { t, i18n } = useTranslation();
  const site = useWebsite();
  const name = i18n.language === 'en' ? site.enName : site.name;
  return name || t('admin.systemName');
}

import '@ant-design/v5-patch-for-react-19';
import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { READABLE_TAG_TOKENS, READABLE_TOKENS } from '../components/contrast';
import { queryClient } from './query-client';
import { PRIMARY } from './theme-colors';

/**
 * The candidate site's theme: phone-first, so every input, select and button is at least 44 px high
 * (a finger's touch target); the admin console keeps antd's 32 px. Text contrast ≥ 4.5:1: links and
 * info tags take the primary blue (theme-colors.ts, which open.css reads too), secondary text and
 * errors READABLE_TOKENS, coloured tags (审核通过, 已录取 …) READABLE_TAG_TOKENS.
 */
const CANDIDATE_THEME = {
  token: {
    colorPrimary: PRIMARY,
    colorLink: PRIMARY,
    colorInfo: PRIMARY,
    ...READABLE_TOKENS,
    borderRadius: 6,
    controlHeight: 44,
  },
  components: { Tag: READABLE_TAG_TOKENS },
};

/**
 * What the antd pages of the front site need around them: the theme and locale (following the UI
 * language), antd's App context, and the query cache. Its own chunk, loaded with the first antd page:
 * the login page (plain elements) is drawn without it (docs/decisions.md "A login page without antd").
 */
export default function AntdShell({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  dayjs.locale(en ? 'en' : 'zh-cn');
  return (
    <ConfigProvider locale={en ? enUS : zhCN} theme={CANDIDATE_THEME} button={{ autoInsertSpace: false }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

import '@ant-design/v5-patch-for-react-19';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App as AntApp, ConfigProvider, message } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import 'antd/dist/reset.css';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import { READABLE_TOKENS } from '../components/contrast';
import { registerStrings } from '../i18n';
import { CANDIDATE_STRINGS } from './strings';
import { handlers } from '../api/request';
import { endSessionLocally, queryClient } from './session';
import { LOGIN_PATH, router } from './router';

/** The strings of the shell and of every area this side shows, registered explicitly. */
registerStrings(...CANDIDATE_STRINGS);

/**
 * The candidate site (/web): plain antd for phones, its own entry and chunks (DESIGN "Layout").
 * Spec §8: a 401 on a candidate call clears the token and goes to /web/login; a 403 shows its reason.
 */
handlers.unauthorized.candidate = (error) => {
  const onLogin = window.location.pathname === LOGIN_PATH;
  endSessionLocally();
  if (!onLogin) {
    message.warning({ content: error.message, key: 'unauthorized' });
    void router.navigate(LOGIN_PATH, { replace: true });
  }
};
handlers.forbidden = (error) => {
  message.error({ content: error.message, key: 'forbidden' });
};

/**
 * The candidate site's theme: phone-first, so every input, select and button is at least 44 px high
 * (a finger's touch target); the admin console keeps antd's 32 px. Text contrast ≥ 4.5:1: links and
 * info tags take the primary blue (6.4:1 on white; antd's own #1677ff is 4.1:1), secondary text and
 * errors READABLE_TOKENS.
 */
const PRIMARY = '#1658c9';
const CANDIDATE_THEME = {
  token: {
    colorPrimary: PRIMARY,
    colorLink: PRIMARY,
    colorInfo: PRIMARY,
    ...READABLE_TOKENS,
    borderRadius: 6,
    controlHeight: 44,
  },
};

function Root() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  dayjs.locale(en ? 'en' : 'zh-cn');
  useEffect(() => {
    document.documentElement.lang = en ? 'en' : 'zh-CN';
  }, [en]);
  return (
    <ConfigProvider locale={en ? enUS : zhCN} theme={CANDIDATE_THEME} button={{ autoInsertSpace: false }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);

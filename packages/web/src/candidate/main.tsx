import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/reset.css';
import { RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import { registerStrings } from '../i18n';
import { CANDIDATE_STRINGS } from './strings';
import { handlers } from '../api/request';
import { toast } from '../components/toast';
import { endSessionLocally } from './session';
import { LOGIN_PATH, router } from './router';
import { applyThemeColors } from './theme-colors';
import { keepRequiredOnControls } from '../components/required-on-input';

/** The strings of the shell and of every area this side shows, registered explicitly. */
registerStrings(...CANDIDATE_STRINGS);
// The plain pages' CSS (open.css) reads the theme's colours from these variables.
applyThemeColors();
// aria-required only where a role allows it, whatever antd's selects copy to their outer box.
keepRequiredOnControls();

/**
 * The candidate site (/web): plain antd for phones, its own entry and chunks (DESIGN "Layout"); antd's
 * providers wrap the pages that use antd (antd-shell.tsx), not the login page.
 * Spec §8: a 401 on a candidate call clears the token and goes to /web/login; a 403 shows its reason.
 */
handlers.unauthorized.candidate = (error) => {
  const onLogin = window.location.pathname === LOGIN_PATH;
  endSessionLocally();
  if (!onLogin) {
    toast('warning', error.message, 'unauthorized');
    void router.navigate(LOGIN_PATH, { replace: true });
  }
};
handlers.forbidden = (error) => {
  toast('error', error.message, 'forbidden');
};

function Root() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  useEffect(() => {
    document.documentElement.lang = en ? 'en' : 'zh-CN';
  }, [en]);
  return <RouterProvider router={router} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);

import { useEffect, useRef, type RefObject } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The candidate login page (candidate/router.tsx LOGIN_PATH, not imported: it pulls in every page). */
const LOGIN_PATH = '/web/login';

/**
 * Asks before leaving a form with unsubmitted changes, so no typed work is lost: closing or reloading
 * the tab gets the browser's own question (beforeunload), a link, the menu or Back inside the site gets
 * 离开后未提交的内容将丢失，确定离开？ (react-router's useBlocker; the candidate site has a data router).
 * `dirty` is a ref so a successful submit can clear it right before navigating on.
 * `beforeLeave` runs before the page unloads (flushes a pending draft save).
 */
export function useLeaveGuard(dirty: RefObject<boolean>, beforeLeave?: () => void): void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current === true &&
      currentLocation.pathname !== nextLocation.pathname &&
      // Logging out (or a 401) has already ended the session: asking would strand a logged-out form.
      nextLocation.pathname !== LOGIN_PATH,
  );

  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('common.systemTip'),
      content: t('web.leave.confirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal, t]);

  const flush = useRef(beforeLeave);
  useEffect(() => {
    flush.current = beforeLeave;
  }, [beforeLeave]);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      flush.current?.();
      if (!dirty.current) return;
      event.preventDefault();
      event.returnValue = ''; // older browsers need it to show their question
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

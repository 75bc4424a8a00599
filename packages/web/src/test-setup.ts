import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { registerStrings } from './i18n';
import { ADMIN_STRINGS } from './admin/strings';
import { CANDIDATE_STRINGS } from './candidate/strings';

// jsdom lacks what antd's responsive parts ask for.
if (!window.matchMedia)
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
if (!('ResizeObserver' in window))
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    value: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });

// A toast loads antd's message and the React 19 patch at its first use (components/toast.ts). A
// call that fails as a test ends would start those imports then and have them land after the test's
// environment is gone, an unhandled error that fails the run: every test file has them loaded first.
await Promise.all([import('@ant-design/v5-patch-for-react-19'), import('antd/es/message')]);

// The strings both sides register in their main.tsx.
registerStrings(...ADMIN_STRINGS, ...CANDIDATE_STRINGS);

// Every test ends with its screen unmounted (so that nothing renders after the test's window is gone)
// and an empty body (antd's portals: modals, dropdowns, messages).
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

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

// The strings both sides register in their main.tsx.
registerStrings(...ADMIN_STRINGS, ...CANDIDATE_STRINGS);

// Every test ends with its screen unmounted (so that nothing renders after the test's window is gone)
// and an empty body (antd's portals: modals, dropdowns, messages).
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

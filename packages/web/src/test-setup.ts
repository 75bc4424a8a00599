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

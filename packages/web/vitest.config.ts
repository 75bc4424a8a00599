import { defineProject } from 'vitest/config';

// Unit tests of the web (form <-> payload mappers, timeline helpers, query cleaning, field errors,
// small components) in jsdom. The browser tests are a separate config (e2e/vitest.config.ts).
export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['./src/test-setup.ts'],
  },
});

import { defineConfig } from 'vitest/config';

/** End-to-end flows in headless Chromium against a real server on a real PostgreSQL (DESIGN "Tests"). */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});

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
    // A page waited for as a person waits: on a loaded 2-core machine a first visit to a route (its
    // chunk, its first query) can take more than expect.poll's default second.
    expect: { poll: { timeout: 10_000 } },
  },
});

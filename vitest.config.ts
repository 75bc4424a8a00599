import { defineConfig } from 'vitest/config';

// Two cores on the CI machine: parallel, but modest.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/server', 'packages/web'],
    pool: 'forks',
    maxWorkers: 2,
  },
});

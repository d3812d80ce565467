import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // CLI end-to-end tests spawn real processes; two cores, so keep the pool small.
    maxWorkers: 2,
  },
});

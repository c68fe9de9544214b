import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'packages/**/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'packages/chains/src/**/*.test.tsx',
      'scripts/**/*.test.ts',
    ],
    testTimeout: 30000,
    // Two: vitest's default on 2 cores is one worker, and the suite is CPU-bound (PGlite, litesvm,
    // anvil): measured on this 2-core machine, 575 s wall for 942 s of CPU with two.
    maxWorkers: 2,
  },
})

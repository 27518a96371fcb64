import { defineConfig } from 'vitest/config'

// CI asks for a JSON report beside the console output, to check that every suite ran (.ci/run).
const report = process.env.GRID_TEST_REPORT
const postgresUrl = process.env.TEST_DATABASE_URL

const api = (name: string, db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    env: { GRID_TEST_DB: db },
    globalSetup: ['tests/support/database-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  test: {
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    reporters: report ? ['default', ['json', { outputFile: report }]] : ['default'],
    projects: [
      // The simulator's many-games checks take seconds of CPU; on 2 busy cores the 5 s default is too tight.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], testTimeout: 30_000 } },
      api('api-pglite', 'pglite'),
      // The API suite runs again on a real PostgreSQL when one is given (.ci/run always gives one).
      ...(postgresUrl ? [api('api-postgres', 'postgres')] : []),
      // Real Chromium on the built app (npm test builds it first); one browser at a time on 2 cores.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          env: { GRID_TEST_DB: 'pglite' },
          globalSetup: ['tests/support/database-template.ts'],
          // Added to the root's: a page error or an error-level server log fails the test.
          setupFiles: ['tests/e2e/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['src/domain/**/*.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95 },
    },
  },
})

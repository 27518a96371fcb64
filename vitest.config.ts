import { defineConfig } from 'vitest/config'

// CI asks for a JSON report beside the console output, to check that every suite ran (.ci/run).
const report = process.env.GRID_TEST_REPORT
const postgresUrl = process.env.TEST_DATABASE_URL

/**
 * Every API file runs on PGlite; the engine-sensitive ones, named `*.db.test.ts` (SQL aggregates, cursors,
 * COPY and backups, notifications, locks, crashes, races, migrations), run again on PostgreSQL. The others
 * test the HTTP layer through the same Drizzle code, so a second engine would tell nothing new.
 */
const api = (name: string, db: 'pglite' | 'postgres', include: string) => ({
  extends: true as const,
  test: {
    name,
    include: [include],
    env: { GRID_TEST_DB: db },
    globalSetup: ['tests/support/database-template.ts', 'tests/support/built-server.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which runs every file
    // in turn. A browser file spends most of its time waiting (Chromium, the app's timers), an API file
    // little: alone, the browser files kept 2 cores 40% busy and the API files 96%. Four files at a time
    // fill the browser files' waits; .ci/run took 671 s of vitest with three here, 626 s with four.
    maxWorkers: 4,
    // A worker keeps its imported modules from one file to the next: re-importing the server, Drizzle and
    // zod for each file was a fifth of an API file's time. Every file still builds its own app on its own
    // database, and nothing in src keeps state at module level but caches of pure answers.
    isolate: false,
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    reporters: report ? ['default', ['json', { outputFile: report }]] : ['default'],
    projects: [
      // The simulator's many-games checks take seconds of CPU; on 2 busy cores the 5 s default is too tight.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], testTimeout: 30_000 } },
      api('api-pglite', 'pglite', 'tests/api/**/*.test.ts'),
      // The engine-sensitive files run again on a real PostgreSQL when one is given (.ci/run always gives one).
      ...(postgresUrl ? [api('api-postgres', 'postgres', 'tests/api/**/*.db.test.ts')] : []),
      // Real Chromium on the built app (npm test builds it first). Its files share the one browser and the
      // pool of the other projects: Vitest runs a project limited to one file at a time after all the others,
      // alone, which left a core idle for the last third of the run.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          env: { GRID_TEST_DB: 'pglite' },
          globalSetup: ['tests/support/database-template.ts', 'tests/e2e/support/browser-server.ts'],
          // Added to the root's: a page error or an error-level server log fails the test.
          setupFiles: ['tests/e2e/setup.ts'],
          // Hang guards, not speed limits (speed is npm run bench's): a journey of 30 s alone took 55 s beside
          // the other projects on a machine half as fast, and a page's answer to a click more than the poll's
          // default 1 s, so both failed there by chance.
          testTimeout: 120_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
    // Only src/domain is measured, and only the unit tests run it: the provider measures that project alone.
    coverage: {
      provider: 'custom',
      customProviderModule: './tests/support/unit-coverage.ts',
      include: ['src/domain/**/*.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95 },
    },
  },
})

import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'

/**
 * Vitest's global setup for the API projects: bundles the server into dist/server/main.js, which the
 * process tests spawn (tests/api/support/server-process.ts). `npm test` has built it already; bundling
 * again takes about a second and means a run on its own (`npm run test:api`, one file through
 * `npx vitest`) never spawns a server older than the source.
 */
export default function setup() {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: resolve(import.meta.dirname, '../..'),
    stdio: 'inherit',
  })
}

import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's one Chromium listens: each browser test file connects to it (e2e-app.ts). */
    browserEndpoint: string
  }
}

/**
 * Vitest's global setup for the browser tests: one Chromium for the whole run, as starting one per file
 * took seconds each. Files connect to it and open a fresh context per test, so no cookie, storage or page
 * passes from one test to the next. Debian's Chromium, headless, with the flags this closed network needs
 * (no background connections).
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  project.provide('browserEndpoint', server.wsEndpoint())
  return () => server.close()
}

import { existsSync, mkdirSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { Writable } from 'node:stream'
import { type Browser, type BrowserContext, chromium, type Download, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { DEFAULT_RATE_LIMITS } from '../../../src/domain/limits'
import type { BuildOptions } from '../../../src/server/app'
import { buildTestApp, type ConfigOverrides, freshDatabase, testConfig } from '../../api/support/test-app'
import { reportProblem, trackContext } from './problems'

/** The built web app (npm test builds it before the suites run). */
const WEB_ROOT = resolve(import.meta.dirname, '../../../dist/web')
/** Screenshots land here; CI keeps the folder as the run's artifacts. */
export const ARTIFACTS = resolve(import.meta.dirname, '../../../test-artifacts')

/** PINO's level number for error: such a line in the server's log fails the running test. */
const ERROR = 50

/** The server's error-level log lines, reported as problems of the running test (problems.ts). */
function errorLog(): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { level: number; msg?: string; err?: { message?: string } }
        if (entry.level >= ERROR) reportProblem(`server log: ${entry.msg ?? ''} ${entry.err?.message ?? ''}`)
      }
      done()
    },
  })
}

/**
 * The whole app on a loopback port, as `npm start` serves it, on a fresh database with the simulator. The
 * clock is the test's: `advance` moves it and syncs, so a live game's score changes when the test says.
 * Every test signs up its own account from this one address, so sign-ups are not limited here.
 */
export async function startE2eApp(
  start = new Date('2026-11-23T20:30:00Z'),
  overrides: ConfigOverrides = {},
  options: BuildOptions = {},
) {
  if (!existsSync(resolve(WEB_ROOT, 'index.html')))
    throw new Error('dist/web is missing: run `npm run build`')
  let now = start.getTime()
  const database = await freshDatabase()
  const app = await buildTestApp(
    database,
    testConfig(database, {
      http: { webRoot: WEB_ROOT },
      feed: { source: 'simulated' },
      server: { logLevel: 'error' },
      ...overrides,
    }),
    {
      clock: () => new Date(now),
      logStream: errorLog(),
      policies: {
        rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerIp: { limit: 1_000, windowSeconds: 3_600 } },
      },
      ...options,
    },
  )
  await app.listen({ port: 0, host: '127.0.0.1' })
  await app.syncNow()
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  return {
    app,
    url,
    /** Sets the clock without a sync (bets placed on another day). */
    setNow(instant: Date) {
      now = instant.getTime()
    },
    async advance(ms: number) {
      now += ms
      await app.syncNow()
    },
    async close() {
      await app.close()
      await database.drop()
    },
  }
}

/**
 * The run's Chromium (browser-server.ts launched it once). Closing what this answers disconnects and
 * closes the contexts it opened, leaving the browser to the other files.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'))
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  width = 1280,
): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: width < 500 ? 800 : 900 } })
  trackContext(context)
  const page = await context.newPage()
  page.on('pageerror', (error) => reportProblem(`pageerror on ${page.url()}: ${error.message}`))
  // A hang guard like the tests' own (vitest.config.ts): a slip opened for an edit took over 10 s to show
  // beside the other projects on a machine half as fast.
  page.setDefaultTimeout(20_000)
  return [context, page]
}

/** A download's bytes. The browser runs apart (browser-server.ts), so the file is read as a stream, not a path. */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** A named scenario's screenshot: what the viewport shows, as a reviewer would see the screen. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true })
  await page.screenshot({ path: resolve(ARTIFACTS, `${name}.png`) })
}

export type E2eApp = Awaited<ReturnType<typeof startE2eApp>>

/**
 * A browser test file's app, and its connection to the run's Chromium: opened before its tests, closed
 * after them. `page` opens a new context on the app (a fresh cookie jar: each test signs up its own
 * account).
 */
export function e2eSuite() {
  let app: E2eApp | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    app = await startE2eApp()
    browser = await connectBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await app?.close()
  })
  const started = () => {
    if (!app || !browser) throw new Error('the e2e suite has not started')
    return { app, browser }
  }
  return {
    get server(): E2eApp {
      return started().app
    },
    page(width?: number) {
      const { app: server, browser: chromium } = started()
      return newPage(chromium, server.url, width)
    },
  }
}

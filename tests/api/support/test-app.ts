import { openAsBlob } from 'node:fs'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { inject } from 'vitest'
import type { PublicUser } from '../../../src/contract/users'
import { type BuildOptions, buildApp } from '../../../src/server/app'
import type { PasswordCost } from '../../../src/server/auth/crypto'
import { type Config, loadConfig } from '../../../src/server/config'
import { type Database, openDatabase } from '../../../src/server/db/client'
import { publicUser } from '../../../src/server/users/user-view'
import { scratchDatabase } from '../../support/scratch-database'

/**
 * Each API test file gets a fresh, migrated database: an in-memory PGlite, or (GRID_TEST_DB=postgres) a
 * new database on TEST_DATABASE_URL, dropped afterwards. The project in vitest.config.ts picks which.
 * Either is a copy of the database the run migrated once (tests/support/database-template.ts).
 */
export const onPostgres = process.env.GRID_TEST_DB === 'postgres'

export interface TestDatabase {
  url: string | null
  /** The migrated PGlite data directory an in-memory database starts from; null on PostgreSQL. */
  pgliteTemplate: Blob | null
  drop(): Promise<void>
}

/** `migrated: false` gives an empty database instead, for a test of the migrations themselves. */
export async function freshDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true
  if (!onPostgres) {
    return { url: null, pgliteTemplate: migrated ? await pgliteTemplate() : null, drop: async () => {} }
  }
  const base = process.env.TEST_DATABASE_URL
  if (!base) throw new Error('GRID_TEST_DB=postgres needs TEST_DATABASE_URL')
  if (!migrated) return { ...(await scratchDatabase(base, 'grid_test')), pgliteTemplate: null }
  const template = inject('postgresTemplate')
  if (!template) throw new Error('No template database: is tests/support/database-template.ts a globalSetup?')
  return { ...(await scratchDatabase(base, 'grid_test', template)), pgliteTemplate: null }
}

let template: Promise<Blob> | undefined

function pgliteTemplate(): Promise<Blob> {
  const file = inject('pgliteTemplate')
  if (!file) throw new Error('No PGlite template: is tests/support/database-template.ts a globalSetup?')
  template ??= openAsBlob(file)
  return template
}

/**
 * Several instances on one database: on PostgreSQL each app opens its own pool on `database.url` (this
 * answers undefined); PGlite is owned by one process, so its instances share the one open database this
 * answers (BuildOptions.database), which the caller closes.
 */
export async function sharedPglite(database: TestDatabase): Promise<Database | undefined> {
  if (onPostgres) return undefined
  return openDatabase(
    { databaseUrl: null, dataDir: 'memory://' },
    undefined,
    database.pgliteTemplate ?? undefined,
  )
}

/**
 * Argon2id at a fraction of the product's cost: the tests sign up and sign in thousands of times, and at
 * decision 014's cost that alone took a fifth of an account test's CPU. The product's cost has its own
 * test (tests/unit/passwords.test.ts); a verification reads the cost from the hash, so both check alike.
 */
export const TEST_PASSWORD_COST: PasswordCost = { memoryCost: 1_024, timeCost: 1 }

/** buildApp on the test's database: a PGlite one starts from the migrated template. */
export function buildTestApp(database: TestDatabase, config: Config, options: BuildOptions = {}) {
  return buildApp(config, {
    ...(database.pgliteTemplate ? { pgliteTemplate: database.pgliteTemplate } : {}),
    passwordCost: TEST_PASSWORD_COST,
    ...options,
  })
}

/** What a test changes of the config: per group, the settings it sets (a nullable group, llm, whole). */
export type ConfigOverrides = {
  [G in keyof Config]?: null extends Config[G] ? Config[G] : Partial<Config[G]>
}

export function testConfig(database: TestDatabase, overrides: ConfigOverrides = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    APP_URL: 'http://grid.test',
  })
  const config: Config = {
    ...base,
    database: { ...base.database, databaseUrl: database.url },
    http: { ...base.http, webRoot: null },
    // Tests sync on demand, from the simulator unless they point ESPN at a loopback replay.
    feed: { ...base.feed, source: 'simulated', syncSeconds: 0 },
    // Tests run the account job on demand (app.runAccountJob), after moving the clock.
    accounts: { ...base.accounts, accountJobSeconds: 0 },
  }
  return withOverrides(config, overrides)
}

/** The config with each group the overrides name changed in the settings they give. */
export function withOverrides(config: Config, overrides: ConfigOverrides): Config {
  const merged: Record<string, unknown> = { ...config }
  for (const [group, values] of Object.entries(overrides)) {
    const current = merged[group]
    merged[group] = values === null || current === null ? values : { ...(current as object), ...values }
  }
  return merged as Config
}

export interface TestApp {
  app: FastifyInstance
  close(): Promise<void>
}

export async function testApp(overrides: ConfigOverrides = {}, options: BuildOptions = {}): Promise<TestApp> {
  const database = await freshDatabase()
  const app = await buildTestApp(database, testConfig(database, overrides), options)
  return {
    app,
    async close() {
      await app.close()
      await database.drop()
    },
  }
}

/**
 * The app clock for a test: it stands still until the test moves it, so a fixed rate-limit window never
 * turns over half-way through a test, and a test can step past one on purpose.
 */
export function testClock(start = '2026-11-23T18:00:00Z') {
  let now = Date.parse(start)
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms
    },
  }
}

/**
 * After a test writes a user row or a session straight to the database: returns once the app has heard
 * the write's announcement, so that its session cache no longer holds the row as it was. PGlite
 * announces before the write's promise resolves; PostgreSQL soon after the commit.
 */
export function catchUp(app: FastifyInstance): Promise<void> {
  return app.sessionCache.catchUp()
}

/** A browser stand-in: keeps cookies between requests, like the web app's `credentials: 'include'`. */
export class Client {
  readonly cookies = new Map<string, string>()
  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
  ) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const response = await this.app.inject({
      remoteAddress: this.ip,
      ...options,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    })
    for (const c of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === ''
      if (expired) this.cookies.delete(c.name)
      else this.cookies.set(c.name, c.value)
    }
    return response
  }

  get(url: string) {
    return this.request({ method: 'GET', url })
  }

  post(url: string, payload?: unknown) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] })
  }

  patch(url: string, payload?: unknown) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] })
  }

  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] })
  }

  delete(url: string, payload?: unknown) {
    return this.request({ method: 'DELETE', url, payload: payload as InjectOptions['payload'] })
  }
}

let counter = 0

/** Unique, valid sign-up data (Epic Stack style builders). */
export function newAccount(overrides: Record<string, unknown> = {}) {
  counter++
  const tag = `${Date.now().toString(36)}${counter}`
  return {
    username: `user${tag}`,
    email: `user${tag}@example.com`,
    password: 'correct-horse',
    acceptTerms: true,
    ...overrides,
  }
}

/** Registers and signs in; returns the signed-in client, the account and the user as login sent it. */
export async function signedIn(app: FastifyInstance, overrides: Record<string, unknown> = {}, ip?: string) {
  const client = new Client(app, ip)
  const account = newAccount(overrides)
  const registered = await client.post('/api/auth/register', account)
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`)
  const login = await client.post('/api/auth/login', {
    username: account.username,
    password: account.password,
  })
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`)
  return { client, account, user: login.json().user as PublicUser }
}

/**
 * The account a sign-up made, as the API would show it. Decision 022: the sign-up answer itself says nothing about
 * the account, the same for a new address as for a registered one.
 */
export async function registeredUser(app: FastifyInstance, username: string): Promise<PublicUser> {
  const row = await app.repos.users.byUsername(username)
  if (!row) throw new Error(`no account named ${username}`)
  return publicUser(row)
}

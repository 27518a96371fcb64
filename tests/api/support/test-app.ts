import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import type { PublicUser } from '../../../src/contract/users'
import { buildApp } from '../../../src/server/app'
import { type Config, loadConfig } from '../../../src/server/config'
import { publicUser } from '../../../src/server/users/user-view'
import { scratchDatabase } from '../../support/scratch-database'

/**
 * Each API test file gets a fresh, migrated database: an in-memory PGlite, or (GRID_TEST_DB=postgres) a
 * new database on TEST_DATABASE_URL, dropped afterwards. The project in vitest.config.ts picks which.
 */
export const onPostgres = process.env.GRID_TEST_DB === 'postgres'

export interface TestDatabase {
  url: string | null
  drop(): Promise<void>
}

export async function freshDatabase(): Promise<TestDatabase> {
  if (!onPostgres) return { url: null, drop: async () => {} }
  const base = process.env.TEST_DATABASE_URL
  if (!base) throw new Error('GRID_TEST_DB=postgres needs TEST_DATABASE_URL')
  return scratchDatabase(base, 'grid_test')
}

export function testConfig(database: TestDatabase, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      APP_URL: 'http://grid.test',
    }),
    databaseUrl: database.url,
    webRoot: null,
    // Tests sync on demand, from the simulator unless they point ESPN at a loopback replay.
    sportsFeed: 'simulated',
    feedSyncSeconds: 0,
    ...overrides,
  }
}

export interface TestApp {
  app: FastifyInstance
  close(): Promise<void>
}

export async function testApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await freshDatabase()
  const app = await buildApp(testConfig(database, overrides))
  return {
    app,
    async close() {
      await app.close()
      await database.drop()
    },
  }
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

  delete(url: string, payload?: unknown) {
    return this.request({ method: 'DELETE', url, payload: payload as InjectOptions['payload'] })
  }
}

let counter = 0

/** Unique, valid sign-up data (Epic Stack style builders). */
export function newAccount(overrides: Record<string, unknown> = {}) {
  counter++
  const tag = `${Date.now().toString(36)}${counter}`
  return { username: `user${tag}`, email: `user${tag}@example.com`, password: 'correct-horse', ...overrides }
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
 * The account a sign-up made, as the API would show it. D22: the sign-up answer itself says nothing about
 * the account, the same for a new address as for a registered one.
 */
export async function registeredUser(app: FastifyInstance, username: string): Promise<PublicUser> {
  const row = await app.repos.users.byUsername(username)
  if (!row) throw new Error(`no account named ${username}`)
  return publicUser(row)
}

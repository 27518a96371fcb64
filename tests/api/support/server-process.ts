import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { openDatabase } from '../../../src/server/db/client'
import { freshDatabase, type TestDatabase } from './test-app'

const ROOT = resolve(import.meta.dirname, '../../..')
/** The server as `npm start` runs it, bundled by the API projects' global setup (tests/support/built-server.ts). */
const BUILT_SERVER = join(ROOT, 'dist/server/main.js')
/** A start takes a few seconds on a busy machine, and many times that in the worst case. */
const START_WITHIN_MS = 90_000
/** For tests that start the server once or twice: each start can take that long. */
export const PROCESS_TEST_MS = 180_000

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface ServerProcess {
  url: string
  pid: number
  /** Everything the process has written so far, stdout and stderr. */
  output(): string
  /** The JSON log lines so far. */
  logLines(): Record<string, unknown>[]
  kill(signal: NodeJS.Signals): void
  exited: Promise<Exit>
  /** The exit, or null if the process still runs after `ms`. */
  exitedWithin(ms: number): Promise<Exit | null>
  /** From now on stdout is not read: a log reader that has stalled, as when nobody drains a pipe. */
  stopReadingOutput(): void
}

/** Where a spawned server keeps its data: a PGlite directory, or a scratch PostgreSQL database (and a
 * directory for the test's own files). */
export interface ServerData {
  env: Record<string, string>
  dataDir: string
  drop(): Promise<void>
}

/**
 * Data for the project's database: a scratch database on PostgreSQL, or a temporary DATA_DIR on PGlite,
 * both copies of the run's migrated template, so a server's first start neither runs initdb nor migrates.
 */
export async function serverData(): Promise<ServerData> {
  const dataDir = mkdtempSync(join(tmpdir(), 'grid-server-'))
  const database: TestDatabase = await freshDatabase()
  if (database.pgliteTemplate) {
    const seeded = await openDatabase({ databaseUrl: null, dataDir }, undefined, database.pgliteTemplate)
    await seeded.close()
  }
  return {
    env: database.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir },
    dataDir,
    async drop() {
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The environment a spawned server or command gets: the test's own settings and nothing inherited. */
export function processEnv(data: ServerData, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    SPORTS_FEED: 'simulated',
    FEED_SYNC_SECONDS: '0',
    LOG_LEVEL: 'info',
    WEB_ROOT: join(data.dataDir, 'no-web'),
    ...data.env,
    ...extra,
  }
}

const running = new Set<ChildProcess>()

/** Kills (SIGKILL) every server a test started and left running, so that a failed test leaves none. */
export function killLeftovers(): void {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
}

/** The real server, `node dist/server/main.js`, on a free port; resolves once it is ready. */
export async function startServer(
  data: ServerData,
  extra: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [BUILT_SERVER], {
    cwd: ROOT,
    env: processEnv(data, extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const onData = (chunk: Buffer) => {
    output += chunk.toString()
  }
  child.stdout?.on('data', onData)
  child.stderr?.on('data', onData)
  running.add(child)
  const exited = new Promise<Exit>((done) =>
    child.once('exit', (code, signal) => {
      running.delete(child)
      done({ code, signal })
    }),
  )
  const url = await readyAddress(child, () => output, exited)
  return {
    url,
    pid: child.pid as number,
    output: () => output,
    logLines: () => jsonLines(output),
    kill: (signal) => child.kill(signal),
    exited,
    async exitedWithin(ms) {
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<null>((done) => {
        timer = setTimeout(() => done(null), ms)
      })
      const result = await Promise.race([exited, late])
      clearTimeout(timer)
      return result
    },
    stopReadingOutput() {
      child.stdout?.off('data', onData)
      child.stdout?.pause()
    },
  }
}

/** `npm run <command> -- <args>` (backup, restore) with the test's environment. */
export async function runCommand(
  command: 'backup' | 'restore',
  args: string[],
  data: ServerData,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/server/cli/${command}.ts`, ...args], {
    cwd: ROOT,
    env: processEnv(data),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  const code = await new Promise<number | null>((done) => child.once('exit', done))
  return { code, stdout, stderr }
}

async function readyAddress(
  child: ChildProcess,
  output: () => string,
  exited: Promise<Exit>,
): Promise<string> {
  const deadline = Date.now() + START_WITHIN_MS
  let stopped: Exit | null = null
  void exited.then((exit) => {
    stopped = exit
  })
  for (;;) {
    const ready = jsonLines(output()).find((line) => typeof line.address === 'string')
    if (ready) return ready.address as string
    if (stopped || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the server did not start:\n${output()}`)
    }
    await new Promise((wake) => setTimeout(wake, 100))
  }
}

export function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>]
      } catch {
        return []
      }
    })
}

/** A signed-in user over real HTTP, cookies kept between requests. */
export class HttpUser {
  private cookie = ''
  constructor(
    private readonly base: string,
    readonly name: string,
  ) {}

  async request(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
    const response = await fetch(this.base + path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), cookie: this.cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    })
    const set = response.headers.getSetCookie()
    if (set.length > 0) this.cookie = set.map((c) => c.split(';')[0]).join('; ')
    return response
  }

  /** Registers and logs in (development mode: no e-mail needed). */
  static async signUp(base: string, name = `user${Date.now().toString(36)}`): Promise<HttpUser> {
    const user = new HttpUser(base, name)
    const account = {
      username: name,
      email: `${name}@example.com`,
      password: 'correct-horse',
      acceptTerms: true,
    }
    const registered = await user.request('POST', '/api/auth/register', account)
    if (registered.status !== 201)
      throw new Error(`register: ${registered.status} ${await registered.text()}`)
    const login = await user.request('POST', '/api/auth/login', {
      username: name,
      password: account.password,
    })
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`)
    return user
  }

  /** Logs in again on another server process with the same data. */
  static async logIn(base: string, name: string): Promise<HttpUser> {
    const user = new HttpUser(base, name)
    const login = await user.request('POST', '/api/auth/login', { username: name, password: 'correct-horse' })
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`)
    return user
  }

  /** Syncs the simulator on demand and returns a game to bet on. */
  async aGame(): Promise<{ id: number; homeTeam: string }> {
    const sync = await this.request('POST', '/api/games/sync-espn')
    if (sync.status !== 200) throw new Error(`sync: ${sync.status} ${await sync.text()}`)
    const games = (await (await this.request('GET', '/api/games/live')).json()) as {
      id: number
      homeTeam: string
    }[]
    const game = games[0]
    if (!game) throw new Error('the simulator gave no game')
    return game
  }

  placeBet(game: { id: number; homeTeam: string }, amount: number): Promise<Response> {
    return this.request('POST', '/api/bets', {
      gameId: game.id,
      betType: 'moneyline',
      selection: game.homeTeam,
      odds: -110,
      amount,
    })
  }
}

/** Polls `check` every 5 ms until it holds; throws naming `what` when it has not within `timeoutMs`. */
export async function eventually(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`)
    await new Promise((wake) => setTimeout(wake, 5))
  }
}

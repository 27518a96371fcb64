import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '../../..')

/** One line of the server's pino log. */
export type LogLine = Record<string, unknown> & { msg?: string; time?: number }

export interface ServerProcess {
  child: ChildProcess
  logs: LogLine[]
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>
}

/**
 * Grid as a real server process (one process, no build: `node --import tsx src/server/main.ts`), with
 * development defaults set explicitly and the caller's settings on top. Its log lines are kept, parsed.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_LEVEL: 'info',
      WEB_ROOT: resolve(ROOT, 'no-web-root'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: LogLine[] = []
  let pending = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) logs.push(parseLine(line))
  })
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => logs.push({ msg: chunk, stderr: true }))
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  return { child, logs, exited }
}

function parseLine(line: string): LogLine {
  try {
    return JSON.parse(line) as LogLine
  } catch {
    return { msg: line }
  }
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((done) => server.close(() => done()))
  return port
}

/**
 * A loopback ESPN that answers every scoreboard after `delayMs`, so a sync holds its lock for a while: it
 * records when each request arrived and how many are still unanswered.
 */
export class SlowEspn {
  readonly arrivals: number[] = []
  pending = 0
  url = ''
  private server: Server | null = null

  constructor(
    private readonly delayMs: number,
    private readonly scoreboard: (league: string) => string,
  ) {}

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      this.arrivals.push(Date.now())
      this.pending++
      const league = /\/([^/]+)\/scoreboard(?:\?|$)/.exec(request.url ?? '')?.[1] ?? ''
      setTimeout(() => {
        this.pending--
        response.writeHead(200, { 'content-type': 'application/json' }).end(this.scoreboard(league))
      }, this.delayMs)
    })
    this.server = server
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/apis/site/v2/sports`
    return this
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections()
    await new Promise<void>((done) => this.server?.close(() => done()))
  }
}

/** Polls `check` until it holds; throws with `what` when it has not within `timeoutMs`. */
export async function eventually(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`)
    await new Promise((done) => setTimeout(done, 5))
  }
}

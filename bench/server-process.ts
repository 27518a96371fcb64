import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '..')

export interface ServerProcess {
  url: string
  pid: number
  /** Sends `message` over IPC and resolves to the child's answer (a message with the same `id`). */
  ask<T>(message: object, timeoutMs?: number): Promise<T>
  stop(): Promise<void>
}

export interface ChildOptions {
  /** A file of bench/, run with tsx. */
  script: string
  env?: Record<string, string>
  /** Node flags before the script, e.g. --expose-gc. */
  nodeArgs?: string[]
  /**
   * Open files the child needs (sockets count): a lower soft limit is raised to this, or to the hard
   * limit when that is lower (a container without CAP_SYS_RESOURCE cannot raise the hard one). The bench's own
   * process keeps its limit, and so do the tests.
   */
  openFiles?: number
}

/** A bench child process over IPC, its stdout on the bench's stderr so that stdout carries figures only. */
export function spawnChild(options: ChildOptions): ChildProcess {
  const node = [process.execPath, ...(options.nodeArgs ?? []), '--import', 'tsx', options.script]
  const command = options.openFiles
    ? // sh's ulimit is the portable way to raise a limit before exec: Node has no setrlimit.
      [
        '/bin/sh',
        [
          '-c',
          `[ "$(ulimit -n)" -ge ${options.openFiles} ] || ulimit -n ${options.openFiles} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$@"`,
          'sh',
          ...node,
        ],
      ]
    : [node[0], node.slice(1)]
  const child = spawn(command[0] as string, command[1] as string[], {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    serialization: 'advanced',
  })
  child.stdout?.pipe(process.stderr)
  return child
}

let nextId = 1

/** One request over IPC: the child answers with a message carrying the same `id`. */
export function ask<T>(child: ChildProcess, message: object, timeoutMs = 120_000): Promise<T> {
  const id = nextId++
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup()
      reject(new Error(`No answer to ${JSON.stringify(message).slice(0, 80)} within ${timeoutMs} ms`))
    }, timeoutMs)
    const onMessage = (answer: { id?: number; error?: string }) => {
      if (answer.id !== id) return
      cleanup()
      if (answer.error) reject(new Error(answer.error))
      else resolve(answer as T)
    }
    const onExit = (code: number | null, signal: string | null) => {
      cleanup()
      reject(new Error(`The child exited (${code ?? signal}) before answering`))
    }
    const cleanup = () => {
      clearTimeout(timer)
      child.off('message', onMessage)
      child.off('exit', onExit)
    }
    child.on('message', onMessage)
    child.once('exit', onExit)
    child.send({ ...message, id })
  })
}

/** Ends the child: SIGTERM, then SIGKILL after 10 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

/**
 * A bench server (main.ts's app on a free loopback port, which it reports over IPC as `{address}`) in a
 * child process, once GET /api/health answers. The environment is the bench's, configured like a
 * development server without SMTP, fixed clock or background feed sync; `env` overrides it.
 */
export async function startServer(
  target: { databaseUrl: string | null; dataDir: string },
  options: Partial<ChildOptions> = {},
): Promise<ServerProcess> {
  const child = spawnChild({
    script: 'bench/http-server.ts',
    ...options,
    env: {
      // Empty values count as unset: no SMTP (production would demand it), no fixed clock.
      NODE_ENV: 'development',
      SMTP_URL: '',
      APP_NOW: '',
      DATABASE_URL: target.databaseUrl ?? '',
      DATA_DIR: target.dataDir,
      LOG_LEVEL: 'warn',
      SPORTS_FEED: 'simulated',
      FEED_SYNC_SECONDS: '0',
      ...options.env,
    },
  })
  const stop = () => stopChild(child)
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('The server did not listen within 60 s')), 60_000)
      const onMessage = (message: { address?: string }) => {
        if (!message.address) return
        clearTimeout(timer)
        child.off('message', onMessage)
        resolve(message.address)
      }
      child.on('message', onMessage)
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new Error(`The server exited (${code ?? signal}) before listening`))
      })
    })
    const health = await fetch(`${url}/api/health`)
    if (health.status !== 200) throw new Error(`GET /api/health answered ${health.status}`)
    const pid = child.pid
    if (pid === undefined) throw new Error('The server process has no pid')
    return { url, pid, ask: (message, timeoutMs) => ask(child, message, timeoutMs), stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** The process's resident set size in kB, from /proc (Linux). */
export function rssKb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (!match?.[1]) throw new Error(`No VmRSS for process ${pid}`)
  return Number(match[1])
}

/** The process's soft limit on open files (sockets count), from /proc (Linux). */
export function openFilesLimit(pid: number): number {
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'))
  if (!match?.[1]) throw new Error(`No open-files limit for process ${pid}`)
  return match[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(match[1])
}

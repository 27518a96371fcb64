import type { ChildProcess } from 'node:child_process'
import { ask, openFilesLimit, spawnChild, stopChild } from './server-process'

interface Opened {
  open: number
  failed: number
  firstFailure: string
  ms: number
}

/**
 * The events bench's clients spread over `processes` child processes (bench/events-clients.ts), each
 * with its share of the tokens: one process reading 10,000 sockets at once would make its own event loop
 * the slowest part of what is measured, where the machine has cores to spare once the server has written.
 */
export class ClientPool {
  private constructor(private readonly children: ChildProcess[]) {}

  static async start(processes: number, openFiles: number): Promise<ClientPool> {
    const children: ChildProcess[] = []
    try {
      for (let i = 0; i < processes; i++)
        children.push(spawnChild({ script: 'bench/events-clients.ts', openFiles }))
      await Promise.all(children.map(ready))
      return new ClientPool(children)
    } catch (error) {
      await Promise.all(children.map(stopChild))
      throw error
    }
  }

  /** The lowest open-files limit of the processes. */
  openFilesLimit(): number {
    return Math.min(...this.children.map((child) => openFilesLimit(child.pid ?? 0)))
  }

  /** GET `url` once per token; how many answers were not 200, and the first of them. */
  async touch(url: string, cookieName: string, tokens: readonly string[], concurrency: number) {
    const answers = await this.each<{ refused: number; firstRefusal: string }>((share) => ({
      type: 'touch',
      url,
      cookieName,
      tokens: share(tokens),
      concurrency: Math.ceil(concurrency / this.children.length),
    }))
    return {
      refused: answers.reduce((sum, a) => sum + a.refused, 0),
      firstRefusal: answers.find((a) => a.firstRefusal)?.firstRefusal ?? '',
    }
  }

  /** One GET /api/events stream per token, replacing those open. */
  async open(
    url: string,
    cookieName: string,
    tokens: readonly string[],
    concurrency: number,
  ): Promise<Opened> {
    const answers = await this.each<Opened>((share) => ({
      type: 'open',
      url,
      cookieName,
      tokens: share(tokens),
      concurrency: Math.ceil(concurrency / this.children.length),
    }))
    return {
      open: answers.reduce((sum, a) => sum + a.open, 0),
      failed: answers.reduce((sum, a) => sum + a.failed, 0),
      firstFailure: answers.find((a) => a.firstFailure)?.firstFailure ?? '',
      ms: Math.max(...answers.map((a) => a.ms)),
    }
  }

  /** Streams in token order; `counts` (in the same order) says how many `kind` events each awaits. */
  async arm(kind: string, counts?: readonly number[]): Promise<void> {
    await this.each((share) => ({ type: 'arm', kind, ...(counts ? { counts: share(counts) } : {}) }))
  }

  /** Each stream's instant of its `kind` event since `arm` (NaN for none), and how many streams ended. */
  async collect(timeoutMs: number): Promise<{ times: number[]; ended: number; firstEnd: string }> {
    const answers = await this.each<{ times: Float64Array; ended: number; firstEnd: string }>(
      () => ({ type: 'collect', timeoutMs }),
      timeoutMs + 10_000,
    )
    return {
      times: answers.flatMap((a) => [...a.times]),
      ended: answers.reduce((sum, a) => sum + a.ended, 0),
      firstEnd: answers.find((a) => a.firstEnd)?.firstEnd ?? '',
    }
  }

  async close(): Promise<void> {
    await this.each(() => ({ type: 'close' }))
  }

  async stop(): Promise<void> {
    await Promise.all(this.children.map(stopChild))
  }

  /** Asks every process at once; `share` cuts a list into this process's contiguous part. */
  private each<T>(
    message: (share: <U>(all: readonly U[]) => U[]) => object,
    timeoutMs = 300_000,
  ): Promise<T[]> {
    const count = this.children.length
    return Promise.all(
      this.children.map((child, index) => {
        const share = <U>(all: readonly U[]) => {
          const size = Math.ceil(all.length / count)
          return all.slice(index * size, (index + 1) * size)
        }
        return ask<T>(child, message(share), timeoutMs)
      }),
    )
  }
}

/** A child announces `{ready: true}` once it listens for requests. */
function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The client process did not start within 60 s')), 60_000)
    child.on('message', function onReady(message: { ready?: boolean }) {
      if (!message.ready) return
      clearTimeout(timer)
      child.off('message', onReady)
      resolve()
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`The client process exited (${code ?? signal}) before starting`))
    })
  })
}

import { get } from 'node:http'
import { type EventStream, openEventStream, wallClock } from './event-stream'

/**
 * The events bench's clients (issue 17): a child process holding thousands of GET /api/events streams,
 * apart from the bench's own process so that its file limit can be raised (bench/server-process.ts) and
 * its event loop does nothing else. Over IPC the bench asks it to
 * - `touch`: GET `url` once per token, `concurrency` at a time; answers how many were not 200;
 * - `open`: open one stream per token, `concurrency` connecting at a time; answers how many opened;
 * - `arm`: forget the instants of earlier `kind` events; with `counts`, stream i waits for counts[i] of
 *   them (0: none is awaited), else for one;
 * - `collect`: wait until every open stream has had its `kind` events since `arm` (or `timeoutMs`), and
 *   answer each stream's instant of its last awaited one (NaN for none);
 * - `close`: close every stream.
 */
interface Request {
  id: number
  type: string
  url?: string
  cookieName?: string
  tokens?: string[]
  concurrency?: number
  kind?: string
  counts?: number[]
  timeoutMs?: number
}

let streams: (EventStream | undefined)[] = []
/** Streams that opened: `streams` has a hole where one failed. */
let openCount = 0
let received = new Float64Array(0)
let receivedCount = 0
/** Per stream: how many `watched` events it still awaits. */
let awaited = new Int32Array(0)
let watched = ''
let ended = 0
let firstEnd = ''
let closing = false
let onAll: (() => void) | null = null

process.on('message', (message: Request) => {
  void answer(message).then(
    (reply) => process.send?.({ id: message.id, ...reply }),
    (error: unknown) => process.send?.({ id: message.id, error: String(error) }),
  )
})

async function answer(message: Request): Promise<object> {
  switch (message.type) {
    case 'touch':
      return touch(
        message.url ?? '',
        message.cookieName ?? '',
        message.tokens ?? [],
        message.concurrency ?? 100,
      )
    case 'open':
      return open(
        message.url ?? '',
        message.cookieName ?? '',
        message.tokens ?? [],
        message.concurrency ?? 100,
      )
    case 'arm': {
      watched = message.kind ?? ''
      received = new Float64Array(streams.length).fill(Number.NaN)
      awaited = Int32Array.from(streams, (_, i) => message.counts?.[i] ?? 1)
      // A stream that awaits nothing, or that did not open, is done already.
      receivedCount = streams.filter((stream, i) => stream && awaited[i] === 0).length
      return {}
    }
    case 'collect':
      if (receivedCount < openCount) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, message.timeoutMs ?? 10_000)
          onAll = () => {
            clearTimeout(timer)
            resolve()
          }
        })
        onAll = null
      }
      return { times: received, ended, firstEnd }
    case 'close':
      closing = true
      for (const stream of streams) stream?.close()
      streams = []
      openCount = 0
      return {}
    default:
      throw new Error(`Unknown request ${message.type}`)
  }
}

async function open(url: string, cookieName: string, tokens: string[], concurrency: number) {
  const start = wallClock()
  const opened: (EventStream | undefined)[] = new Array(tokens.length)
  let failed = 0
  let firstFailure = ''
  let next = 0
  const worker = async () => {
    while (next < tokens.length) {
      const index = next++
      const onEvent = (kind: string, at: number) => {
        if (kind !== watched || (awaited[index] ?? 0) <= 0) return
        awaited[index] = (awaited[index] ?? 0) - 1
        if (awaited[index] === 0) {
          received[index] = at
          if (++receivedCount === openCount) onAll?.()
        }
      }
      const onEnd = (reason: string) => {
        if (closing) return
        ended++
        firstEnd ||= reason
      }
      try {
        opened[index] = await openEventStream(url, `${cookieName}=${tokens[index]}`, onEvent, onEnd)
      } catch (error) {
        failed++
        firstFailure ||= error instanceof Error ? error.message : String(error)
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  streams = opened
  openCount = tokens.length - failed
  received = new Float64Array(streams.length).fill(Number.NaN)
  awaited = new Int32Array(streams.length)
  return { open: tokens.length - failed, failed, firstFailure, ms: wallClock() - start }
}

process.send?.({ ready: true })

async function touch(url: string, cookieName: string, tokens: string[], concurrency: number) {
  let next = 0
  let refused = 0
  let firstRefusal = ''
  const worker = async () => {
    while (next < tokens.length) {
      const cookie = `${cookieName}=${tokens[next++]}`
      const status = await new Promise<string>((resolve) => {
        get(url, { agent: false, headers: { cookie } }, (res) => {
          res.resume()
          res.once('end', () => resolve(String(res.statusCode)))
        }).once('error', (error) => resolve(error.message))
      })
      if (status !== '200') {
        refused++
        firstRefusal ||= status
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { refused, firstRefusal }
}

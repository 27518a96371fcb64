import { request } from 'node:http'
import { performance } from 'node:perf_hooks'

/** Milliseconds since the epoch, sub-millisecond: comparable with the server process's instants. */
export const wallClock = () => performance.timeOrigin + performance.now()

export interface EventStream {
  close(): void
}

/**
 * Opens GET /api/events with `cookie` on a socket of its own (no keep-alive agent), resolving once the
 * answer's headers say 200 text/event-stream. `onEvent` gets each event's name (its `event:` line) and
 * the instant its line arrived. The parsing holds only the unfinished line of each connection: 10,000
 * of these share one process and the time to the last of them is what is measured.
 */
export function openEventStream(
  url: string,
  cookie: string,
  onEvent: (kind: string, at: number) => void,
  onEnd: (reason: string) => void,
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { cookie, accept: 'text/event-stream' } })
    req.once('error', (error) => {
      reject(error)
      onEnd(error.message)
    })
    req.once('response', (res) => {
      const type = res.headers['content-type'] ?? ''
      if (res.statusCode !== 200 || !type.startsWith('text/event-stream')) {
        res.resume()
        reject(new Error(`${res.statusCode} ${type}`))
        return
      }
      let partial = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        const at = wallClock()
        const text = partial + chunk
        const last = text.lastIndexOf('\n')
        partial = text.slice(last + 1)
        for (let from = 0; from <= last; ) {
          const to = text.indexOf('\n', from)
          if (text.startsWith('event:', from)) onEvent(text.slice(from + 6, to).trim(), at)
          from = to + 1
        }
      })
      res.once('end', () => onEnd('the server ended the stream'))
      res.once('error', (error) => onEnd(error.message))
      resolve({ close: () => req.destroy() })
    })
    req.end()
  })
}

import type { LiveEvent } from '../../contract/events'

/**
 * Server-sent events as the HTML standard frames them: `id`, `event` and one `data` line (JSON never holds
 * a raw newline), ended by a blank line. A frame is built once and written to every stream it goes to.
 */
export function sseFrame(id: string, event: LiveEvent): string {
  return `id: ${id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`
}

/** A comment line: traffic that keeps proxies and the server's idle timeout from cutting a quiet stream. */
export const HEARTBEAT = ':\n\n'

/** How long a browser waits before reconnecting a dropped stream (EventSource's `retry:`). */
export const RETRY_MS = 3_000

/** The first bytes of every stream. */
export const STREAM_START = `retry: ${RETRY_MS}\n\n`

export interface LogDestination {
  write(line: string): void
  /** Resolves when every line is written, or after `ms` (a reader that stays stalled). */
  drained(ms: number): Promise<void>
}

/** How much log output waits in memory for a slow reader before lines are dropped. */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024

/**
 * The server's log lines on stdout, written without ever blocking the event loop. pino's default
 * destination writes to the file descriptor synchronously and, on a full pipe, sleeps and retries in a
 * loop: a server whose log reader had stopped reading never ran another line of JavaScript, so it
 * answered no request and no signal (servers that had logged a few broken CSV exports never
 * stopped). Node's own stdout stream queues what a pipe cannot take yet; past MAX_QUEUED_BYTES lines are
 * dropped and counted, and the count is written once the reader catches up. (A terminal or a file is
 * written synchronously by Node, as before: neither fills up.)
 */
export function stdoutLog(
  out: NodeJS.WritableStream & { writableLength: number } = process.stdout,
): LogDestination {
  let dropped = 0
  let broken = false
  // The reader is gone (EPIPE): nothing more can be written, and the server goes on without its log.
  out.on('error', () => {
    broken = true
  })
  return {
    write(line) {
      if (broken) return
      if (out.writableLength > MAX_QUEUED_BYTES) {
        dropped++
        return
      }
      if (dropped > 0) {
        out.write(droppedLine(dropped))
        dropped = 0
      }
      out.write(line)
    },
    drained(ms) {
      if (broken || out.writableLength === 0) return Promise.resolve()
      return new Promise((resolve) => {
        // A reader stalled for that long loses the last lines rather than holding the exit.
        const timer = setTimeout(resolve, ms)
        out.write('', () => {
          clearTimeout(timer)
          resolve()
        })
      })
    },
  }
}

/** pino's line shape, so that log readers take it like any other warning. */
function droppedLine(count: number): string {
  const line = {
    level: 40,
    time: Date.now(),
    pid: process.pid,
    msg: `${count} log lines were dropped: stdout was not read`,
  }
  return `${JSON.stringify(line)}\n`
}

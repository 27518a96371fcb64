import type { FastifyBaseLogger } from 'fastify'

export type LineLogger = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>
type Level = 'debug' | 'info' | 'warn' | 'error'
/** A line not logged: a failed statement, which reaches the app as an error and is logged there. */
type Skipped = 'skip'

/** `2026-11-23 20:19:12.295 UTC [42] LOG:  database system was interrupted; ...` */
const SERVER_LINE = /^\S+ \S+ \S+ \[\d+\] ([A-Z]+\d?):\s+(.*)$/
const LEVELS: Record<string, Level | Skipped> = {
  LOG: 'info',
  WARNING: 'warn',
  // A statement's error: its DETAIL and STATEMENT lines quote the values bound to it (an e-mail address,
  // a password hash), which the app's own log of the error leaves out.
  ERROR: 'skip',
  FATAL: 'error',
  PANIC: 'error',
}
/** Lines that say more about the message before them, at its level. */
const CONTINUATIONS = new Set(['DETAIL', 'HINT', 'CONTEXT', 'STATEMENT'])

/**
 * PGlite's PostgreSQL writes its server log (start, crash recovery, shutdown) to stderr, which PGlite
 * swallows unless told otherwise. These hooks put each line into the server's log, so an operator sees
 * "database system was not properly shut down; automatic recovery in progress" after a crash. Failed
 * statements are left out, with the lines that say more about them: they reach the app as errors, which
 * it logs without their bound values. Stdout holds only the stand-alone backend's banner and prompt.
 */
export function pgliteLogHooks(log: LineLogger) {
  let last: Level | Skipped = 'info'
  return {
    onStderr(text: string) {
      const line = SERVER_LINE.exec(text)
      if (!line) {
        log.debug({ component: 'pglite' }, text)
        return false
      }
      const [, severity = '', message = ''] = line
      if (!CONTINUATIONS.has(severity)) last = LEVELS[severity] ?? 'debug'
      if (last !== 'skip') log[last]({ component: 'pglite', severity }, message)
      return false
    },
    onStdout(text: string) {
      if (text.trim()) log.debug({ component: 'pglite' }, text)
      return false
    },
  }
}

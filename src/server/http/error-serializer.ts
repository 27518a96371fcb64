/**
 * How every log line writes an error (pino's `err` serializer, set once in app.ts). A failed query's
 * bound parameters can hold password hashes and e-mail addresses, so they never reach the log: Drizzle
 * writes them into its message ("Failed query: <sql>\nparams: <values>") and its `params`, PGlite into
 * `params` of its own error, postgres.js into `parameters` and `args` (hidden unless debugging), and
 * PostgreSQL's `detail` and `where` quote row values ('Key (lower(email))=(...) already exists'). What
 * tells what went wrong stays: the SQL text, the message of each cause, and the fields of the database
 * error (code, constraint, table, column, routine).
 */
const HIDDEN = new Set([
  'params',
  'parameters',
  'args',
  'types',
  'queryOptions',
  'detail',
  'where',
  'internalQuery',
])

/** Causes deeper than this are left out (and a cycle of causes ends). */
const MAX_CAUSES = 8

export interface LoggedError {
  [key: string]: unknown
  type: string
  message: string
  stack: string
}

export function errorForLog(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' }
  const chain = causesOf(error)
  const quoted = quotedParameters(chain)
  const fields: Record<string, unknown> = {}
  for (const link of chain) {
    for (const [key, value] of Object.entries(link)) {
      if (!HIDDEN.has(key) && key !== 'cause' && !(key in fields) && !(value instanceof Error))
        fields[key] = value
    }
  }
  const aggregated = (error as { errors?: unknown }).errors
  return {
    ...fields,
    type: error.constructor.name || error.name,
    message: chain.map((link) => quoted(messageOf(link))).join(': '),
    stack: chain.map((link) => quoted(stackOf(link))).join('\ncaused by: '),
    ...(Array.isArray(aggregated) ? { aggregateErrors: aggregated.map(errorForLog) } : {}),
  }
}

/**
 * pino's `logMethod` hook, for the one place the serializer cannot reach: the message line. pino writes
 * an error's own message there for `log.error(err)`, and Fastify's fallbacks log `({ err }, err.message)`;
 * either gets the message without the parameters.
 */
export function withoutParamsInMessage(args: unknown[]): unknown[] {
  const [first, second, ...rest] = args
  if (first instanceof Error && second === undefined) return [{ err: first }, messageOf(first)]
  const err = typeof first === 'object' && first !== null ? (first as { err?: unknown }).err : undefined
  if (err instanceof Error && second === err.message) return [first, messageOf(err), ...rest]
  return args
}

/**
 * PostgreSQL names the value it could not take, quoted ('value "3000000000" is out of range for type
 * integer'): that value is a parameter too, so the message names its placeholder instead.
 */
function quotedParameters(chain: Error[]): (text: string) => string {
  const values = new Map<string, string>()
  for (const link of chain) {
    const params = (link as { params?: unknown }).params ?? (link as { parameters?: unknown }).parameters
    if (!Array.isArray(params)) continue
    params.forEach((value, index) => {
      const text = `"${String(value)}"`
      const plain = value !== null && typeof value !== 'object' && String(value) !== ''
      if (plain && !values.has(text)) values.set(text, `$${index + 1}`)
    })
  }
  return (text) => {
    let result = text
    for (const [value, placeholder] of values) result = result.replaceAll(value, placeholder)
    return result
  }
}

function causesOf(error: Error): Error[] {
  const chain = [error]
  for (let link = error.cause; link instanceof Error && chain.length < MAX_CAUSES; link = link.cause) {
    if (chain.includes(link)) break
    chain.push(link)
  }
  return chain
}

/** Drizzle's message without the parameters it appends to the SQL. */
function messageOf(error: Error): string {
  const sql = (error as { query?: unknown }).query
  const prefix = `Failed query: ${String(sql)}`
  return typeof sql === 'string' && error.message.startsWith(`${prefix}\nparams: `) ? prefix : error.message
}

/** The stack opens with the message: the same message, parameters left out, and its frames. */
function stackOf(error: Error): string {
  const stack = error.stack ?? ''
  const message = messageOf(error)
  if (message === error.message) return stack
  const at = stack.indexOf(error.message)
  if (at >= 0) return stack.slice(0, at) + message + stack.slice(at + error.message.length)
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line))
  return [`${error.name}: ${message}`, ...frames].join('\n')
}

import { type ZodType, z } from 'zod'

/** Errors are values at the edge: every refusal answers `{ message, field? }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field)
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message)
export const forbidden = (message = 'Forbidden') => new HttpError(403, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)
export const conflict = (message: string, field?: string) => new HttpError(409, message, field)

/**
 * Validates a body, query or params object with zod; the first issue becomes a 400 naming the field and
 * the reason. No body at all reads as `{}` (so the missing fields are named); a JSON body that is not an
 * object (null, an array, a number, a string) is refused as such. Every route's input passes through here
 * (http/contract.ts makes it Fastify's validator).
 */
export function parse<T>(schema: ZodType<T>, data: unknown): T {
  if (data !== undefined && (data === null || typeof data !== 'object' || Array.isArray(data))) {
    throw badRequest('The request body must be a JSON object')
  }
  const nul = pathToNul(data)
  if (nul !== null) throw badRequest('Text must not contain NUL characters', nul || undefined)
  const result = (alternativeFor(schema, data ?? {}) as ZodType<T>).safeParse(data ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]
  if (!issue) throw badRequest('Invalid input')
  if (issue.code === 'unrecognized_keys') {
    throw badRequest(`Unknown field: ${issue.keys.join(', ')}`, issue.keys[0])
  }
  const field = issue.path.map(String).join('.') || undefined
  throw badRequest(issue.message, field)
}

/**
 * A union of objects (the reset form: a link's token, or the Reset tab's username) is told apart by the
 * keys the body has: the first alternative that has a key of the body the others lack. Its own messages
 * then name the missing or wrong field, where the union's would only say 'Invalid input'.
 */
function alternativeFor<T>(schema: ZodType<T>, data: object): ZodType {
  if (!(schema instanceof z.ZodUnion)) return schema
  const options = schema.options as ZodType[]
  const keysOf = (option: ZodType) => (option instanceof z.ZodObject ? Object.keys(option.shape) : [])
  const present = Object.keys(data)
  for (const option of options) {
    const others = options.filter((other) => other !== option).flatMap(keysOf)
    if (present.some((key) => keysOf(option).includes(key) && !others.includes(key))) return option
  }
  return options.at(-1) ?? schema
}

/**
 * PostgreSQL text cannot hold U+0000: such a value would fail its query (a 500). Returns the path of the
 * first string holding one ('' at the top level), or null when there is none. Payloads are shallow; the
 * walk stops at a depth no schema reaches, so a deeply nested body cannot exhaust the stack.
 */
function pathToNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null
  if (value === null || typeof value !== 'object' || depth >= 16) return null
  for (const [key, item] of Object.entries(value)) {
    const found = pathToNul(item, path ? `${path}.${key}` : key, depth + 1)
    if (found !== null) return found
  }
  return null
}

import { z } from 'zod'

/**
 * The HTTP contract's shared pieces. src/contract holds a zod schema for every request and answer of the
 * API: the routes validate and serialise with them (fastify-type-provider-zod), the OpenAPI document at
 * /api/openapi.json is generated from them, and the web takes its types from them (type-only imports, so
 * no schema code reaches the browser). Limits and messages come from src/domain.
 */

/** Every refusal (docs/API.md): the reason, and the field it is about when there is one. */
export const errorAnswer = z
  .object({ message: z.string(), field: z.string().optional() })
  .meta({ id: 'Error', description: 'A refusal: why, and which field when one is to blame' })

/** A plain confirmation. */
export const messageAnswer = z.object({ message: z.string() })

/** A navigation answered with a redirect (Location header), no body. */
export const redirect = z.null().describe('A redirect; the Location header says where')

/** Nothing to send: a POST whose only input is who is signed in. Unknown fields are still refused. */
export const noBody = z.object({}).strict()

/**
 * Every id is a PostgreSQL serial (integer): 1 to 2^31 - 1. A larger one would fail its query (a 500), so
 * ids in paths and bodies are bounded here, once.
 */
export const MAX_ID = 2_147_483_647

export function isId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_ID
}

/** An id in a JSON body: a number that `isId`, else a 400 with `message` naming the field. */
export const idSchema = (message: string) => z.number(message).refine(isId, message)

/**
 * An id in the path: plain decimal digits that `isId` ('0x10', '1e3', '007' or 2^31 are not ids); a 400
 * naming the parameter otherwise, never a 500.
 */
export const pathId = (field: string) => {
  const message = `${field} must be a whole number from 1 to ${MAX_ID}`
  return z
    .string(message)
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .refine(isId, message)
}

/**
 * A page cursor naming the previous page's last row by its id: an id's digits, bounded like `pathId` (a
 * larger number would fail the page's query), kept as text. A 400 with `message` otherwise.
 */
export const idCursor = (message: string) =>
  z
    .string('cursor must be given once')
    .regex(/^[1-9]\d{0,9}$/, message)
    .refine((text) => isId(Number(text)), message)

/** An ISO instant as the API writes it. */
export const instant = z.iso.datetime({ offset: true })

/** Money exact to the cent as a decimal string ('110.00', '-5.00'), as the spec's active-bet lists send it. */
export const decimalMoney = z.string().regex(/^-?\d+\.\d{2}$/)

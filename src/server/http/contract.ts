import type { Readable } from 'node:stream'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type {
  FastifyInstance,
  FastifyReply,
  FastifySchema,
  FastifySchemaCompiler,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler } from 'fastify-type-provider-zod'
import { ZodType } from 'zod'
import { errorAnswer } from '../../contract/common'
import { API_ROUTES } from '../../contract/routes'
import { parse } from './errors'
import { ROUTE_SECTIONS, ROUTE_TAGS } from './reference-sections'

/** The reference page's prefix; its own routes are hidden from the document. */
export const DOCS_PREFIX = '/api/docs'

/** The route map routes are held to; a test of the plugin itself passes its own. */
interface ContractOptions {
  routes?: RouteMap
}

type MappedSchemas = Partial<Record<MappedPart, unknown>>
type RouteMap = Readonly<Record<string, MappedSchemas>>

/**
 * Every route's input goes through `parse`: the API's one set of validation rules and messages (a 400
 * `{ message, field }`), which Fastify's default would replace with its own. An HttpError returned here
 * reaches the error handler as it is.
 */
const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    try {
      return { value: parse(schema, data) }
    } catch (error) {
      return { error: error as Error }
    }
  }

/**
 * One contract between server and web (src/contract): each route declares its input and answers as zod
 * schemas; Fastify validates input with them and writes answers through them (a field a schema does not
 * list never leaves the server), and the OpenAPI document is generated from the same schemas, served at
 * /api/openapi.json with a reference page at /api/docs.
 */
export const contractPlugin = fp(async (app: FastifyInstance, options: ContractOptions) => {
  const routes = options.routes ?? API_ROUTES
  app.addHook('onRoute', (route) => requireContract(route, routes))
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // Fastify hands a missing body to validation as null, the same as a JSON `null`. No body at all reads as
  // `{}` (so `parse` names the missing fields); a JSON null stays a body that is refused.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined) request.body = {}
  })
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Grid API',
        description:
          'The HTTP API of Grid, a tracker for sports bettors. Every refusal answers `{ message, field? }` with its status. Signed-in routes need the session cookie that POST /api/auth/login sets.',
        version: '1',
      },
      tags: [...ROUTE_SECTIONS],
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'grid_session' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  })
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list' } })
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
})

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH'])

/**
 * An /api route without its part of the contract does not start: the web's types and the reference would
 * silently miss it. Each declares a success (or redirect) answer, its path parameters, a body when its method has one,
 * and its prose as the schema's `summary` (and `description`), written beside the route so that the limits
 * it states are the constants the route uses; this adds the route's section of the reference.
 */
function requireContract(route: RouteOptions, routes: RouteMap): void {
  if (!route.url.startsWith('/api/') || route.url.startsWith(DOCS_PREFIX) || route.schema?.hide) return
  const methods = [route.method].flat()
  if (methods.every((method) => method === 'HEAD')) return
  const schema = route.schema ?? {}
  const missing = [
    !Object.keys(schema.response ?? {}).some((status) => /^[23]/.test(status)) &&
      'a success or redirect answer',
    route.url.includes(':') && !schema.params && 'params',
    methods.some((method) => BODY_METHODS.has(method)) && !schema.body && 'a body',
  ].filter(Boolean)
  if (missing.length > 0) {
    throw new Error(
      `${methods.join(',')} ${route.url} has no schema for ${missing.join(', ')} (src/contract)`,
    )
  }
  const key = `${methods.find((method) => method !== 'HEAD')} ${route.url}`
  if (!schema.summary) throw new Error(`${key} has no summary (its schema's \`summary\`)`)
  requireMapped(key, schema, routes[key])
  const section = ROUTE_TAGS[route.url.split('/')[2] ?? '']
  route.schema = { ...schema, ...(section ? { tags: [section] } : {}) }
}

/** The server-side refinements of contract schemas, each with the schema the route map names. */
const REFINED = new WeakMap<object, unknown>()

/**
 * A contract schema with a server-only check (one too large to ship to the web, such as the list of
 * common passwords): a route may validate with it where src/contract/routes.ts names `base`.
 */
export function refining<T extends object>(base: ZodType, schema: T): T {
  REFINED.set(schema, base)
  return schema
}

/**
 * The route map (src/contract/routes.ts) is where the web takes each route's types from, so a route must
 * be in it with the very schemas it validates and answers with: one that drifted from the map would type
 * the web against a shape the server does not accept or send.
 */
function requireMapped(key: string, schema: FastifySchema, entry: MappedSchemas | undefined): void {
  if (!entry) throw new Error(`${key} is not in src/contract/routes.ts`)
  const success = Object.entries(schema.response ?? {}).find(([status]) => status.startsWith('2'))?.[1]
  const served: Record<MappedPart, unknown> = {
    params: schema.params,
    query: schema.querystring,
    body: schema.body,
    answer: success instanceof ZodType ? success : undefined,
  }
  const drifted = MAPPED_PARTS.filter(
    (part) => served[part] !== entry[part] && REFINED.get(served[part] as object) !== entry[part],
  )
  if (drifted.length > 0) {
    throw new Error(
      `${key} validates its ${drifted.join(', ')} with other schemas than src/contract/routes.ts`,
    )
  }
}

const MAPPED_PARTS = ['params', 'query', 'body', 'answer'] as const
type MappedPart = (typeof MAPPED_PARTS)[number]

/**
 * Sends a stream on a route whose answer the contract documents as text (the CSV export): the type
 * provider types such a reply as a string, and Fastify sends a stream as it comes, unserialised.
 */
export function sendStream(reply: FastifyReply, stream: Readable): FastifyReply {
  return (reply as FastifyReply<RouteGenericInterface>).send(stream)
}

/**
 * Sends JSON serialised earlier through the route's schema (the outcome grid's cache): Fastify sends a
 * Buffer as it is, so the stored bytes go out without a second serialisation.
 */
export function sendCached(reply: FastifyReply, json: Buffer): FastifyReply {
  return (reply as FastifyReply<RouteGenericInterface>).type('application/json; charset=utf-8').send(json)
}

/** The standard refusals a route may answer, for its `response` schema. */
export function refusals(...statuses: (400 | 401 | 403 | 404 | 409 | 413 | 429 | 503)[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorAnswer]))
}

import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { isId, messageAnswer } from '../../contract/common'
import {
  importAnswer,
  importBody,
  importColumns,
  importQuery,
  MAX_SAVED_MAPPINGS,
  mappingParams,
  mappingsQuery,
  type SavedMapping,
  savedMapping,
  savedMappings,
  saveMappingBody,
} from '../../contract/imports'
import type { ColumnMapping } from '../../domain/bet-import'
import { signedInUser } from '../auth/session.plugin'
import type { ImportMappingRow } from '../db/imports-schema'
import { refusals } from '../http/contract'
import { badRequest, notFound } from '../http/errors'
import { requirePlan } from '../http/guards'
import { importBets, importDayBudget, MAX_IMPORT_ROWS } from './import.service'
import { importMappingsRepository } from './mappings.repository'

/** A file of 10,000 rows of a wide sportsbook export stays well under this. */
export const IMPORT_BODY_LIMIT = 5 * 1_048_576
const TEXT_TYPES = ['text/csv', 'text/tab-separated-values', 'text/plain']

/** POST /api/bets/import and the saved column mappings (docs/import.md). */
export async function importsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const mappings = importMappingsRepository(app.db)
  // The file's text reaches the route's schema as { text }, like a JSON body would.
  app.addContentTypeParser(
    TEXT_TYPES,
    { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
    (_request, body, done) => done(null, { text: String(body) }),
  )

  const importSchema = {
    summary: 'Import bets from a CSV or TSV file',
    description: `The body is the file's text (\`Content-Type: text/csv\`, \`text/tab-separated-values\` or \`text/plain\`, at most ${IMPORT_BODY_LIMIT / 1_048_576} MB and ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows: 413 beyond), or a batch of its rows under the header; as JSON it is \`{ text }\`. Grid's own export needs nothing more; any other file needs \`columns\` (JSON, field to column name) or \`mapping\` (a saved mapping's id), unless a mapping is saved for its header. \`offset\` (data rows sent before) makes row numbers the file's; \`unlinked=true\` imports rows matching no game as unlinked bets; \`gameId\` puts every row on that game (fix in place). One transaction per request; re-importing adds nothing (docs/import.md).`,
    querystring: importQuery,
    body: importBody,
    response: { 200: importAnswer, ...refusals(400, 403, 404, 409, 413, 429) },
  }
  app.post('/api/bets/import', { schema: importSchema, bodyLimit: IMPORT_BODY_LIMIT }, async (request) => {
    const user = signedInUser(request)
    requirePlan(request)
    await app.rateLimit(`imports:user:${user.id}`, app.policies.rateLimits.importsPerUser)
    const { query } = request
    const columns = query.columns === undefined ? null : readColumns(query.columns)
    let mapping: ColumnMapping | null = columns
    if (query.mapping !== undefined) {
      const saved = await mappings.byId(user.id, readId(query.mapping, 'mapping'))
      if (!saved) throw notFound('Saved mapping not found')
      mapping = saved.columns
    }
    let game = null
    if (query.gameId !== undefined) {
      game = await app.repos.games.byId(readId(query.gameId, 'gameId'))
      if (!game || game.provider === 'unlinked') throw notFound('Game not found')
    }
    const offset = query.offset === undefined ? 0 : Number(query.offset)
    if (!Number.isSafeInteger(offset) || offset < 0 || !/^\d+$/.test(query.offset ?? '0'))
      throw badRequest('offset must be a whole number of rows', 'offset')
    return importBets(
      {
        db: app.db,
        lookup: app.gameLookup,
        budget: importDayBudget(app.rateLimit, user.id, app.policies.rateLimits.importDaysPerUser),
        now: app.clock(),
        log: request.log,
      },
      {
        userId: user.id,
        timeZone: user.timezone,
        text: request.body.text,
        mapping,
        savedMapping: (header) => mappings.forHeader(user.id, header),
        offset,
        unlinked: query.unlinked === 'true',
        game,
        maxBets: app.config.limits.maxBetsPerUser,
        separator: query.separator,
      },
    )
  })

  app.get(
    '/api/bets/import/mappings',
    {
      schema: {
        summary: 'The user’s saved column mappings, one per file header',
        description: `Oldest first, a page at a time: \`limit\` mappings (1-${MAX_SAVED_MAPPINGS}, default ${MAX_SAVED_MAPPINGS}) with an id above \`after\` (the last id of the previous page); a shorter page is the last. A user keeps at most ${MAX_SAVED_MAPPINGS}, so the first page holds them all.`,
        querystring: mappingsQuery,
        response: { 200: savedMappings, ...refusals(400) },
      },
    },
    async (request) => {
      const { after = 0, limit = MAX_SAVED_MAPPINGS } = request.query
      const rows = await mappings.list(signedInUser(request).id, { after, limit })
      return rows.map(mappingView)
    },
  )

  const saveSchema = {
    summary: 'Save the column mapping of a file header',
    description: `Replaces the mapping saved for the same header (names compared case-insensitively). A user keeps the ${MAX_SAVED_MAPPINGS} most recently saved: saving one more forgets the least recently saved.`,
    body: saveMappingBody,
    response: { 200: savedMapping, ...refusals(400) },
  }
  app.post('/api/bets/import/mappings', { schema: saveSchema }, async (request) => {
    const user = signedInUser(request)
    const { header, columns } = request.body
    const name = request.body.name || header.slice(0, 3).join(', ')
    return mappingView(await mappings.save(user.id, { name, header, columns }, app.clock()))
  })

  const deleteSchema = {
    summary: 'Forget a saved column mapping',
    params: mappingParams,
    response: { 200: messageAnswer, ...refusals(400, 404) },
  }
  app.delete('/api/bets/import/mappings/:id', { schema: deleteSchema }, async (request) => {
    if (!(await mappings.delete(signedInUser(request).id, request.params.id)))
      throw notFound('Saved mapping not found')
    return { message: 'Mapping deleted' }
  })
}

function mappingView(row: ImportMappingRow): SavedMapping {
  return {
    id: row.id,
    name: row.name,
    header: row.header,
    columns: row.columns,
    updatedAt: row.updatedAt.toISOString(),
  }
}

function readId(text: string, field: string): number {
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : 0
  if (!isId(id)) throw badRequest(`${field} must be a whole number id`, field)
  return id
}

function readColumns(text: string): ColumnMapping {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw badRequest('columns must be JSON: {"date":"Placed","odds":"Price",...}', 'columns')
  }
  const parsed = importColumns.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw badRequest(
      issue?.code === 'invalid_key' ? 'columns names an unknown field' : (issue?.message ?? 'Bad columns'),
      'columns',
    )
  }
  return parsed.data
}

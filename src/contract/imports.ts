import { z } from 'zod'
import { IMPORT_FIELDS } from '../domain/bet-import'
import { TICKET_KINDS } from '../domain/ticket'
import { LEG_SEPARATORS } from '../domain/ticket-import'
import { instant, pathId } from './common'

/**
 * Importing bets from a file (docs/import.md). The body is the file's text (CSV or TSV), or a
 * batch of its rows under the header; the answer lists every row that was not imported with its reason.
 */
const queryText = (field: string, max: number) =>
  z.string(`${field} must be given once`).max(max, `${field} is too long`).optional()

export const importQuery = z
  .object({
    /** A saved mapping's id (GET /api/bets/import/mappings). */
    mapping: queryText('mapping', 12),
    /** The mapping as JSON, field -> column name: {"date":"Placed","odds":"Price",...}. */
    columns: queryText('columns', 4000),
    /** Data rows sent before this batch: row numbers in the answer are the file's. */
    offset: queryText('offset', 9),
    /** 'true': rows matching no game, or several, are imported as unlinked bets. */
    unlinked: z.enum(['true', 'false'], "unlinked must be 'true' or 'false'").optional(),
    /** Fix in place: every row of this request is a bet on this game. */
    gameId: queryText('gameId', 12),
    /** How a mapped file's row of one ticket joins its legs (decision 062): ' | ' (the default), '/' or ';'. */
    separator: z
      .enum(LEG_SEPARATORS, `separator must be one of ${LEG_SEPARATORS.map((s) => `'${s}'`).join(', ')}`)
      .optional(),
  })
  .strict()

export const importColumns = z
  .partialRecord(z.enum(IMPORT_FIELDS), z.string().max(200, 'A column name is too long'))
  .meta({ id: 'ImportColumns' })

const rowNote = z.object({ row: z.number().int(), reason: z.string() })

export const candidateGame = z.object({
  id: z.number().int(),
  league: z.string(),
  awayTeam: z.string(),
  homeTeam: z.string(),
  startTime: instant,
  status: z.string(),
})

export const importAnswer = z
  .object({
    /** 'grid' (Grid's own export) or 'mapped'. */
    format: z.enum(['grid', 'mapped']),
    imported: z.number().int(),
    /** Of the imported rows, how many are unlinked bets (off the grid). */
    unlinked: z.number().int(),
    duplicates: z.array(rowNote),
    /**
     * Rows that fit no game or several: a few of the games of that day a user may choose from to fix the
     * row, and how many more there are (decision 043: the answer stays small).
     */
    unmatched: z.array(
      rowNote.extend({
        kind: z.enum(['none', 'ambiguous']),
        games: z.array(candidateGame),
        moreGames: z.number().int(),
      }),
    ),
    failed: z.array(rowNote),
    /** Of the imported bets, how many of each kind (decision 062): singles, parlays, teasers... */
    tickets: z.record(z.enum(TICKET_KINDS), z.number().int()),
  })
  .meta({ id: 'ImportResult' })
export type ImportAnswer = z.infer<typeof importAnswer>

export const savedMapping = z
  .object({
    id: z.number().int(),
    name: z.string(),
    header: z.array(z.string()),
    columns: importColumns,
    updatedAt: instant,
  })
  .meta({ id: 'ImportMapping' })
export type SavedMapping = z.infer<typeof savedMapping>
export const savedMappings = z.array(savedMapping)

export const saveMappingBody = z
  .object({
    name: z.string('Name must be text').trim().max(100, 'Name is too long').optional(),
    header: z
      .array(z.string().max(200, 'A column name is too long'), 'header must be the list of column names')
      .min(1, 'header must name at least one column')
      .max(200, 'A header has at most 200 columns'),
    columns: importColumns,
  })
  .strict()

/**
 * A user keeps this many saved mappings, the most recently saved; the list is read a page at a
 * time (oldest first, the next page after the last id of this one), the first page holding them all.
 */
export const MAX_SAVED_MAPPINGS = 50
export const mappingsQuery = z
  .object({
    after: z
      .string('after must be given once')
      .regex(/^[1-9]\d{0,9}$/, 'after must be the last id of the previous page')
      .transform(Number)
      .optional(),
    limit: z
      .string('limit must be given once')
      .regex(/^\d{1,2}$/, `limit must be a whole number from 1 to ${MAX_SAVED_MAPPINGS}`)
      .transform(Number)
      .refine(
        (n) => n >= 1 && n <= MAX_SAVED_MAPPINGS,
        `limit must be a whole number from 1 to ${MAX_SAVED_MAPPINGS}`,
      )
      .optional(),
  })
  .strict()

export const mappingParams = z.object({ id: pathId('id') })

/** The file's text: a text/csv body arrives here as `{ text }` (imports.routes.ts), as a JSON body may. */
export const importBody = z
  .object({ text: z.string('text must be the file as text').min(1, 'The file is empty') })
  .strict()

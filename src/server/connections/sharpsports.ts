import { z } from 'zod'
import { type BetType, normalizeResult } from '../../domain/bet'
import { slipTicket } from '../../domain/partner-slip'
import { sportsbookForPartnerBook } from '../../domain/sportsbooks'
import type { SharpSportsConfig } from '../config'
import {
  type BetSyncConnector,
  ConnectorError,
  type LinkedAccount,
  type PartnerUser,
  type SyncedBet,
  type SyncedTicket,
  type SyncProblem,
} from './connector'

/**
 * SharpSports' BetSlip API (docs.sharpsports.io), the one bet-sync partner Grid speaks to (decision 052):
 * - POST /v1/context {internalId, redirectUrl} -> {cid}; the bettor links a book at `${linkUrl}/${cid}`
 *   (the hosted BookLink UI: credentials go to SharpSports, never to Grid);
 * - GET /v1/bettors?internalId= -> [bettor]: the partner creates the bettor at its first link;
 * - GET /v1/bettors/{id}/bettorAccounts -> [bettorAccount {id, book {name, abbr}, access, verified}];
 * - POST /v1/bettors/{id}/refresh: an asynchronous refresh of every linked book;
 * - GET /v1/bettors/{id}/betSlips -> [betSlip]: amounts in cents, odds American;
 * - PUT /v1/bettorAccounts/{id}/removeAccess: access=false, no more reads or refreshes.
 * Every call sends `Authorization: Token <key>`: the private key for GETs of a bettor's data, the public
 * key for the rest, as the documentation assigns them.
 */
export function sharpSportsConnector(config: SharpSportsConfig): BetSyncConnector {
  const call = partnerCall(config)

  async function bettorId(user: PartnerUser): Promise<string | null> {
    const query = new URLSearchParams({ internalId: internalId(user) })
    const bettors = await call('GET', `/v1/bettors?${query}`, z.array(bettorSchema))
    return bettors[0]?.id ?? null
  }

  return {
    partner: 'SharpSports',

    async startLink(user, _sportsbook, returnUrl) {
      const body = { internalId: internalId(user), redirectUrl: returnUrl }
      const { cid } = await call('POST', '/v1/context', contextSchema, body)
      return { linkUrl: `${config.linkUrl}/${encodeURIComponent(cid)}` }
    },

    async linkedAccounts(user) {
      const bettor = await bettorId(user)
      if (!bettor) return []
      const accounts = await call('GET', bettorPath(bettor, 'bettorAccounts'), z.array(bettorAccountSchema))
      return accounts.flatMap((account): LinkedAccount[] => {
        const sportsbook = sportsbookForPartnerBook(account.book)
        if (!sportsbook) return []
        const usable = account.access !== false && account.verified !== false
        return [{ accountId: account.id, sportsbook, usable }]
      })
    },

    async refresh(user) {
      const bettor = await bettorId(user)
      if (bettor) await call('POST', bettorPath(bettor, 'refresh'), z.unknown(), {})
    },

    async bets(user) {
      const bettor = await bettorId(user)
      if (!bettor) return { bets: [], tickets: [], problems: [] }
      const raw = await call('GET', bettorPath(bettor, 'betSlips'), z.array(z.unknown()))
      const bets: SyncedBet[] = []
      const tickets: SyncedTicket[] = []
      const problems: SyncProblem[] = []
      for (const item of raw) {
        const read = readTicketSlip(item) ?? readSlip(item)
        if ('reason' in read) problems.push(read)
        else if ('draft' in read) tickets.push(read)
        else bets.push(read)
      }
      return { bets, tickets, problems }
    },

    async unlink(account) {
      const path = `/v1/bettorAccounts/${encodeURIComponent(account.accountId)}/removeAccess`
      await call('PUT', path, z.unknown(), {})
    },
  }
}

/** The partner's internalId for a Grid user: stable, unique, and saying nothing about the person. */
export function internalId(user: PartnerUser): string {
  return `grid-user-${user.id}`
}

/**
 * A bettor's resource. The id is the partner's, so it is encoded as one path segment: an id such as
 * `../../v1/context#` would otherwise make the URL another endpoint, called with the private key.
 */
function bettorPath(bettor: string, what: 'bettorAccounts' | 'refresh' | 'betSlips'): string {
  return `/v1/bettors/${encodeURIComponent(bettor)}/${what}`
}

/** One call, its answer read by `schema`: an answer of another shape is the partner failing, never a 500. */
type Call = <T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  schema: z.ZodType<T>,
  body?: unknown,
) => Promise<T>

function partnerCall(config: SharpSportsConfig): Call {
  return async (method, path, schema, body) => {
    const key = method === 'GET' ? config.apiKey : config.publicKey
    let response: Response
    try {
      response = await fetch(`${config.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Token ${key}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(config.timeoutMs),
      })
    } catch (error) {
      throw new ConnectorError(`SharpSports could not be reached (${method} ${pathOnly(path)}): ${error}`)
    }
    const text = await response.text()
    if (!response.ok) {
      throw new ConnectorError(`SharpSports answered ${response.status} to ${method} ${pathOnly(path)}`)
    }
    let json: unknown
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      throw new ConnectorError(`SharpSports answered ${method} ${pathOnly(path)} with something not JSON`)
    }
    const read = schema.safeParse(json)
    if (!read.success) {
      throw new ConnectorError(`SharpSports answered ${method} ${pathOnly(path)} in a shape Grid cannot read`)
    }
    return read.data
  }
}

const pathOnly = (path: string) => path.split('?')[0]

const contextSchema = z.looseObject({ cid: z.string().min(1) })
const bettorSchema = z.looseObject({ id: z.string().min(1) })
const bookSchema = z.looseObject({ name: z.string().nullish(), abbr: z.string().nullish() })
const bettorAccountSchema = z.looseObject({
  id: z.string().min(1),
  book: bookSchema,
  access: z.boolean().nullish(),
  verified: z.boolean().nullish(),
})

const contestant = z.looseObject({ fullName: z.string().min(1) })
const legSchema = z.looseObject({
  event: z
    .looseObject({
      name: z.string().nullish(),
      league: z.string().nullish(),
      startTime: z.string().nullish(),
      contestantHome: contestant.nullish(),
      contestantAway: contestant.nullish(),
    })
    .nullish(),
  proposition: z.string().nullish(),
  segment: z.unknown().nullish(),
  segmentId: z.string().nullish(),
  position: z.string().nullish(),
  line: z.number().nullish(),
  oddsAmerican: z.number().nullish(),
  outcome: z.string().nullish(),
})
const slipSchema = z.looseObject({
  id: z.string().min(1),
  book: bookSchema,
  timePlaced: z.string(),
  type: z.string().nullish(),
  oddsAmerican: z.number().nullish(),
  atRisk: z.number().int().positive(),
  status: z.string().nullish(),
  outcome: z.string().nullish(),
  toWin: z.unknown().optional(),
  payout: z.unknown().optional(),
  bets: z.array(legSchema),
})

const MARKETS: Record<string, BetType> = { moneyline: 'moneyline', spread: 'spread', total: 'total' }
/** SharpSports' segment of a whole game (SEGM_M): halves, quarters and periods are other markets. */
const FULL_GAME = 'SEGM_M'

/**
 * A slip of several legs as a ticket (decision 062, slipTicket), or why Grid cannot track it; null for a
 * slip of one leg, which readSlip reads.
 */
export function readTicketSlip(item: unknown): SyncedTicket | SyncProblem | null {
  const parsed = slipSchema.safeParse(item)
  if (!parsed.success || parsed.data.bets.length < 2) return null
  const slip = parsed.data
  const sportsbook = sportsbookForPartnerBook(slip.book)?.name ?? slip.book.name ?? null
  const read = slipTicket(slip, sportsbook ?? 'Unknown sportsbook')
  if (!read.ok)
    return {
      sportsbook,
      externalId: slip.id,
      reason: read.reason,
      ...(read.skipped ? { skipped: true } : {}),
    }
  return {
    externalId: read.externalId,
    placedAt: read.placedAt,
    sportsbook: read.draft.sportsbook,
    draft: read.draft,
  }
}

/** One bet slip as a SyncedBet, or why Grid cannot track it (parlays, props, parts of a game). */
export function readSlip(item: unknown): SyncedBet | SyncProblem {
  const parsed = slipSchema.safeParse(item)
  const id = typeof item === 'object' && item && 'id' in item ? String(item.id) : null
  if (!parsed.success) return { sportsbook: null, externalId: id, reason: 'Not a bet slip Grid can read' }
  const slip = parsed.data
  const sportsbook = sportsbookForPartnerBook(slip.book)?.name ?? slip.book.name ?? null
  const problem = (reason: string): SyncProblem => ({ sportsbook, externalId: slip.id, reason })
  const skip = (reason: string): SyncProblem => ({ ...problem(reason), skipped: true })
  const [leg, ...more] = slip.bets
  if (!leg || more.length > 0 || (slip.type && slip.type !== 'single')) {
    return skip('Parlays and other multi-leg slips are not tracked')
  }
  const market = MARKETS[leg.proposition ?? '']
  if (!market) return skip('Only spread, total and moneyline bets are tracked')
  if ((leg.segmentId && leg.segmentId !== FULL_GAME) || (!leg.segmentId && leg.segment)) {
    return skip('Only bets on the whole game are tracked')
  }
  const event = leg.event
  const home = event?.contestantHome?.fullName
  const away = event?.contestantAway?.fullName
  if (!event?.league || !home || !away) return problem('The bet names no game with two teams')
  const odds = slip.oddsAmerican ?? leg.oddsAmerican
  if (odds === null || odds === undefined || !Number.isInteger(odds)) return problem('The bet has no odds')
  const side = readSide(market, leg.position ?? '', leg.line ?? null)
  if (!side) return problem('The bet names no side Grid can read')
  const result = normalizeResult(slip.outcome)
  if (!result && slip.status === 'completed') return skip('A void or cancelled bet is not tracked')
  const startsAt = event.startTime ? new Date(event.startTime) : null
  const placedAt = new Date(slip.timePlaced)
  if (Number.isNaN(placedAt.getTime())) return problem('The bet has no time it was placed')
  return {
    externalId: slip.id,
    placedAt,
    league: event.league,
    event: {
      name: event.name ?? `${away} @ ${home}`,
      homeTeam: home,
      awayTeam: away,
      startsAt: startsAt && !Number.isNaN(startsAt.getTime()) ? startsAt : null,
    },
    market,
    ...side,
    odds,
    stake: slip.atRisk,
    result,
    sportsbook: sportsbook ?? 'Unknown sportsbook',
  }
}

function readSide(market: BetType, position: string, line: number | null) {
  const text = position.trim()
  if (!text) return null
  if (market === 'moneyline') return { selection: text, line: null }
  if (line === null) return null
  if (market === 'spread') return { selection: text, line }
  const overUnder = /^(over|under)\b/i.exec(text)?.[1]
  if (!overUnder) return null
  return { selection: overUnder.toLowerCase() === 'over' ? 'Over' : 'Under', line }
}

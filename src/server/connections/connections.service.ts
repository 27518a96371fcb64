import type { FastifyBaseLogger } from 'fastify'
import { calendarDay } from '../../domain/calendar'
import { sportsbookById } from '../../domain/sportsbooks'
import type { TicketKind } from '../../domain/ticket'
import { countByKind } from '../../domain/ticket-draft'
import type { Db } from '../db/client'
import type { SportsbookConnectionRow } from '../db/connections-schema'
import type { GameLookup } from '../imports/game-lookup'
import { legsOnGames } from '../imports/ticket-drafts'
import type { ConnectionsRepository } from './connections.repository'
import {
  type BetSyncConnector,
  ConnectorError,
  type LinkedAccount,
  type PartnerUser,
  type SyncedTicket,
  type SyncProblem,
} from './connector'
import { foundIn, matchSyncedBets } from './game-lookup'
import { ingestSyncedBets, ingestSyncedTickets, type TicketOnGames } from './ingest'

export interface SyncContext {
  db: Db
  repo: ConnectionsRepository
  connector: BetSyncConnector
  now: Date
  maxBets: number
  log: FastifyBaseLogger
  /** The import's game matching (imports/game-lookup.ts), and the zone the bettor's days are in. */
  games: GameLookup
  timeZone: string
}

export interface SyncResult {
  newBets: number
  updatedBets: number
  errors: SyncProblem[]
  skipped: number
  /** The new bets by kind (decision 062). */
  tickets: Record<TicketKind, number>
}

/**
 * Promotes pending connections the partner now reports linked, and returns the user's rows as they then
 * stand with the partner's links. Connections the partner cannot read any more become errors to show.
 */
export async function reconcile(
  context: SyncContext,
  user: PartnerUser,
): Promise<{ rows: SportsbookConnectionRow[]; accounts: LinkedAccount[]; problems: SyncProblem[] }> {
  const { repo, connector, now } = context
  const rows = await repo.list(user.id)
  if (rows.length === 0) return { rows, accounts: [], problems: [] }
  const accounts = await connector.linkedAccounts(user)
  const problems: SyncProblem[] = []
  for (const row of rows) {
    const ofBook = accounts.filter((linked) => linked.sportsbook.id === row.sportsbook)
    const account = ofBook.find((linked) => linked.usable) ?? ofBook[0]
    const name = sportsbookById(row.sportsbook)?.name ?? row.sportsbook
    const linked =
      account?.usable && (row.status !== 'connected' || row.partnerAccountId !== account.accountId)
    if (account && linked) {
      await repo.markConnected(user.id, row.sportsbook, account.accountId, now)
      row.status = 'connected'
      row.partnerAccountId = account.accountId
    }
    if (row.status !== 'connected') continue
    if (!account?.usable) {
      problems.push({
        sportsbook: name,
        externalId: null,
        reason: `${connector.partner} cannot read ${name} any more: disconnect it and connect it again`,
      })
    }
  }
  return { rows, accounts, problems }
}

/**
 * Sync Now: the partner is asked to read the books again (it does so in the background, so
 * this sync stores what its last read found and the next one the rest), then the user's bets on the
 * connected books go through ingestSyncedBets. Bets of books the user has not connected in Grid stay out.
 */
export async function syncSportsbooks(context: SyncContext, user: PartnerUser): Promise<SyncResult> {
  const { rows, problems } = await reconcile(context, user)
  const connected = new Set(
    rows
      .filter((row) => row.status === 'connected')
      .map((row) => sportsbookById(row.sportsbook)?.name ?? row.sportsbook),
  )
  if (connected.size === 0)
    return { newBets: 0, updatedBets: 0, errors: problems, skipped: 0, tickets: countByKind([]) }
  await context.connector.refresh(user)
  const read = await context.connector.bets(user)
  const ours = (sportsbook: string | null) => sportsbook === null || connected.has(sportsbook)
  const unread = read.problems.filter((problem) => ours(problem.sportsbook))
  const mine = read.bets.filter((bet) => connected.has(bet.sportsbook))
  const found = await matchSyncedBets(context.games, mine, context.timeZone)
  const tickets = await ticketsOnGames(
    context,
    read.tickets.filter((ticket) => connected.has(ticket.sportsbook)),
  )
  const tally = await ingestSyncedBets(context.db, user.id, mine, {
    now: context.now,
    maxBets: context.maxBets,
    findGame: foundIn(found),
  })
  await ingestSyncedTickets(context.db, user.id, tickets, context, tally)
  context.log.info(
    { user: user.id, newBets: tally.newBets, updatedBets: tally.updatedBets, errors: tally.errors.length },
    'sportsbooks synced',
  )
  return {
    newBets: tally.newBets,
    updatedBets: tally.updatedBets,
    errors: [...problems, ...unread.filter((problem) => !problem.skipped), ...tally.errors],
    skipped: unread.filter((problem) => problem.skipped).length,
    tickets: tally.tickets,
  }
}

/**
 * The legs of the synced slips of several legs on their games (ticket-drafts.ts), for the whole sync before
 * any bet is written, as matchSyncedBets does for singles: a leg's day is its start's, else the slip's.
 */
async function ticketsOnGames(
  context: SyncContext,
  tickets: readonly SyncedTicket[],
): Promise<TicketOnGames[]> {
  const lookup = { lookup: context.games, timeZone: context.timeZone, now: context.now, cache: new Map() }
  const found: TicketOnGames[] = []
  for (const record of tickets) {
    const legs = await legsOnGames(record.draft, calendarDay(record.placedAt, context.timeZone), lookup)
    // Without a budget the lookup never leaves a day unread.
    if (!('unread' in legs)) found.push({ record, legs })
  }
  return found
}

/**
 * Decision 025: a deleted account's books are unlinked at the partner too, so that it reads them no more. Started
 * when the deletion starts (accounts/account-deletion.ts), with HTTP calls only (no database query runs
 * beside the deleting transaction): a partner that is down is logged, never a reason to keep an account
 * its owner asked to delete.
 */
export function endPartnerAccessInBackground(
  connector: BetSyncConnector | null,
  user: PartnerUser,
  log: FastifyBaseLogger,
): void {
  if (!connector) return
  const end = async () => {
    for (const account of await connector.linkedAccounts(user)) {
      if (account.usable) await connector.unlink(account)
    }
  }
  end().catch((error: unknown) => {
    if (error instanceof ConnectorError) log.warn({ err: error, user: user.id }, 'partner access not ended')
    else log.error({ err: error, user: user.id }, 'partner access not ended')
  })
}

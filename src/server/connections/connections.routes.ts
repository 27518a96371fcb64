import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { messageAnswer } from '../../contract/common'
import {
  connectAnswer,
  connectBody,
  connectionStatus,
  connectionsAnswer,
  sportsbookParams,
  syncAnswer,
  syncBody,
} from '../../contract/connections'
import { CONNECTION_MESSAGES, SPORTSBOOKS, SYNC_INTERVAL, sportsbookById } from '../../domain/sportsbooks'
import { signedInUser } from '../auth/session.plugin'
import { refusals } from '../http/contract'
import { badRequest, conflict, HttpError, notFound } from '../http/errors'
import { perWindow } from '../http/rate-limit'
import { connectionsRepository } from './connections.repository'
import { reconcile, type SyncContext, syncSportsbooks } from './connections.service'
import { type BetSyncConnector, ConnectorError } from './connector'

/**
 * Sportsbook connections (docs/spec/product-spec.md §2, §3 and §7, decision 020), in the signed-in subtree. The bet-sync
 * partner is SharpSports when its keys are configured; without them the status says partner access is
 * required, and connect and sync answer 409 with that reason (the screen points to Import).
 */
export async function connectionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { config } = app
  const repo = connectionsRepository(app.db)
  const connector = app.betSync

  const context = (request: FastifyRequest, partner: BetSyncConnector): SyncContext => ({
    db: app.db,
    repo,
    connector: partner,
    now: app.clock(),
    maxBets: config.limits.maxBetsPerUser,
    log: request.log,
    games: app.gameLookup,
    timeZone: signedInUser(request).timezone,
  })
  const requirePartner = (): BetSyncConnector => {
    if (!connector) throw conflict(CONNECTION_MESSAGES.partnerRequired)
    return connector
  }
  const partnerDown = (request: FastifyRequest, error: unknown): never => {
    if (!(error instanceof ConnectorError)) throw error
    request.log.warn({ err: error }, 'bet-sync partner failed')
    throw new HttpError(503, CONNECTION_MESSAGES.partnerDown)
  }

  /**
   * Whether this look may ask the partner (two calls) about pending links: a page refreshed in a loop
   * must not turn into unthrottled partner calls. Past the limit the answer is the connections as last
   * known, not a 429: the screen stays usable, and the next window asks again.
   */
  const mayAskPartner = async (userId: number): Promise<boolean> => {
    try {
      await app.rateLimit(`partner-lookup:user:${userId}`, app.policies.rateLimits.partnerLookupsPerUser)
      return true
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return false
      throw error
    }
  }

  app.get(
    '/api/sportsbooks/connections',
    {
      schema: {
        summary: 'The sportsbooks a user can connect, each connected or available',
        description:
          'A book linked at the bet-sync partner since the last look shows connected at once (the partner is asked while a connection is pending).',
        response: { 200: connectionsAnswer },
      },
    },
    async (request) => {
      const user = signedInUser(request)
      let rows = await repo.list(user.id)
      // A book linked at the partner since the last look shows Connected without waiting for a sync.
      if (connector && rows.some((row) => row.status === 'pending') && (await mayAskPartner(user.id))) {
        try {
          rows = (await reconcile(context(request, connector), user)).rows
        } catch (error) {
          if (!(error instanceof ConnectorError)) throw error
          request.log.warn({ err: error }, 'bet-sync partner failed; connections as last known')
        }
      }
      const connected = new Set(rows.filter((row) => row.status === 'connected').map((row) => row.sportsbook))
      return {
        availableSportsbooks: SPORTSBOOKS.map((book) => ({
          id: book.id,
          name: book.name,
          description: book.description,
          status: connected.has(book.id) ? ('connected' as const) : ('available' as const),
        })),
      }
    },
  )

  app.get(
    '/api/sportsbooks/status',
    {
      schema: {
        summary: 'Whether sportsbook connections are available here',
        description:
          '`opticOddsAvailable` (the spec’s name) and `status: ready` when a bet-sync partner (SharpSports) is configured; `partner_required` otherwise, when Import is the way to bring bets in.',
        response: { 200: connectionStatus },
      },
    },
    async () => ({
      opticOddsAvailable: connector !== null,
      status: connector ? ('ready' as const) : ('partner_required' as const),
      syncInterval: SYNC_INTERVAL,
      partner: connector?.partner ?? null,
    }),
  )

  const connectSchema = {
    summary: 'Start connecting a sportsbook',
    description:
      'Answers the partner’s hosted page (`linkUrl`) where the bettor signs in to the book; Grid never sees the password. The connection shows connected once the partner reports the book linked. 400 for an unknown book; 409 without a partner or when already connected; 503 when the partner cannot be reached.',
    body: connectBody,
    response: { 200: connectAnswer, ...refusals(400, 409, 503) },
  }
  app.post('/api/sportsbooks/connect', { schema: connectSchema }, async (request) => {
    const user = signedInUser(request)
    const book = sportsbookById(request.body.sportsbook)
    if (!book) throw badRequest(CONNECTION_MESSAGES.unknownSportsbook, 'sportsbook')
    const partner = requirePartner()
    const existing = (await repo.list(user.id)).find((row) => row.sportsbook === book.id)
    if (existing?.status === 'connected') throw conflict(`${book.name} is already connected`)
    try {
      const { linkUrl } = await partner.startLink(user, book, `${config.http.appUrl}/connections`)
      await repo.markPending(user.id, book.id, app.clock())
      return {
        message: `Sign in to ${book.name} on ${partner.partner}'s secure page to finish connecting. Grid never sees your sportsbook password.`,
        linkUrl,
      }
    } catch (error) {
      return partnerDown(request, error)
    }
  })

  const syncSchema = {
    summary: 'Sync bets from the connected sportsbooks',
    description: `Asks the partner to read the books again, then stores their single spread, total and moneyline bets on games Grid has, and their slips of several legs as tickets (legs on games Grid has, the others off the feed, settled from the slip's outcome), as committed bets, keyed by the partner’s bet id: a re-sync adds nothing and counts changed bets (a result) as updated. \`errors\` lists what could not be stored with the reason; \`skipped\` counts kinds Grid does not track (parlays, props). 409 without a partner; 503 when it cannot be reached; ${perWindow(app.policies.rateLimits.sportsbookSyncPerAccount)}.`,
    body: syncBody,
    response: { 200: syncAnswer, ...refusals(400, 409, 429, 503) },
  }
  app.post('/api/sportsbooks/sync', { schema: syncSchema }, async (request) => {
    const user = signedInUser(request)
    const partner = requirePartner()
    await app.rateLimit(`sportsbook-sync:user:${user.id}`, app.policies.rateLimits.sportsbookSyncPerAccount)
    try {
      const result = await syncSportsbooks(context(request, partner), user)
      return {
        result: {
          newBets: result.newBets,
          updatedBets: result.updatedBets,
          errors: result.errors.map(({ sportsbook, externalId, reason }) => ({
            sportsbook,
            externalId,
            reason,
          })),
          skipped: result.skipped,
          tickets: result.tickets,
        },
      }
    } catch (error) {
      return partnerDown(request, error)
    }
  })

  /** Decision 020: Disconnect works: the partner's access to the book ends, and Grid forgets the connection. */
  const disconnectSchema = {
    summary: 'Disconnect a sportsbook (decision 020)',
    description:
      'Removes the partner’s access to the book and forgets the connection; bets already synced stay. 404 when the book is not connected; 503 when the partner cannot be reached (the connection stays).',
    params: sportsbookParams,
    response: { 200: messageAnswer, ...refusals(400, 404, 503) },
  }
  app.delete('/api/sportsbooks/connections/:id', { schema: disconnectSchema }, async (request) => {
    const user = signedInUser(request)
    const book = sportsbookById(request.params.id)
    if (!book) throw badRequest(CONNECTION_MESSAGES.unknownSportsbook, 'id')
    const row = (await repo.list(user.id)).find((connection) => connection.sportsbook === book.id)
    if (!row) throw notFound(`${book.name} is not connected`)
    if (connector) {
      try {
        // A link finished at the partner but not yet seen by Grid (still pending here) is ended too.
        const account = row.partnerAccountId
          ? { accountId: row.partnerAccountId, sportsbook: book, usable: true }
          : (await connector.linkedAccounts(user)).find((linked) => linked.sportsbook.id === book.id)
        if (account) await connector.unlink(account)
      } catch (error) {
        return partnerDown(request, error)
      }
    }
    await repo.remove(user.id, book.id)
    return { message: `${book.name} disconnected. Bets already synced stay in your history.` }
  })
}

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
import { connectionsRepository } from './connections.repository'
import { reconcile, type SyncContext, syncSportsbooks } from './connections.service'
import { type BetSyncConnector, ConnectorError } from './connector'

/**
 * Sportsbook connections (spec sections 2, 3 and 7, decision 020), in the signed-in subtree. The bet-sync
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
    maxBets: config.maxBetsPerUser,
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
      await app.rateLimit(`partner-lookup:user:${userId}`, config.rateLimits.partnerLookupsPerUser)
      return true
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return false
      throw error
    }
  }

  app.get(
    '/api/sportsbooks/connections',
    { schema: { response: { 200: connectionsAnswer } } },
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

  app.get('/api/sportsbooks/status', { schema: { response: { 200: connectionStatus } } }, async () => ({
    opticOddsAvailable: connector !== null,
    status: connector ? ('ready' as const) : ('partner_required' as const),
    syncInterval: SYNC_INTERVAL,
    partner: connector?.partner ?? null,
  }))

  const connectSchema = { body: connectBody, response: { 200: connectAnswer, ...refusals(400, 409, 503) } }
  app.post('/api/sportsbooks/connect', { schema: connectSchema }, async (request) => {
    const user = signedInUser(request)
    const book = sportsbookById(request.body.sportsbook)
    if (!book) throw badRequest(CONNECTION_MESSAGES.unknownSportsbook, 'sportsbook')
    const partner = requirePartner()
    const existing = (await repo.list(user.id)).find((row) => row.sportsbook === book.id)
    if (existing?.status === 'connected') throw conflict(`${book.name} is already connected`)
    try {
      const { linkUrl } = await partner.startLink(user, book, `${config.appUrl}/connections`)
      await repo.markPending(user.id, book.id, app.clock())
      return {
        message: `Sign in to ${book.name} on ${partner.partner}'s secure page to finish connecting. Grid never sees your sportsbook password.`,
        linkUrl,
      }
    } catch (error) {
      return partnerDown(request, error)
    }
  })

  const syncSchema = { body: syncBody, response: { 200: syncAnswer, ...refusals(400, 409, 429, 503) } }
  app.post('/api/sportsbooks/sync', { schema: syncSchema }, async (request) => {
    const user = signedInUser(request)
    const partner = requirePartner()
    await app.rateLimit(`sportsbook-sync:user:${user.id}`, config.rateLimits.sportsbookSyncPerAccount)
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
        },
      }
    } catch (error) {
      return partnerDown(request, error)
    }
  })

  /** Decision 020: Disconnect works: the partner's access to the book ends, and Grid forgets the connection. */
  const disconnectSchema = {
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

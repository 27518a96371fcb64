import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { messageAnswer } from '../../contract/common'
import {
  ADMIN_NOT_DELETABLE,
  deleteAccountBody,
  EXPORT_LINK_GONE,
  exportTokenParams,
} from '../../contract/users'
import { verifyPassword } from '../auth/crypto'
import { signedInUser } from '../auth/session.plugin'
import { refusals } from '../http/contract'
import { badRequest, conflict, notFound } from '../http/errors'
import { perWindow, spanText } from '../http/rate-limit'
import { deleteAccountNow } from './account-deletion'
import {
  EXPORT_LINK_AFTER_USE_MINUTES,
  EXPORT_LINK_DAYS,
  FINANCIAL_RETENTION_YEARS,
} from './accounts.repository'
import { archiveName, dataArchive } from './data-export'

const zipAnswer = { content: { 'application/zip': { schema: z.string() } } }

/** Decision 025 for the signed-in user: 'Download my data' and 'Delete my account' (Settings). */
export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  const exportSchema = {
    summary: 'Download my data (ZIP)',
    description: `The account (JSON), every bet in Grid’s CSV format, referral codes and discounts (JSON) and payments (CSV), decision 025. ${perWindow(app.policies.rateLimits.dataExportPerAccount)}.`,
    response: { 200: zipAnswer, ...refusals(429) },
  }
  app.get('/api/user/data-export', { schema: exportSchema }, async (request, reply) => {
    const user = signedInUser(request)
    await app.rateLimit(`data-export:user:${user.id}`, app.policies.rateLimits.dataExportPerAccount)
    const now = app.clock()
    const archive = await dataArchive(app.db, app.repos.bets, user, now)
    return sendZip(reply, archive, archiveName(user, now))
  })

  const deleteSchema = {
    summary: 'Delete my account',
    description: `Asks for the password. A Stripe subscription is canceled at once first (503, nothing deleted, when Stripe cannot be reached). Personal data goes at once; bets and payments are kept de-identified for ${FINANCIAL_RETENTION_YEARS} years (decision 025). The owner is e-mailed a link to download their data for ${EXPORT_LINK_DAYS} days.`,
    body: deleteAccountBody,
    response: { 200: messageAnswer, ...refusals(400, 409, 429, 503) },
  }
  app.delete('/api/user/account', { schema: deleteSchema }, async (request, reply) => {
    const user = signedInUser(request)
    // Decision 013: an admin account is demoted first (npm run admin), so deleting one never leaves Grid without one.
    if (user.role === 'admin') throw conflict(ADMIN_NOT_DELETABLE)
    await app.rateLimit(`delete-account:user:${user.id}`, app.policies.rateLimits.accountDeletePerAccount)
    if (!(await verifyPassword(user.passwordHash, request.body.password)))
      throw badRequest('The password is not correct', 'password')
    await deleteAccountNow(app, user, 'request')
    request.log.info({ userId: user.id }, 'account deleted at its owner’s request')
    app.authCookies.clear(reply, app.authCookies.session)
    return {
      message:
        'Your account has been deleted. A link to download your data for 30 days is on its way by e-mail.',
    }
  })
}

/**
 * The e-mailed link of a terminated account (docs/spec/product-spec.md §9: 30 days), signed out by nature; an hour
 * after its first download it is dead. The request log shows the route's `:token` redacted.
 */
export async function dataExportLinkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const schema = {
    summary: 'Download a deleted account’s data (the e-mailed link)',
    description: `404 once the ${EXPORT_LINK_DAYS} days are over, or ${spanText(EXPORT_LINK_AFTER_USE_MINUTES * 60)} after the first download.`,
    params: exportTokenParams,
    response: { 200: zipAnswer, ...refusals(400, 404, 429) },
  }
  app.get('/api/data-export/:token', { schema }, async (request, reply) => {
    await app.rateLimit(`data-export:ip:${request.ip}`, app.policies.rateLimits.resetPerIp)
    const found = await app.repos.accounts.useExport(request.params.token, app.clock())
    if (!found) throw notFound(EXPORT_LINK_GONE)
    request.log.info({ formerUserId: found.formerUserId }, 'terminated account data downloaded')
    return sendZip(reply, found.archive, `grid-data-${found.createdAt.toISOString().slice(0, 10)}.zip`)
  })
}

function sendZip(reply: FastifyReply, archive: Uint8Array, name: string) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(archive))
}

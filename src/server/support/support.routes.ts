import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { supportAnswer, supportBody } from '../../contract/support'
import { SUPPORT_CATEGORY_LABELS } from '../../domain/support'
import type { UserRow } from '../db/schema'
import type { SupportRequestRow } from '../db/support-schema'
import { refusals } from '../http/contract'
import { perWindow } from '../http/rate-limit'
import { supportRepository } from './support.repository'

export const SUPPORT_SENT = 'Support request sent'

/**
 * Decision 020: POST /api/support stores the request, then e-mails it to SUPPORT_EMAIL. Signed in or not: the
 * spec's /support page is signed-in, but someone who cannot log in needs support most; a signed-in
 * sender's request carries their user id.
 */
export async function supportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { config, mailer } = app
  const requests = supportRepository(app.db)

  const schema = {
    summary: 'Send a support request',
    description: `Stored, then e-mailed to support with the requester as Reply-To (decision 020). ${perWindow(app.policies.rateLimits.supportPerIp, 'IP')}.`,
    body: supportBody,
    response: { 201: supportAnswer, ...refusals(400, 429) },
  }
  app.post('/api/support', { schema }, async (request, reply) => {
    const { body } = request
    // Counted after validation: only requests that store a row and send a mail use up the allowance, so
    // a few typos never lock someone out of support for an hour.
    await app.rateLimit(`support:ip:${request.ip}`, app.policies.rateLimits.supportPerIp)
    const user = request.user
    const row = await requests.create({ userId: user?.id ?? null, ...body })
    try {
      await mailer.send({
        to: config.mail.supportEmail,
        subject: `[Support] ${row.subject}`,
        text: supportMailText(row, user),
        replyTo: row.email,
      })
    } catch (error) {
      // The request is stored (support_requests, this id) before any mail is tried, so it is not lost:
      // support can read it there. Failing the request now would only make the sender submit it again.
      request.log.error(
        { err: error, supportRequestId: row.id },
        'support mail failed; the request is stored',
      )
    }
    return reply.code(201).send({ message: SUPPORT_SENT, id: row.id })
  })
}

/**
 * Plain text for support. The Mail type has no Reply-To, so the sender's address leads the message:
 * support answers to it, not to the From of the mail (Grid's own no-reply address).
 */
function supportMailText(row: SupportRequestRow, user: UserRow | null): string {
  return [
    `Support request #${row.id} from the Grid support form.`,
    '',
    `Reply to: ${row.email}`,
    `Category: ${SUPPORT_CATEGORY_LABELS[row.category]}`,
    `User: ${user ? `#${user.id} ${user.username} <${user.email}>` : 'not signed in'}`,
    `Subject: ${row.subject}`,
    `Received: ${row.createdAt.toISOString()}`,
    '',
    row.message,
  ].join('\n')
}

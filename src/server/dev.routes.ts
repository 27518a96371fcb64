import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { outboxAnswer } from '../contract/system'
import { OUTBOX_SIZE } from './mail/mailer'

/** Decision 012: the development outbox, only outside production and only without a real SMTP server. */
export async function devRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { outbox } = app.mailer
  if (!outbox) return
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        summary: `Development only: the last ${OUTBOX_SIZE} e-mails`,
        response: { 200: outboxAnswer },
      },
    },
    async () => ({
      messages: outbox,
    }),
  )
}

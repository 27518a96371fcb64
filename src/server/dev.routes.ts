import type { FastifyInstance } from 'fastify'

/** D12: the development outbox, only outside production and only without a real SMTP server. */
export async function devRoutes(app: FastifyInstance) {
  const { outbox } = app.mailer
  if (!outbox) return
  app.get('/api/dev/outbox', async () => ({ messages: outbox }))
}

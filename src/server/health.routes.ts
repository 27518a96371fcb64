import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { healthAnswer } from '../contract/system'

/** Liveness for load balancers and uptime checks: no session, no database, just an answer. */
export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get(
    '/api/health',
    { schema: { summary: 'Liveness: no session, no database', response: { 200: healthAnswer } } },
    async () => ({ ok: true as const }),
  )
}

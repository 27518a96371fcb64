import type { FastifyInstance } from 'fastify'

/** Liveness for load balancers and uptime checks: no session, no database, just an answer. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async () => ({ ok: true }))
}

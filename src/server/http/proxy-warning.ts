import type { FastifyInstance } from 'fastify'

export const UNTRUSTED_PROXY_WARNING =
  "requests come through a proxy (X-Forwarded-For) but TRUST_PROXY is not set: every client has the proxy's address, so per-address limits and login delays treat all users as one. Set TRUST_PROXY to the number of proxy hops in front of Grid or to the proxies' addresses"

/**
 * Decision 015: without TRUST_PROXY the client address is the socket's, which behind a proxy is the proxy's for
 * every user. A request carrying X-Forwarded-For says such a proxy is there, so the log says it once.
 */
export function warnOfUntrustedProxy(app: FastifyInstance): void {
  if (app.config.http.trustProxy !== false) return
  let warned = false
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return
    warned = true
    request.log.warn({ address: request.ip }, UNTRUSTED_PROXY_WARNING)
  })
}

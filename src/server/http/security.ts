import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { forbidden } from './errors'

/**
 * Browser-facing defences: security headers with a CSP the built app satisfies, and a same-origin check
 * on every state-changing request (D14). SameSite=Lax cookies already stop most cross-site posts; the
 * Origin check also covers same-site subdomains and old browsers.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export const security = fp(async (app: FastifyInstance, options: { appUrl: string }) => {
  const trusted = new URL(options.appUrl).origin
  // The API speaks JSON only. Fastify also parses text/plain by default, a type any cross-site form or
  // fetch may send without a preflight: without its parser such bodies answer 415.
  app.removeContentTypeParser('text/plain')

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    const origin = requestOrigin(request)
    if (origin !== null && origin !== trusted && origin !== ownOrigin(request)) {
      throw forbidden('Cross-origin request refused')
    }
  })

  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', CSP)
    reply.header('x-content-type-options', 'nosniff')
    reply.header('x-frame-options', 'DENY')
    reply.header('referrer-policy', 'same-origin')
    reply.header('cross-origin-opener-policy', 'same-origin')
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()')
  })
})

/** The Origin header, else the Referer's origin; null when neither was sent (not a browser). */
function requestOrigin(request: FastifyRequest): string | null {
  const header = request.headers.origin ?? request.headers.referer
  if (header === undefined) return null
  try {
    return new URL(header).origin
  } catch {
    return 'invalid'
  }
}

/** This request's own origin, normalised like the Origin header's (no default port). */
function ownOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin
  } catch {
    return null
  }
}

import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import { type Config, servesHttps } from '../config'
import { forbidden } from './errors'

/**
 * Browser-facing defences: helmet's security headers with a CSP the built app satisfies, on every answer
 * (framework errors included: see `secureHeaders`); `Cache-Control: no-store` on every API answer, since
 * they carry the user's bets and account; and a same-origin check on every state-changing request (decision 014).
 * SameSite=Lax cookies already stop most cross-site posts; the Origin check also covers same-site
 * subdomains and old browsers.
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The headers for every answer, worked out once by helmet at start. HSTS follows APP_URL being https,
 * never the request (a proxy in front may speak plain HTTP to Grid). helmet is Express middleware that
 * only sets headers; it runs here on a scratch response, and every answer then gets the same object
 * through Fastify's own header list: setting them on each raw response halved the requests per second.
 */
export function secureHeaders(config: Pick<Config, 'http'>): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    strictTransportSecurity: servesHttps(config) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  })
  const request = new IncomingMessage(new Socket())
  const scratch = new ServerResponse(request)
  middleware(request, scratch, () => {})
  const headers: Record<string, string> = { 'permissions-policy': 'camera=(), microphone=(), geolocation=()' }
  for (const [name, value] of Object.entries(scratch.getHeaders())) headers[name] = String(value)
  return headers
}

/** The security headers on an answer, and no-store on the API's: they carry the user's bets and account. */
export function withSecureHeaders(
  headers: Record<string, string>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  reply.headers(headers)
  if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store')
}

/**
 * `headers` are the app's one `secureHeaders`: buildApp also hands them to the framework-error handler,
 * whose answers (a malformed URL, say) skip every hook.
 */
export const security = fp(
  async (app: FastifyInstance, options: { appUrl: string; headers: Record<string, string> }) => {
    const trusted = new URL(options.appUrl).origin
    const { headers } = options
    // The API speaks JSON only. Fastify also parses text/plain by default, a type any cross-site form or
    // fetch may send without a preflight: without its parser such bodies answer 415.
    app.removeContentTypeParser('text/plain')

    // First of all hooks, so that a refusal by any later one carries the headers too.
    app.addHook('onRequest', async (request, reply) => {
      withSecureHeaders(headers, request, reply)
      if (SAFE_METHODS.has(request.method)) return
      const origin = requestOrigin(request)
      if (origin !== null && origin !== trusted && origin !== ownOrigin(request)) {
        throw forbidden('Cross-origin request refused')
      }
    })
  },
)

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

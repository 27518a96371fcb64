import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { effectiveTier } from '../../domain/subscription'
import { type Config, servesHttps } from '../config'
import type { UserRow } from '../db/schema'
import { unauthorized } from '../http/errors'
import { SessionCache } from './session-cache'
import { SESSION_DAYS } from './sessions'

declare module 'fastify' {
  interface FastifyInstance {
    authCookies: AuthCookies
    /** Decision 041: the session lookups this instance holds (auth/session-cache.ts). */
    sessionCache: SessionCache
  }
  interface FastifyContextConfig {
    /** A GET that writes a user or a session (the logout link): it catches up like a POST (below). */
    writesAccounts?: boolean
  }
  interface FastifyRequest {
    /** The signed-in user, or null. Loaded once per request from the session cookie. */
    user: UserRow | null
    sessionToken: string | null
  }
}

/** A cookie value longer than this is no token of ours: not worth a database lookup. */
const MAX_TOKEN_LENGTH = 200

/**
 * The session and pending-login cookies (decision 014): httpOnly, SameSite=Lax, on path /. Over https (APP_URL,
 * never the request, which a proxy may have rewritten) they are Secure and named `__Host-...`, which a
 * browser accepts only from this exact host over https: a sibling subdomain cannot plant one.
 */
export function authCookies(config: Pick<Config, 'http'>) {
  const secure = servesHttps(config)
  const prefix = secure ? '__Host-' : ''
  const options = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure }
  return {
    session: `${prefix}grid_session`,
    pendingLogin: `${prefix}grid_2fa`,
    set(reply: FastifyReply, name: string, token: string, maxAgeSeconds: number): void {
      reply.setCookie(name, token, { ...options, maxAge: maxAgeSeconds })
    },
    setSession(reply: FastifyReply, token: string): void {
      this.set(reply, this.session, token, SESSION_DAYS * 86_400)
    },
    clear(reply: FastifyReply, name: string): void {
      reply.clearCookie(name, options)
    },
    /** One of our cookies as sent, or null when absent or too long to be ours. */
    read(request: FastifyRequest, name: string): string | null {
      const value = request.cookies[name]
      return value && value.length <= MAX_TOKEN_LENGTH ? value : null
    },
  }
}

export type AuthCookies = ReturnType<typeof authCookies>

/** Methods that change nothing: their requests need not wait for the session cache to catch up. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Reads the session cookie on every request; a bad, expired or revoked cookie simply means signed out.
 * The lookup goes through the instance's session cache (decision 041).
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const cache = new SessionCache({
    ttlSeconds: app.config.accounts.sessionCacheSeconds,
    sessions: app.repos.sessions,
    clock: app.clock,
    log: app.log,
  })
  await cache.listen(app.database)
  app.decorate('sessionCache', cache)
  app.addHook('onClose', async () => cache.close())
  app.decorate('authCookies', authCookies(app.config))
  app.decorateRequest('user', null)
  app.decorateRequest('sessionToken', null)
  // Read-your-writes on this instance: a request that may have written a user row or a session (any
  // write method, whoever sends it: the user's own settings, an admin's suspension, a login, a webhook)
  // answers only once this instance has heard the write's announcement, so the next request here, the
  // writer's or the user's, never meets the row as it was. The write is committed by then (handlers
  // await their transactions); waiting in onSend holds the answer, not the commit.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READS.has(request.method) || request.routeOptions.config?.writesAccounts) await cache.catchUp()
    return payload
  })
  app.addHook('onRequest', async (request) => {
    const token = app.authCookies.read(request, app.authCookies.session)
    if (!token) return
    const user = await cache.user(token)
    if (!user) return
    // Decision 016: the plan as of now, whether or not the account job has written down a trial's or period's end.
    const tier = effectiveTier(user, app.clock())
    request.user = tier === user.subscriptionTier ? user : { ...user, subscriptionTier: tier }
    request.sessionToken = token
  })
})

/** The signed-in user, else 401: for the few public routes that also serve a signed-in user (2FA setup). */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized()
  return request.user
}

/**
 * The user of a request in the signed-in subtree (http/guards.ts), whose hook has already refused a
 * request without one: reaching here without a user is a bug in the route's registration.
 */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error(`${request.routeOptions.url} is served outside the signed-in subtree`)
  return request.user
}

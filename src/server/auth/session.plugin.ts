import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { UserRow } from '../db/schema'
import { forbidden, unauthorized } from '../http/errors'
import { SESSION_COOKIE, SESSION_DAYS } from './sessions'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Loaded once per request from the session cookie. */
    user: UserRow | null
    sessionToken: string | null
  }
}

/** Reads the session cookie on every request; a bad, expired or revoked cookie simply means signed out. */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null)
  app.decorateRequest('sessionToken', null)
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE]
    if (!token || token.length > 200) return
    const user = await app.repos.sessions.user(token)
    if (!user) return
    request.user = user
    request.sessionToken = token
  })
})

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized()
  return request.user
}

/** D13: admin rights are the role, checked by the server on every admin route. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (requireUser(request).role !== 'admin') throw forbidden('Admin access required')
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: SESSION_DAYS * 86_400,
  })
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' })
}

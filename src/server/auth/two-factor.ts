import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { devConveniences } from '../config'
import type { UserRow } from '../db/schema'
import { badRequest, HttpError, parse, unauthorized } from '../http/errors'
import { isBlocked, publicUser } from '../users/user-view'
import { codeBody, enableTwoFactorBody } from './auth.schemas'
import { type CodeCheck, isExpired, type OneTimeToken } from './one-time-tokens'
import { requireUser, setSessionCookie } from './session.plugin'

/**
 * D14 two-factor login. After the password, a 6-digit code goes to the user's e-mail (or phone) and a
 * short-lived cookie names the pending login; /verify with the right code opens the session. The same
 * /verify and /send-code serve the settings page's setup flow when no login is pending.
 */
export const PENDING_LOGIN_COOKIE = 'grid_2fa'

type Method = 'email' | 'sms'

export async function startLoginChallenge(app: FastifyInstance, user: UserRow, reply: FastifyReply) {
  const method: Method = user.twoFactorMethod === 'sms' ? 'sms' : 'email'
  const { token, code } = await app.repos.tokens.issue('login_2fa', user.id, { code: true })
  reply.setCookie(PENDING_LOGIN_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.request.protocol === 'https',
    maxAge: 600,
  })
  await deliverCode(app, user, method, code ?? '')
  return {
    requiresTwoFactor: true,
    twoFactorMethod: method === 'sms' ? 'phone' : 'email',
    ...(devConveniences(app.config) ? { codeForDev: code } : {}),
  }
}

export async function twoFactorRoutes(app: FastifyInstance) {
  const { repos, config } = app

  app.post('/api/auth/2fa/enable', async (request) => {
    const user = requireUser(request)
    const { method } = parse(enableTwoFactorBody, request.body)
    if (method === 'email' && !user.email) throw badRequest('Add an e-mail address first', 'method')
    if (method === 'sms' && !user.cellPhone) throw badRequest('Add a phone number first', 'method')
    await limit(app, request, user.id)
    const { code } = await repos.tokens.issue('setup_2fa', user.id, { code: true, payload: { method } })
    await deliverCode(app, user, method, code ?? '')
    return { method, message: `Code sent via ${method}`, ...devCode(app, code) }
  })

  app.post('/api/auth/2fa/send-code', async (request, reply) => {
    const pending = await pendingLogin(app, request)
    if (pending) {
      await limit(app, request, pending.userId)
      // A spent (already verified or superseded) or expired pending login must not yield a new code: that
      // would let an old cookie start a sign-in without the password. The user logs in again.
      const user = await repos.users.byId(pending.userId)
      if (!user || !isOpen(pending) || isBlocked(user, new Date())) throw signInExpired(reply)
      const { twoFactorMethod, ...rest } = await startLoginChallenge(app, user, reply)
      return { method: twoFactorMethod, ...rest }
    }
    const user = requireUser(request)
    const setup = await repos.tokens.latestOpen('setup_2fa', user.id)
    if (!setup) throw badRequest('Choose a method to set up two-factor authentication first')
    await limit(app, request, user.id)
    const method: Method = setup.payload?.method === 'sms' ? 'sms' : 'email'
    const { code } = await repos.tokens.issue('setup_2fa', user.id, { code: true, payload: { method } })
    await deliverCode(app, user, method, code ?? '')
    return { method, ...devCode(app, code) }
  })

  app.post('/api/auth/2fa/verify', async (request, reply) => {
    const { code } = parse(codeBody, request.body)
    const pending = await pendingLogin(app, request)
    if (pending) {
      await limit(app, request, pending.userId)
      // The pending login lives as long as its code (10 minutes, once): past that, log in again.
      if (!isOpen(pending)) throw signInExpired(reply)
      refuse(await repos.tokens.checkCode(pending, code))
      const user = await repos.users.byId(pending.userId)
      if (!user || isBlocked(user, new Date()) || !(await repos.tokens.spend(pending.id)))
        throw signInExpired(reply)
      const session = await repos.sessions.create(user.id)
      await repos.users.update(user.id, { lastLoginAt: new Date() })
      reply.clearCookie(PENDING_LOGIN_COOKIE, { path: '/api/auth' })
      setSessionCookie(request, reply, session.token)
      return { message: 'Verification Successful', user: publicUser(user) }
    }
    const user = requireUser(request)
    await limit(app, request, user.id)
    const setup = await repos.tokens.latestOpen('setup_2fa', user.id)
    if (!setup) throw badRequest('Request a new code', 'code')
    refuse(await repos.tokens.checkCode(setup, code))
    const method = setup.payload?.method === 'sms' ? 'sms' : 'email'
    const updated = await app.db.transaction(async (tx) => {
      if (!(await repos.tokens.spend(setup.id, tx)))
        throw badRequest('This code has expired. Request a new one.', 'code')
      return repos.users.update(user.id, { twoFactorEnabled: true, twoFactorMethod: method }, tx)
    })
    return { message: '2FA Enabled Successfully', user: updated ? publicUser(updated) : null }
  })

  app.post('/api/auth/2fa/disable', async (request) => {
    const user = requireUser(request)
    const updated = await repos.users.update(user.id, { twoFactorEnabled: false, twoFactorMethod: null })
    return { message: '2FA Disabled', user: updated ? publicUser(updated) : null }
  })

  function devCode(app: FastifyInstance, code: string | null) {
    return devConveniences(app.config) ? { codeForDev: code } : {}
  }

  async function limit(app: FastifyInstance, request: FastifyRequest, userId: number) {
    await app.rateLimit(`2fa:ip:${request.ip}`, config.rateLimits.twoFactorPerIp)
    await app.rateLimit(`2fa:user:${userId}`, config.rateLimits.twoFactorPerAccount)
  }
}

async function pendingLogin(app: FastifyInstance, request: FastifyRequest): Promise<OneTimeToken | null> {
  const token = request.cookies[PENDING_LOGIN_COOKIE]
  if (!token || token.length > 200) return null
  return app.repos.tokens.find('login_2fa', token)
}

function isOpen(row: OneTimeToken): boolean {
  return row.usedAt === null && !isExpired(row)
}

/** Ends a pending login that can no longer complete: the cookie goes, and the answer says to log in again. */
function signInExpired(reply: FastifyReply): HttpError {
  reply.clearCookie(PENDING_LOGIN_COOKIE, { path: '/api/auth' })
  return unauthorized('Your sign-in expired. Please log in again.')
}

function refuse(check: CodeCheck): void {
  if (check === 'ok') return
  const messages: Record<Exclude<CodeCheck, 'ok'>, string> = {
    wrong: 'Invalid verification code',
    locked: 'Too many wrong codes. Request a new code.',
    expired: 'This code has expired. Request a new one.',
  }
  throw new HttpError(400, messages[check], 'code')
}

/**
 * E-mail codes go through the mailer. No SMS gateway is configured in this version: outside production
 * the code is logged as 'sent' and shown as codeForDev; in production SMS codes are refused (503).
 */
async function deliverCode(app: FastifyInstance, user: UserRow, method: Method, code: string): Promise<void> {
  if (method === 'email') {
    await app.mailer
      .send({
        to: user.email,
        subject: 'Your Grid verification code',
        text: `Your Grid verification code is ${code}. It is valid for 10 minutes.\n\nIf you did not try to sign in, change your password.`,
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'verification code e-mail failed')
        throw new HttpError(503, 'We could not send your code right now. Please try again in a minute.')
      })
    return
  }
  if (!devConveniences(app.config)) throw new HttpError(503, 'SMS codes are not available yet. Use e-mail.')
  app.log.info({ userId: user.id }, 'SMS code issued (no SMS gateway outside production; see codeForDev)')
}

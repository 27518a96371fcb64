import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { devConveniences } from '../config'
import { conflict, parse, unauthorized } from '../http/errors'
import { isBlocked, publicUser } from '../users/user-view'
import { isUniqueViolation } from '../users/users.repository'
import { loginBody, registerBody } from './auth.schemas'
import { hashPassword, verifyNothing, verifyPassword } from './crypto'
import { sendVerificationEmail } from './email-verification'
import { clearSessionCookie, requireUser, setSessionCookie } from './session.plugin'
import { SESSION_COOKIE } from './sessions'
import { PENDING_LOGIN_COOKIE, startLoginChallenge } from './two-factor'

const INVALID_LOGIN = 'Invalid username or password'

export async function authRoutes(app: FastifyInstance) {
  const { repos, config } = app

  app.post('/api/auth/register', async (request, reply) => {
    await app.rateLimit(`register:ip:${request.ip}`, config.rateLimits.registerPerIp)
    const body = parse(registerBody, request.body)
    if (await repos.users.byUsername(body.username)) throw conflict('Username already taken', 'username')
    if (await repos.users.byEmail(body.email))
      throw conflict('An account with this email already exists', 'email')
    const user = await repos.users
      .create(
        {
          username: body.username,
          email: body.email.toLowerCase(),
          passwordHash: await hashPassword(body.password),
          cellPhone: body.cellPhone ?? null,
          referralCode: body.referralCode || null,
        },
        config,
      )
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? conflict('Username or email already taken', 'username') : error
      })
    await sendVerificationEmail(app, user)
    return reply.code(201).send({ message: 'Registration complete', user: publicUser(user) })
  })

  app.post('/api/auth/login', async (request, reply) => {
    await app.rateLimit(`login:ip:${request.ip}`, config.rateLimits.loginPerIp)
    const body = parse(loginBody, request.body)
    await app.rateLimit(`login:user:${body.username.toLowerCase()}`, config.rateLimits.loginPerAccount)
    const user = await repos.users.byUsername(body.username)
    const valid = user
      ? await verifyPassword(user.passwordHash, body.password)
      : await verifyNothing(body.password)
    if (!user || !valid || isBlocked(user, new Date())) throw unauthorized(INVALID_LOGIN)
    // A new sign-in replaces whatever this browser held: an old session, an abandoned 2FA step.
    await endBrowserSession(request, reply)
    if (user.twoFactorEnabled) return startLoginChallenge(app, user, reply)
    const session = await repos.sessions.create(user.id)
    await repos.users.update(user.id, { lastLoginAt: new Date() })
    setSessionCookie(request, reply, session.token)
    return { requiresTwoFactor: false, user: publicUser(user) }
  })

  app.get('/api/auth/user', async (request) => publicUser(requireUser(request)))

  /** Navigation (the Free Trial button): a signed-in user goes home, others to the login screen. */
  app.get('/api/auth/login', async (request, reply) => reply.redirect(request.user ? '/' : '/login'))

  /** Navigation: ends this session and goes home. */
  app.get('/api/logout', async (request, reply) => {
    await endBrowserSession(request, reply)
    return reply.redirect('/')
  })

  async function endBrowserSession(request: FastifyRequest, reply: FastifyReply) {
    if (request.sessionToken) await repos.sessions.delete(request.sessionToken)
    if (request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookie(reply)
    if (request.cookies[PENDING_LOGIN_COOKIE] !== undefined)
      reply.clearCookie(PENDING_LOGIN_COOKIE, { path: '/api/auth' })
  }

  if (devConveniences(config)) {
    app.log.warn('development conveniences are on (D12): codeForDev, resetLink and /api/dev/outbox')
  }
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { loginAnswer, loginBody } from '../../contract/auth'
import { messageAnswer, redirect } from '../../contract/common'
import { ACCOUNT_MESSAGES, suspendedMessage } from '../../domain/accounts'
import { INACTIVITY } from '../../domain/inactivity'
import { REFERRAL_MESSAGES } from '../../domain/referrals'
import { TRIAL_DAYS } from '../../domain/subscription'
import { devConveniences } from '../config'
import { refusals } from '../http/contract'
import { badRequest, conflict, forbidden, unauthorized } from '../http/errors'
import { perWindow, spanText } from '../http/rate-limit'
import { isBlocked, publicUser } from '../users/user-view'
import { registerBody } from './auth.schemas'
import { verifyPassword } from './crypto'
import { mailVerificationLink } from './email-verification'
import { TOKEN_TTL_MS } from './one-time-tokens'
import { mailSignUpAttempt } from './security-mail'
import { startLoginChallenge } from './two-factor'

const INVALID_LOGIN = ACCOUNT_MESSAGES.invalidLogin
/** Decision 022: the one answer to every sign-up that passes validation, whether or not its e-mail is registered. */
export const REGISTERED = 'Registration complete. Check your e-mail to verify your address, then log in.'

/** Signing up, in and out: public routes. */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { repos, config } = app
  const signUpPolicy = {
    trialDays: TRIAL_DAYS,
    trialSlotCap: config.billing.trialSlotCap,
    adminEmail: config.accounts.adminEmail,
  }

  /**
   * Decision 022: a taken e-mail address gets the same answer as a new one, and its owner an e-mail saying someone
   * tried. Both take the same path, so they also take as long: the password is hashed, the account insert
   * is tried (the address's unique index refuses a taken one), a new account's verification token is
   * written or the address's owner read in the same transaction, and either mail goes off the request
   * path. A taken username may still be said: it is public in shared links and cannot be kept secret.
   */
  const registerSchema = {
    summary: 'Create an account',
    description: `acceptTerms must be true: the bettor confirms being 18 or older and accepting the Terms of Service and the Privacy Policy (400 naming the field otherwise). Sends the verification e-mail. The answer is the same for a new address as for a registered one (decision 022). A \`referralCode\` must exist (400 \`referralCode\` otherwise): the new account is bound to the code’s owner at that moment. The admin is the ADMIN_EMAIL account once verified, else the first account (decision 013); others get a ${TRIAL_DAYS}-day trial while slots last (decision 016). ${perWindow(app.policies.rateLimits.registerPerIp, 'IP')}.`,
    body: registerBody,
    response: { 201: messageAnswer, ...refusals(400, 409, 429) },
  }
  app.post('/api/auth/register', { schema: registerSchema }, async (request, reply) => {
    await app.rateLimit(`register:ip:${request.ip}`, app.policies.rateLimits.registerPerIp)
    const body = request.body
    if (await repos.users.byUsername(body.username)) throw conflict('Username already taken', 'username')
    const referredBy = body.referralCode ? await repos.referrals.ownerOf(body.referralCode) : null
    if (body.referralCode && referredBy === null) throw badRequest(REFERRAL_MESSAGES.unknown, 'referralCode')
    const passwordHash = await app.passwords.hash(body.password)
    const account = {
      username: body.username,
      email: body.email.toLowerCase(),
      passwordHash,
      cellPhone: body.cellPhone ?? null,
      referralCode: body.referralCode || null,
      referredBy,
    }
    const created = await repos.users.create(account, signUpPolicy, (user, tx) =>
      repos.tokens.issueFirst('verify_email', user.id, tx),
    )
    if ('row' in created) mailVerificationLink(app, created.row, created.welcome)
    else if (created.owner) mailSignUpAttempt(app, created.owner)
    else throw conflict('Username already taken', 'username')
    return reply.code(201).send({ message: REGISTERED })
  })

  /**
   * Decision 015: only failures count, per account at this address and per address (over the accounts it has not
   * signed into), and they slow the next attempt down rather than lock it. The attempt is counted before
   * argon2 runs, so guesses sent together are each one attempt. The credentials version read here goes
   * with the session or the pending login: a password change committed while argon2 was checking ends
   * both (decision 014). A suspended account is told so (403) only after its right password: to anyone else it is
   * an invalid login like every other, so the answer reveals nothing about the account.
   */
  const loginSchema = {
    summary: 'Sign in',
    description: `Sets the session cookie, or, with two-factor on, a ${TOKEN_TTL_MS.login_2fa / 60_000}-minute pending-login cookie and \`requiresTwoFactor: true\`. Every failure is 401 "Invalid username or password"; only the right password of a suspended account is told it is suspended (403, with the end of the suspension in UTC, if any). Failures slow the next attempt (decision 015): ${app.policies.loginThrottle.freePerAccountAddress} free per account at one address, ${app.policies.loginThrottle.freePerAddress} per address over the accounts never signed in from it, then 429 with Retry-After, doubling up to ${spanText(app.policies.loginThrottle.maxDelaySeconds)}.`,
    body: loginBody,
    response: { 200: loginAnswer, ...refusals(400, 401, 403, 429, 503) },
  }
  app.post('/api/auth/login', { schema: loginSchema }, async (request, reply) => {
    const { body } = request
    const user = await repos.users.byUsername(body.username)
    const attempt = await app.loginThrottle.begin(body.username, request.ip, user?.id ?? null)
    const valid = user
      ? await verifyPassword(user.passwordHash, body.password)
      : await app.passwords.verifyNothing(body.password)
    if (!user || !valid || user.isDeleted) {
      await attempt.failed()
      throw unauthorized(INVALID_LOGIN)
    }
    await attempt.succeeded(user.id)
    if (isBlocked(user, app.clock()))
      throw forbidden(suspendedMessage(user.suspendedUntil, config.mail.supportEmail))
    // A new sign-in replaces whatever this browser held: an old session, an abandoned 2FA step.
    await endBrowserSession(request, reply)
    if (user.twoFactorEnabled) return startLoginChallenge(app, user, reply)
    const session = await repos.sessions.create(user.id, user.credentialsVersion)
    if (!session) throw unauthorized(INVALID_LOGIN)
    await repos.users.recordLogin(user.id, app.clock(), INACTIVITY.bannerDays)
    app.authCookies.setSession(reply, session.token)
    return { requiresTwoFactor: false as const, user: publicUser(user) }
  })

  /** Navigation (the Free Trial button): a signed-in user goes home, others to the login screen. */
  app.get(
    '/api/auth/login',
    {
      schema: {
        summary: 'Navigation: home when signed in, else the login screen',
        response: { 302: redirect },
      },
    },
    async (request, reply) => reply.redirect(request.user ? '/' : '/login'),
  )

  /**
   * Navigation: ends this session and goes home. A GET (the spec's link), so another site could make a
   * browser follow it; browsers say where a navigation came from in Sec-Fetch-Site, and only this site's
   * own pages and a typed address ('none') may log out. A client that sends no such header is no browser.
   */
  app.get(
    '/api/logout',
    {
      schema: {
        summary: 'Navigation: end this session and go home',
        description: "Only this site's own pages or a typed address may log out (Sec-Fetch-Site).",
        response: { 302: redirect, ...refusals(403) },
      },
      config: { writesAccounts: true },
    },
    async (request, reply) => {
      const site = request.headers['sec-fetch-site']
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        throw forbidden('Log out from Grid itself: a link from another site cannot sign you out.')
      }
      await endBrowserSession(request, reply)
      return reply.redirect('/')
    },
  )

  async function endBrowserSession(request: FastifyRequest, reply: FastifyReply) {
    const { authCookies } = app
    if (request.sessionToken) await repos.sessions.delete(request.sessionToken)
    if (request.cookies[authCookies.session] !== undefined) authCookies.clear(reply, authCookies.session)
    if (request.cookies[authCookies.pendingLogin] !== undefined)
      authCookies.clear(reply, authCookies.pendingLogin)
  }

  if (devConveniences(config)) {
    app.log.warn('development conveniences are on (decision 012): codeForDev, resetLink and /api/dev/outbox')
  }
}

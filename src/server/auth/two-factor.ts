import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  codeBody,
  disableTwoFactorBody,
  enableTwoFactorAnswer,
  enableTwoFactorBody,
  sendCodeAnswer,
  verifyAnswer,
} from '../../contract/auth'
import { noBody } from '../../contract/common'
import { ACCOUNT_MESSAGES } from '../../domain/accounts'
import { INACTIVITY } from '../../domain/inactivity'
import { devConveniences } from '../config'
import type { Db } from '../db/client'
import type { UserRow } from '../db/schema'
import { refusals } from '../http/contract'
import { badRequest, HttpError, unauthorized } from '../http/errors'
import { spanText } from '../http/rate-limit'
import { isBlocked, publicUser } from '../users/user-view'
import { credentialsAreCurrent } from '../users/users.repository'
import { changeCredentials } from './credentials'
import { verifyPassword } from './crypto'
import {
  type CodeCheck,
  isExpired,
  MAX_CODE_ATTEMPTS,
  type OneTimeToken,
  TOKEN_TTL_MS,
} from './one-time-tokens'
import { mailSecurityChange } from './security-mail'
import { requireUser, signedInUser } from './session.plugin'

/**
 * Decision 014 two-factor login. After the password, a 6-digit code goes to the user's e-mail (or phone) and a
 * short-lived cookie names the pending login; /verify with the right code opens the session. The pending
 * login lives 10 minutes from the password step in total, whatever codes are resent, and dies with any
 * credentials change. The same /verify and /send-code serve the settings page's setup flow when no login
 * is pending.
 */
type Method = 'email' | 'sms'

const SIGN_IN_EXPIRED = 'Your sign-in expired. Please log in again.'

export async function startLoginChallenge(app: FastifyInstance, user: UserRow, reply: FastifyReply) {
  const method: Method = user.twoFactorMethod === 'sms' ? 'sms' : 'email'
  const version = user.credentialsVersion
  const issued = await app.db.transaction(async (tx) =>
    (await credentialsAreCurrent(tx, user.id, version))
      ? app.repos.tokens.issue('login_2fa', user.id, { code: true, credentialsVersion: version }, tx)
      : null,
  )
  // The credentials changed while the password was checked: that password no longer opens anything.
  if (!issued?.code) throw unauthorized(ACCOUNT_MESSAGES.invalidLogin)
  const { authCookies } = app
  authCookies.set(reply, authCookies.pendingLogin, issued.token, TOKEN_TTL_MS.login_2fa / 1000)
  await deliverCode(app, user, method, issued.code, 'login')
  return {
    requiresTwoFactor: true as const,
    twoFactorMethod: loginMethod(method),
    ...devCode(app, issued.code),
  }
}

/** The login answer says 'phone' where the settings say 'sms' (docs/spec/product-spec.md §3). */
function loginMethod(method: Method) {
  return method === 'sms' ? ('phone' as const) : ('email' as const)
}

const codeRefusals = refusals(400, 401, 429, 503)

/** Turning 2FA on and off in Settings: the signed-in subtree (http/guards.ts). */
export async function twoFactorSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  const enableSchema = {
    summary: 'Start turning two-factor on',
    description: 'Sends a code by e-mail or SMS; verifying it turns two-factor on.',
    body: enableTwoFactorBody,
    response: { 200: enableTwoFactorAnswer, ...codeRefusals },
  }
  app.post('/api/auth/2fa/enable', { schema: enableSchema }, async (request) => {
    const user = signedInUser(request)
    const { method } = request.body
    if (method === 'email' && !user.email) throw badRequest('Add an e-mail address first', 'method')
    if (method === 'sms' && !user.cellPhone) throw badRequest('Add a phone number first', 'method')
    await limit(app, request, user.id)
    const code = await issueSetupCode(app, user, method)
    return { method, message: `Code sent via ${method}`, ...devCode(app, code) }
  })

  /** Decision 014: turning 2FA off needs the current password, and ends every other session. */
  const disableSchema = {
    summary: 'Turn two-factor off',
    body: disableTwoFactorBody,
    response: { 200: verifyAnswer, ...codeRefusals },
  }
  app.post('/api/auth/2fa/disable', { schema: disableSchema }, async (request) => {
    const user = signedInUser(request)
    const { password } = request.body
    await limit(app, request, user.id)
    if (!(await verifyPassword(user.passwordHash, password)))
      throw badRequest('The password is not correct', 'password')
    const updated = await app.db.transaction((tx) => setTwoFactor(app, tx, request, user.id, null))
    return twoFactorChanged(app, updated, '2FA Disabled')
  })
}

/**
 * Public routes: a pending sign-in has no session yet. The same send-code and verify serve the set-up
 * steps of a signed-in user when no sign-in is pending (`requireUser`).
 */
export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { repos } = app

  const sendCodeSchema = {
    summary: 'Send a new code for the pending login or setup',
    body: noBody,
    response: { 200: sendCodeAnswer, ...codeRefusals },
  }
  app.post('/api/auth/2fa/send-code', { schema: sendCodeSchema }, async (request, reply) => {
    const pending = await pendingLogin(request)
    if (pending) {
      await limit(app, request, pending.userId)
      // A new code on the same pending login, which keeps its expiry: resending never extends it. A spent
      // (verified, superseded, ended by a credentials change) or expired one yields nothing: the user logs
      // in again.
      const user = await repos.users.byId(pending.userId)
      const code = user && !isBlocked(user, app.clock()) ? await repos.tokens.renewCode(pending.id) : null
      if (!user || code === null) throw signInExpired(reply)
      const method: Method = user.twoFactorMethod === 'sms' ? 'sms' : 'email'
      await deliverCode(app, user, method, code, 'login')
      return { method: loginMethod(method), requiresTwoFactor: true as const, ...devCode(app, code) }
    }
    const user = requireUser(request)
    const setup = await repos.tokens.latestOpen('setup_2fa', user.id)
    if (!setup) throw badRequest('Choose a method to set up two-factor authentication first')
    await limit(app, request, user.id)
    const method: Method = setup.payload?.method === 'sms' ? 'sms' : 'email'
    const code = await issueSetupCode(app, user, method)
    return { method, ...devCode(app, code) }
  })

  const verifySchema = {
    summary: 'Complete a pending login or a two-factor setup',
    description: `Codes last ${spanText(TOKEN_TTL_MS.login_2fa / 1000)} and lock after ${MAX_CODE_ATTEMPTS} wrong tries (decision 014).`,
    body: codeBody,
    response: { 200: verifyAnswer, ...codeRefusals },
  }
  app.post('/api/auth/2fa/verify', { schema: verifySchema }, async (request, reply) => {
    const { code } = request.body
    const pending = await pendingLogin(request)
    if (pending) {
      await limit(app, request, pending.userId)
      if (pending.usedAt !== null || isExpired(pending, app.clock())) throw signInExpired(reply)
      refuse(await repos.tokens.checkCode(pending, code))
      const user = await repos.users.byId(pending.userId)
      if (!user || isBlocked(user, app.clock()) || pending.credentialsVersion === null)
        throw signInExpired(reply)
      const version = pending.credentialsVersion
      // The code is spent and the session opened together, and only under the credentials the password
      // step saw (decision 014).
      const session = await app.db.transaction(async (tx) => {
        if (!(await repos.tokens.spend(pending.id, tx))) return null
        return repos.sessions.create(user.id, version, tx)
      })
      if (!session) throw signInExpired(reply)
      await repos.users.recordLogin(user.id, app.clock(), INACTIVITY.bannerDays)
      app.authCookies.clear(reply, app.authCookies.pendingLogin)
      app.authCookies.setSession(reply, session.token)
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
      return setTwoFactor(app, tx, request, user.id, method)
    })
    return twoFactorChanged(app, updated, '2FA Enabled Successfully')
  })

  async function pendingLogin(request: FastifyRequest): Promise<OneTimeToken | null> {
    const token = app.authCookies.read(request, app.authCookies.pendingLogin)
    return token ? repos.tokens.find('login_2fa', token) : null
  }

  /** Ends a pending login that can no longer complete: the cookie goes, and the answer says to log in again. */
  function signInExpired(reply: FastifyReply): HttpError {
    app.authCookies.clear(reply, app.authCookies.pendingLogin)
    return unauthorized(SIGN_IN_EXPIRED)
  }
}

/** Turns two-factor on with `method`, or off with null: a credentials change (this session stays). */
function setTwoFactor(
  app: FastifyInstance,
  tx: Db,
  request: FastifyRequest,
  userId: number,
  method: Method | null,
) {
  const settings = { twoFactorEnabled: method !== null, twoFactorMethod: method }
  return changeCredentials(app, tx, userId, settings, request.sessionToken)
}

/** The answer to a two-factor change, after the security e-mail about it is on its way. */
function twoFactorChanged(app: FastifyInstance, updated: UserRow | null, message: string) {
  if (updated) mailSecurityChange(app, updated, updated.twoFactorEnabled ? 'two_factor_on' : 'two_factor_off')
  return { message, user: updated ? publicUser(updated) : null }
}

async function issueSetupCode(app: FastifyInstance, user: UserRow, method: Method): Promise<string> {
  const { code } = await app.repos.tokens.issue('setup_2fa', user.id, { code: true, payload: { method } })
  if (code === null) throw new Error('a setup token was issued without its code')
  await deliverCode(app, user, method, code, 'setup')
  return code
}

/** Decision 015: every code sent or tried counts, per client address and per account. */
async function limit(app: FastifyInstance, request: FastifyRequest, userId: number) {
  await app.rateLimit(`2fa:ip:${request.ip}`, app.policies.rateLimits.twoFactorPerIp)
  await app.rateLimit(`2fa:user:${userId}`, app.policies.rateLimits.twoFactorPerAccount)
}

/** Decision 012: the code in the answer, only when NODE_ENV says development or test. */
function devCode(app: FastifyInstance, code: string): { codeForDev?: string } {
  return devConveniences(app.config) ? { codeForDev: code } : {}
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

/** What a code is for: the e-mail says it, and what to do if the owner did not ask for it. */
type CodePurpose = 'login' | 'setup'

const CODE_CONTEXT: Record<CodePurpose, string> = {
  login: 'Enter it to finish signing in to Grid.\n\nIf you did not try to sign in, change your password.',
  setup:
    'Enter it in Settings to turn on two-factor sign-in for your Grid account.\n\nIf you did not ask for this, change your password: someone may be signed in to your account.',
}

/**
 * E-mail codes go through the mailer. No SMS gateway is configured in this version: outside production
 * the code is logged as 'sent' and shown as codeForDev; in production SMS codes are refused (503).
 */
async function deliverCode(
  app: FastifyInstance,
  user: UserRow,
  method: Method,
  code: string,
  purpose: CodePurpose,
): Promise<void> {
  if (method === 'email') {
    await app.mailer
      .send({
        to: user.email,
        subject: 'Your Grid verification code',
        text: `Your Grid verification code is ${code}. It is valid for 10 minutes.\n\n${CODE_CONTEXT[purpose]}`,
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

import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  confirmChangeForm,
  confirmChangeQuery,
  forgotPasswordAnswer,
  forgotPasswordBody,
  INVALID_RESET,
  type resetWithToken,
  type resetWithUsername,
  tokenBody,
} from '../../contract/auth'
import { messageAnswer, redirect } from '../../contract/common'
import { devConveniences } from '../config'
import type { Db } from '../db/client'
import { refusals } from '../http/contract'
import { badRequest } from '../http/errors'
import { perWindow, spanText } from '../http/rate-limit'
import { sendInBackground } from '../mail/mailer'
import { isAdminEmail } from './admin-bootstrap'
import { resetPasswordBody } from './auth.schemas'
import { confirmPage, singleToken } from './confirm-page'
import { changeCredentials } from './credentials'
import { verifyPassword } from './crypto'
import { isExpired, TOKEN_TTL_MS, type TokenKind } from './one-time-tokens'
import { mailSecurityChange } from './security-mail'

/**
 * Password reset by e-mailed link, the login screen's Reset tab (decision 011: it only e-mails a confirmation
 * link), and e-mail verification. Answers never say whether an account exists.
 */
const FORGOT_MESSAGE = 'If an account exists for that email, we sent a link to reset the password.'
const CHANGE_MESSAGE = 'If that account exists, we e-mailed a link to confirm the new password.'
export const RESET_DONE = 'Your password has been updated. Please log in with your new password.'
const VERIFIED = 'Email successfully verified!'
const VERIFY_EXPIRED = 'Verification token has expired'
/** Once a password changes, every other open reset link and pending change dies: mail sent before must not undo it. */
const PASSWORD_LINKS: TokenKind[] = ['password_reset', 'password_change']

/** Public routes: whoever lost a password is signed out. */
export async function passwordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { repos, config } = app

  const forgotSchema = {
    summary: 'E-mail a password reset link',
    description: `The same answer whatever the address. ${perWindow(app.policies.rateLimits.resetPerIp, 'IP')}, ${perWindow(app.policies.rateLimits.resetPerAccount, 'account')}.`,
    body: forgotPasswordBody,
    response: { 200: forgotPasswordAnswer, ...refusals(400, 429) },
  }
  app.post('/api/auth/forgot-password', { schema: forgotSchema }, async (request) => {
    await app.rateLimit(`reset:ip:${request.ip}`, app.policies.rateLimits.resetPerIp)
    const { email } = request.body
    await app.rateLimit(`reset:account:${email.toLowerCase()}`, app.policies.rateLimits.resetPerAccount)
    // Outside production the answer carries the link (decision 012), and so says whether the account exists.
    if (devConveniences(config)) {
      const resetLink = await issueResetLink(email)
      return { message: FORGOT_MESSAGE, ...(resetLink ? { resetLink } : {}) }
    }
    // In production nothing that depends on the address runs before the answer: it takes as long for an
    // unknown address as for a known one.
    issueResetLink(email).catch((error: unknown) => app.log.error({ err: error }, 'reset link failed'))
    return { message: FORGOT_MESSAGE }
  })

  /** The same statements for an unknown address as for a known one; the mail goes off the request path. */
  async function issueResetLink(email: string): Promise<string | null> {
    const issued = await repos.tokens.issueForEmail('password_reset', email)
    if (!issued) return null
    const resetLink = `${config.http.appUrl}/reset-password?token=${encodeURIComponent(issued.token)}`
    sendInBackground(app, {
      to: email.trim().toLowerCase(),
      subject: 'Reset your Grid password',
      text: `Open this link within an hour to choose a new password:\n${resetLink}\n\nIf you did not ask for this, ignore this message.`,
    })
    return resetLink
  }

  const resetSchema = {
    summary: 'Set a new password',
    description: `With \`token\`: from an e-mailed link (${spanText(TOKEN_TTL_MS.password_reset / 1000)}, once); ends every session. With \`username\`: only e-mails a link to confirm the change (decision 011), the same answer whether the account exists.`,
    body: resetPasswordBody,
    response: { 200: messageAnswer, ...refusals(400, 429) },
  }
  app.post('/api/auth/reset-password', { schema: resetSchema }, async (request) => {
    await app.rateLimit(`reset:ip:${request.ip}`, app.policies.rateLimits.resetPerIp)
    const { body } = request
    return 'token' in body ? resetByToken(body) : requestPasswordChange(body)
  })

  async function resetByToken({ token, newPassword }: z.infer<typeof resetWithToken>) {
    const row = await repos.tokens.find('password_reset', token)
    if (!row || row.usedAt) throw badRequest(INVALID_RESET, 'token')
    if (isExpired(row, app.clock()))
      throw badRequest('This reset link has expired. Please request a new password reset.', 'token')
    const passwordHash = await app.passwords.hash(newPassword)
    const user = await app.db.transaction(async (tx) => {
      if (!(await repos.tokens.spend(row.id, tx))) throw badRequest(INVALID_RESET, 'token')
      return setPassword(row.userId, passwordHash, tx)
    })
    if (user) mailSecurityChange(app, user, 'password')
    return { message: RESET_DONE }
  }

  /** Decision 014: a new password voids every other link and ends every session and pending login. */
  async function setPassword(userId: number, passwordHash: string, tx: Db) {
    await repos.tokens.spendAll(userId, PASSWORD_LINKS, tx)
    return changeCredentials(app, tx, userId, { passwordHash })
  }

  /** Decision 011: the new password waits, hashed, until the account's owner opens the e-mailed link. */
  async function requestPasswordChange({ username, newPassword }: z.infer<typeof resetWithUsername>) {
    await app.rateLimit(`reset:account:${username.toLowerCase()}`, app.policies.rateLimits.resetPerAccount)
    const user = await repos.users.byUsername(username)
    const passwordHash = await app.passwords.hash(newPassword)
    if (!user || user.isDeleted) return { message: CHANGE_MESSAGE }
    const { token } = await repos.tokens.issue('password_change', user.id, { payload: { passwordHash } })
    const link = `${config.http.appUrl}/api/auth/confirm-password-change?token=${encodeURIComponent(token)}`
    sendInBackground(app, {
      to: user.email,
      subject: 'Confirm your new Grid password',
      text: `Someone asked to change the password of ${user.username}. If it was you, open this link within an hour and type the new password once more:\n${link}\n\nIf not, ignore this message: your password stays as it is.`,
    })
    return { message: CHANGE_MESSAGE }
  }

  /**
   * The link in the decision 011 e-mail opens a page that asks for the new password again; nothing changes on a
   * GET, so a mail scanner or link preview that fetches the link changes nothing.
   */
  const pageSchema = {
    summary: 'Navigation: the page that confirms an e-mailed password change',
    description: 'Changes nothing itself, so a link preview cannot apply the change.',
    querystring: confirmChangeQuery,
    response: { 200: { content: { 'text/html': { schema: z.string() } } }, 302: redirect },
  }
  app.get('/api/auth/confirm-password-change', { schema: pageSchema }, async (request, reply) => {
    const token = singleToken(request.query.token)
    const row = token ? await repos.tokens.find('password_change', token) : null
    if (!token || !row?.payload?.passwordHash) return reply.redirect('/login?passwordChange=invalid')
    if (row.usedAt || isExpired(row, app.clock())) return reply.redirect('/login?passwordChange=expired')
    return reply.type('text/html; charset=utf-8').send(confirmPage(token))
  })

  await app.register(async (plain) => {
    const confirm = plain.withTypeProvider<ZodTypeProvider>()
    // Only this route reads the page's plain HTML form; the Origin check (security.ts) still applies.
    confirm.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
    /**
     * Decision 011: applies the requested password only when the one typed again matches it. Five wrong tries spend
     * the link, like a 2FA code's five (decision 014).
     */
    const formSchema = {
      summary: 'Apply a confirmed password change (the HTML form of that page)',
      description: 'Ends every session and goes to the login screen.',
      body: confirmChangeForm,
      response: { 303: redirect, 400: { content: { 'text/html': { schema: z.string() } } } },
    }
    confirm.post('/api/auth/confirm-password-change', { schema: formSchema }, async (request, reply) => {
      const form = request.body
      const token = singleToken(form.token)
      const row = token ? await repos.tokens.find('password_change', token) : null
      const passwordHash = row?.payload?.passwordHash
      if (!token || !row || !passwordHash) return reply.redirect('/login?passwordChange=invalid', 303)
      if (row.usedAt || isExpired(row, app.clock()) || !(await repos.tokens.countAttempt(row)))
        return reply.redirect('/login?passwordChange=expired', 303)
      const typed = typeof form.password === 'string' ? form.password : ''
      if (!(await verifyPassword(passwordHash, typed))) {
        const html = confirmPage(
          token,
          'That is not the new password that was requested. Type it exactly as you chose it.',
        )
        return reply.code(400).type('text/html; charset=utf-8').send(html)
      }
      const user = await app.db.transaction(async (tx) => {
        if (!(await repos.tokens.spend(row.id, tx))) return null
        return setPassword(row.userId, passwordHash, tx)
      })
      if (user) mailSecurityChange(app, user, 'password')
      return reply.redirect(user ? '/login?passwordChange=done' : '/login?passwordChange=expired', 303)
    })
  })

  const verifySchema = {
    summary: 'Verify the e-mail address with the emailed token',
    body: tokenBody,
    response: { 200: messageAnswer, ...refusals(400) },
  }
  app.post('/api/auth/verify-email', { schema: verifySchema }, async (request) => {
    const { token } = request.body
    const row = await repos.tokens.find('verify_email', token)
    if (!row) throw badRequest('Invalid verification link', 'token')
    if (row.usedAt) {
      const user = await repos.users.byId(row.userId)
      if (user?.emailVerifiedAt) return { message: VERIFIED }
      throw badRequest('Invalid verification link', 'token')
    }
    if (isExpired(row, app.clock())) throw badRequest(VERIFY_EXPIRED, 'token')
    const promoted = await app.db.transaction(async (tx) => {
      if (!(await repos.tokens.spend(row.id, tx))) throw badRequest(VERIFY_EXPIRED, 'token')
      const verified = await repos.users.update(row.userId, { emailVerifiedAt: app.clock() }, tx)
      const user = verified && (await repos.users.regainTrial(verified, config.billing.trialSlotCap, tx))
      // Decision 013: the ADMIN_EMAIL account becomes admin once its owner has proved the address is theirs.
      if (user && isAdminEmail(config, user) && user.role !== 'admin')
        return repos.users.setAdmin(user.id, true, tx)
      return null
    })
    if (promoted)
      app.log.info({ userId: promoted.id }, 'ADMIN_EMAIL account verified: it is now admin (decision 013)')
    return { message: VERIFIED }
  })
}

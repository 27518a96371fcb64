import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { messageAnswer, noBody } from '../../contract/common'
import {
  displayBody,
  inactivityStatus,
  publicUser as publicUserSchema,
  timezoneAnswer,
  timezoneBody,
  updateUsernameBody,
  userAnswer,
} from '../../contract/users'
import { readUnitSize } from '../../domain/display'
import { inactivityStatus as bannerStatus, INACTIVITY } from '../../domain/inactivity'
import { verifyPassword } from '../auth/crypto'
import { sendVerificationEmail } from '../auth/email-verification'
import { mailUsernameChange } from '../auth/security-mail'
import { signedInUser } from '../auth/session.plugin'
import type { UserRow } from '../db/schema'
import { refusals } from '../http/contract'
import { badRequest, conflict } from '../http/errors'
import { perWindow } from '../http/rate-limit'
import { publicUser } from './user-view'
import { isUniqueViolation } from './users.repository'

/** The signed-in user's own account (registered in the signed-in subtree: http/guards.ts). */
export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { repos } = app

  app.get(
    '/api/auth/user',
    { schema: { summary: 'The signed-in user', response: { 200: publicUserSchema } } },
    async (request) => publicUser(signedInUser(request)),
  )

  /**
   * The username is the login name: an unlocked browser must not change it without the password (rate
   * limited like the other password checks), and the owner is e-mailed when it changes.
   */
  const usernameSchema = {
    summary: 'Change the username',
    description: `Needs the current password (400 \`password\` when wrong; ${perWindow(app.policies.rateLimits.usernameChangePerAccount, 'account')}) and e-mails the owner. The name is NFKC-normalised and may then hold only ASCII letters, digits and \`. _ -\`, as at sign-up. 409 when it is taken.`,
    body: updateUsernameBody,
    response: { 200: userAnswer, ...refusals(400, 409, 429) },
  }
  app.post('/api/auth/update-username', { schema: usernameSchema }, async (request) => {
    const user = signedInUser(request)
    const { newUsername, password } = request.body
    await app.rateLimit(`username:user:${user.id}`, app.policies.rateLimits.usernameChangePerAccount)
    if (!(await verifyPassword(user.passwordHash, password)))
      throw badRequest('The password is not correct', 'password')
    if (newUsername === user.username) return { message: 'Username unchanged', user: publicUser(user) }
    const taken = await repos.users.byUsername(newUsername)
    if (taken && taken.id !== user.id) throw conflict('Username already taken', 'newUsername')
    const updated = await repos.users.update(user.id, { username: newUsername }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict('Username already taken', 'newUsername') : error
    })
    if (updated) mailUsernameChange(app, updated, user.username)
    return { message: 'Username Updated', user: updated ? publicUser(updated) : null }
  })

  const timezoneSchema = {
    summary: 'Set the time zone that days and history ranges use',
    body: timezoneBody,
    response: { 200: timezoneAnswer, ...refusals(400) },
  }
  app.patch('/api/user/timezone', { schema: timezoneSchema }, async (request) => {
    const user = signedInUser(request)
    const { timezone } = request.body
    const updated = await repos.users.update(user.id, { timezone })
    return { message: 'Timezone updated', timezone, user: updated ? publicUser(updated) : null }
  })

  const displaySchema = {
    summary: 'Set how prices and amounts show: odds format, unit size, currency symbol',
    description:
      'Decision 072: `oddsFormat` (american, decimal or fractional) is the bet form’s price field and how prices show; `unitSize` is one unit’s stake in dollars (null for none), which gives the CSV its units columns; `amountsInUnits` shows every amount on screen in units of it; `currencySymbol` is display only, never a conversion. What is left out stays as it was.',
    body: displayBody,
    response: { 200: userAnswer, ...refusals(400) },
  }
  app.patch('/api/user/display', { schema: displaySchema }, async (request) => {
    const user = signedInUser(request)
    const { oddsFormat, unitSize, currencySymbol, amountsInUnits } = request.body
    const changes: Partial<
      Pick<UserRow, 'oddsFormat' | 'unitSizeCents' | 'currencySymbol' | 'amountsInUnits'>
    > = {}
    if (oddsFormat !== undefined) changes.oddsFormat = oddsFormat
    if (currencySymbol !== undefined) changes.currencySymbol = currencySymbol
    if (amountsInUnits !== undefined) changes.amountsInUnits = amountsInUnits
    if (unitSize !== undefined) {
      const read = readUnitSize(unitSize)
      if ('message' in read) throw badRequest(read.message, 'unitSize')
      changes.unitSizeCents = read.cents
    }
    // Nothing given changes nothing: the settings as they are.
    const updated =
      Object.keys(changes).length === 0
        ? await repos.users.byId(user.id)
        : await repos.users.update(user.id, changes)
    return { message: 'Display settings saved', user: updated ? publicUser(updated) : null }
  })

  /**
   * Decision 021: the banner shows after the configured days of inactivity, counting down to deletion, and after a
   * sign-in that ended such an absence, until 'I'm Here!' or its dismissal.
   */
  app.get(
    '/api/user/inactivity-status',
    {
      schema: {
        summary: 'Whether to show the inactivity banner (decision 021)',
        description: `showBanner once daysInactive reaches ${INACTIVITY.bannerDays}: the days since the last activity, or the absence the latest sign-in ended (a sign-in is activity), until I’m Here! or the dismissal. timeRemaining: days until deletion, counted from the last activity.`,
        response: { 200: inactivityStatus },
      },
    },
    async (request) => {
      const user = signedInUser(request)
      return bannerStatus(user.lastActiveAt, user.absenceDays, app.clock(), INACTIVITY)
    },
  )

  const bannerActionSchema = {
    body: noBody,
    response: { 200: messageAnswer },
  }
  app.post(
    '/api/user/stay-active',
    {
      schema: {
        ...bannerActionSchema,
        summary: 'Reset the inactivity clock (I’m Here!)',
        description:
          'Activity (decision 021): the deletion count starts again and the absence the banner showed is acknowledged.',
      },
    },
    async (request) => {
      const user = signedInUser(request)
      await repos.accounts.recordActivity(user.id, app.clock())
      return { message: 'Thanks! Your account stays active.' }
    },
  )

  const dismissSchema = {
    ...bannerActionSchema,
    summary: 'Dismiss the inactivity banner',
    description:
      'Acknowledges the absence the latest sign-in ended, so the banner stops showing it; not activity.',
  }
  app.post('/api/user/dismiss-inactivity', { schema: dismissSchema }, async (request) => {
    await repos.accounts.dismissAbsence(signedInUser(request).id)
    return { message: 'Inactivity notice dismissed' }
  })

  /** The 'Request New Verification Link' button of the expired state. */
  const resendSchema = {
    summary: 'Send a new verification link',
    body: noBody,
    response: { 200: messageAnswer, ...refusals(429) },
  }
  app.post('/api/auth/resend-verification', { schema: resendSchema }, async (request) => {
    const user = signedInUser(request)
    await app.rateLimit(`verify:user:${user.id}`, app.policies.rateLimits.resetPerAccount)
    if (user.emailVerifiedAt) return { message: 'Your email is already verified' }
    await sendVerificationEmail(app, user)
    return { message: 'A new verification link is on its way' }
  })
}

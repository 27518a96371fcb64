import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  adminUserParams,
  auditPage,
  auditQuery,
  expiredDiscounts,
  hardDeleteBody,
  markPaidAnswer,
  markPaidBody,
  reasonBody,
  suspendBody,
} from '../../contract/admin'
import { messageAnswer, noBody } from '../../contract/common'
import { type AdminAction, USERS_ONLY_ACTIONS } from '../../domain/admin-actions'
import { centsToDollars, formatDollars } from '../../domain/money'
import { DISCOUNT_MONTHS, MONTHLY_PRICE_CENTS } from '../../domain/referrals'
import { deleteAccount, mailDeletion, prepareDeletion } from '../accounts/account-deletion'
import { changeCredentials } from '../auth/credentials'
import { signedInUser } from '../auth/session.plugin'
import { recordPayment } from '../billing/payments'
import type { Db } from '../db/client'
import type { UserRow } from '../db/schema'
import { refusals } from '../http/contract'
import { badRequest, conflict, forbidden, notFound } from '../http/errors'

/**
 * The admin subtree: every route here is under /api/admin, which http/guards.ts keeps to admins (decision 013:
 * 401 signed out, 403 for anyone whose role is not admin). The account actions of docs/spec/product-spec.md §4,
 * each recorded in the audit trail in its own transaction, and the trail itself.
 */

/** Suspending and deleting are for users: an admin is demoted first, as its own audited action. */
const USERS_ONLY_DOC =
  'Users only: an admin is refused with 403 until another admin or the command line demotes it.'

/**
 * A timed suspension ends after now (the server's clock): one already over would suspend no one, and
 * year 0000 is no instant PostgreSQL can store. Longer than ten years is a permanent suspension, which
 * is said by leaving the date out.
 */
const SUSPENSION_YEARS = 10
const UNTIL_FUTURE = 'suspendedUntil must be in the future'
const UNTIL_LATEST = `suspendedUntil must be at most ${SUSPENSION_YEARS} years ahead; leave it out to suspend until restored`

function suspensionEnd(text: string | null | undefined, now: Date): Date | null {
  if (!text) return null
  const until = new Date(text)
  if (until <= now) throw badRequest(UNTIL_FUTURE, 'suspendedUntil')
  if (until > yearsAfter(now, SUSPENSION_YEARS)) throw badRequest(UNTIL_LATEST, 'suspendedUntil')
  return until
}

function yearsAfter(instant: Date, years: number): Date {
  const later = new Date(instant)
  later.setUTCFullYear(later.getUTCFullYear() + years)
  return later
}

const answers = { response: { 200: messageAnswer, ...refusals(400, 401, 403, 404) } }

/** Decision 048: one admin never suspends or deletes another; the other is demoted first, as its own action. */
const adminTarget = (username: string) =>
  forbidden(
    `${username} is an admin. Demote the account first (another admin, or npm run admin -- demote), then try again.`,
  )

export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { repos } = app

  async function target(request: FastifyRequest, id: number) {
    const admin = signedInUser(request)
    if (id === admin.id) throw badRequest('You cannot change your own account here', 'id')
    const user = await repos.users.byId(id)
    if (!user) throw notFound('User not found')
    return user
  }

  /** A target of a suspension or deletion: refused before any work when it is an admin (act checks again). */
  async function usersOnlyTarget(request: FastifyRequest, id: number) {
    const user = await target(request, id)
    if (user.role === 'admin') throw adminTarget(user.username)
    return user
  }

  /**
   * Does the action and records it, in one transaction: an action is never left without its entry, which
   * names both accounts as they are now. The two rows are locked first, so the roles read here hold until
   * the commit: a suspension or deletion never reaches an account promoted meanwhile (USERS_ONLY_ACTIONS),
   * and an admin demoted meanwhile acts no more.
   */
  async function act<T>(
    request: FastifyRequest,
    user: UserRow,
    action: AdminAction,
    reason: string,
    change: (tx: Db) => Promise<T>,
    until: (done: T) => Date | null = () => null,
  ): Promise<T> {
    const admin = signedInUser(request)
    const done = await app.db.transaction(async (tx) => {
      const roles = await repos.users.lockRoles([admin.id, user.id], tx)
      if (roles.get(admin.id) !== 'admin') throw forbidden('Admin access required')
      if (USERS_ONLY_ACTIONS.includes(action) && roles.get(user.id) === 'admin') {
        throw adminTarget(user.username)
      }
      const result = await change(tx)
      const entry = {
        admin: { id: admin.id, username: admin.username },
        action,
        target: { id: user.id, username: user.username },
        reason,
        until: until(result),
      }
      await repos.audit.record(tx, entry, app.clock())
      return result
    })
    request.log.info({ admin: admin.id, target: user.id, action }, `admin ${action}`)
    return done
  }

  app.post(
    '/api/admin/users/:id/suspend',
    {
      schema: {
        summary: 'Suspend an account; its sessions end at once',
        description: USERS_ONLY_DOC,
        params: adminUserParams,
        body: suspendBody,
        ...answers,
      },
    },
    async (request) => {
      const { reason } = request.body
      const until = suspensionEnd(request.body.suspendedUntil, app.clock())
      const user = await usersOnlyTarget(request, request.params.id)
      // Decision 014: a suspension is a credentials change: every session and pending login of the user ends.
      const change = (tx: Db) =>
        changeCredentials(app, tx, user.id, { isSuspended: true, suspendedUntil: until })
      await act(request, user, 'suspend', reason, change, () => until)
      return { message: `${user.username} is suspended` }
    },
  )

  const reasonSchema = {
    params: adminUserParams,
    body: reasonBody,
    ...answers,
  }
  app.post(
    '/api/admin/users/:id/restore',
    { schema: { ...reasonSchema, summary: 'Lift a suspension or a soft deletion' } },
    async (request) => {
      const user = await target(request, request.params.id)
      await act(request, user, 'restore', request.body.reason, (tx) =>
        repos.users.update(
          user.id,
          { isSuspended: false, suspendedUntil: null, isDeleted: false, deletedAt: null },
          tx,
        ),
      )
      return { message: `${user.username} is restored` }
    },
  )

  const softDeleteSchema = {
    ...reasonSchema,
    summary: 'Soft-delete an account (restorable)',
    description: USERS_ONLY_DOC,
  }
  app.delete('/api/admin/users/:id/soft', { schema: softDeleteSchema }, async (request) => {
    const user = await usersOnlyTarget(request, request.params.id)
    await act(request, user, 'soft delete', request.body.reason, (tx) =>
      changeCredentials(app, tx, user.id, { isDeleted: true, deletedAt: app.clock() }),
    )
    return { message: `${user.username} is deleted (restorable)` }
  })

  /**
   * An admin becomes a user whose trial has ended (as `npm run admin -- demote`), by another
   * admin and as its own audited action; only then may it be suspended or deleted. No admin demotes
   * themself (target), and the demoting admin stays one (act checks it under the lock), so the last
   * admin is never demoted here.
   */
  const demoteSchema = {
    summary: 'Make another admin a user (trial ended), as its own audited action',
    description:
      'Never oneself (400); 409 for an account that is not an admin; the demoting admin must still be one, so the last admin is never demoted. Only a demoted admin may be suspended or deleted (docs/admin.md).',
    params: adminUserParams,
    body: reasonBody,
    response: { 200: messageAnswer, ...refusals(400, 401, 403, 404, 409) },
  }
  app.post('/api/admin/users/:id/demote', { schema: demoteSchema }, async (request) => {
    const user = await target(request, request.params.id)
    if (user.role !== 'admin') throw conflict(`${user.username} is not an admin`, 'id')
    await act(request, user, 'demote', request.body.reason, async (tx) => {
      const demoted = await repos.users.setAdmin(user.id, false, tx)
      if (!demoted) throw notFound('User not found')
      return demoted
    })
    return { message: `${user.username} is no longer an admin` }
  })

  /**
   * Permanent, and a decision 025 deletion like the owner's own: personal data goes at once, bets and payments
   * stay de-identified, the owner is e-mailed a 30-day download link. The audit entry stays, with the
   * username the account had (docs/accounts.md).
   * 503 when the account's Stripe subscription cannot be canceled first (decision 050): nothing is deleted.
   */
  const hardSchema = {
    summary: 'Remove an account and everything that hangs on it',
    description: `${USERS_ONLY_DOC} A Stripe subscription is canceled at once first; 503, and nothing deleted, when Stripe cannot be reached.`,
    params: adminUserParams,
    body: hardDeleteBody,
    response: { 200: messageAnswer, ...refusals(400, 401, 403, 404, 503) },
  }
  app.delete('/api/admin/users/:id/hard', { schema: hardSchema }, async (request) => {
    const user = await usersOnlyTarget(request, request.params.id)
    const deletion = await prepareDeletion(app, user, 'admin')
    const token = await act(request, user, 'hard delete', request.body.reason, async (tx) => {
      const link = await deleteAccount(app, tx, deletion)
      if (!link) throw notFound('User not found')
      return link
    })
    mailDeletion(app, deletion, token)
    return { message: `${user.username} is permanently deleted` }
  })

  /**
   * Billing without a payment provider (decisions 016 and 047): the user pays for whole months at the price less
   * their referral discount; the period follows the last paid one, the plan becomes Monthly Unlimited, and
   * a first payment starts the discount of whoever referred the user (decision 017): billing/payments.ts, the rule
   * Stripe's webhook shares. One transaction with its audit entry.
   */
  const paidSchema = {
    summary: 'Record a payment for whole months (billing without a payment provider)',
    description: `At $${formatDollars(MONTHLY_PRICE_CENTS, 0)} a month less the user’s referral discount; the period follows the last paid one; the plan becomes Monthly Unlimited; a first payment starts the referrer’s discount (decisions 016 and 017). Audited.`,
    params: adminUserParams,
    body: markPaidBody,
    response: { 200: markPaidAnswer, ...refusals(400, 401, 403, 404, 409) },
  }
  app.post('/api/admin/users/:id/mark-paid', { schema: paidSchema }, async (request) => {
    const user = await target(request, request.params.id)
    if (user.role === 'admin') throw conflict('Admins have no plan to pay for', 'id')
    const { reason, months } = request.body
    const now = app.clock()
    const admin = signedInUser(request)
    const paid = await act(
      request,
      user,
      'mark paid',
      reason,
      async (tx) => {
        const input = { terms: { months }, source: 'admin', recordedBy: admin.id } as const
        const paid = await recordPayment(tx, repos, user.id, input, now)
        // Without an externalId a payment is always recorded.
        if (!paid) throw new Error('the payment was not recorded')
        return paid
      },
      (done) => done.end,
    )
    return {
      message: `${user.username} is paid through ${paid.end.toISOString().slice(0, 10)}`,
      paidThrough: paid.end.toISOString(),
      amount: centsToDollars(paid.amountCents),
      discountPercent: paid.discountPercent,
    }
  })

  /** Decision 017: ends the referral discounts whose 12 months are over (the Admin dashboard's button). */
  const expireSchema = {
    summary: `End the referral discounts whose ${DISCOUNT_MONTHS} months are over (decision 017)`,
    body: noBody,
    response: { 200: expiredDiscounts, ...refusals(400, 401, 403) },
  }
  app.post('/api/admin/expire-discounts', { schema: expireSchema }, async (request) => {
    const expired = await repos.referrals.expire(app.clock())
    request.log.info({ admin: signedInUser(request).id, expired }, 'admin expired discounts')
    return { message: 'Expired old discounts successfully', expired }
  })

  const auditSchema = {
    summary: 'The audit trail of admin actions, newest first',
    description:
      'Who did what to whom, why and when; written with each action in its transaction and never changed. Each account is named as it was at the action (number and username), a hard-deleted one too (docs/accounts.md); `admin` is null for a role change made on the command line.',
    querystring: auditQuery,
    response: { 200: auditPage, ...refusals(400, 401, 403) },
  }
  app.get('/api/admin/audit', { schema: auditSchema }, async (request) => {
    const { page, pageSize } = request.query
    const { total, rows } = await repos.audit.page(page, pageSize)
    return {
      entries: rows.map((entry) => ({
        id: entry.id,
        at: entry.at.toISOString(),
        action: entry.action,
        admin: entry.adminId === null ? null : { id: entry.adminId, username: entry.adminUsername },
        target: { id: entry.targetId, username: entry.targetUsername },
        reason: entry.reason,
        until: entry.until?.toISOString() ?? null,
      })),
      total,
      page,
      pageSize,
    }
  })
}

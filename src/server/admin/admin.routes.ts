import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { adminUserParams, hardDeleteBody, reasonBody, suspendBody } from '../../contract/admin'
import { messageAnswer } from '../../contract/common'
import { changeCredentials } from '../auth/credentials'
import { signedInUser } from '../auth/session.plugin'
import { type UserRow, users } from '../db/schema'
import { refusals } from '../http/contract'
import { badRequest, notFound } from '../http/errors'

/**
 * The admin subtree: every route here is under /api/admin, which http/guards.ts keeps to admins (D13:
 * 401 signed out, 403 for anyone whose role is not admin). The account actions of the spec's section 4.
 */

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

  app.post(
    '/api/admin/users/:id/suspend',
    { schema: { params: adminUserParams, body: suspendBody, ...answers } },
    async (request) => {
      const { reason } = request.body
      const until = suspensionEnd(request.body.suspendedUntil, app.clock())
      const user = await target(request, request.params.id)
      // D14: a suspension is a credentials change: every session and pending login of the user ends.
      await app.db.transaction((tx) =>
        changeCredentials(app, tx, user.id, { isSuspended: true, suspendedUntil: until }),
      )
      audit(request, 'suspend', user, reason)
      return { message: `${user.username} is suspended` }
    },
  )

  const reasonSchema = { params: adminUserParams, body: reasonBody, ...answers }
  app.post('/api/admin/users/:id/restore', { schema: reasonSchema }, async (request) => {
    const user = await target(request, request.params.id)
    const { reason } = request.body
    await repos.users.update(user.id, {
      isSuspended: false,
      suspendedUntil: null,
      isDeleted: false,
      deletedAt: null,
    })
    audit(request, 'restore', user, reason)
    return { message: `${user.username} is restored` }
  })

  app.delete('/api/admin/users/:id/soft', { schema: reasonSchema }, async (request) => {
    const user = await target(request, request.params.id)
    const { reason } = request.body
    await app.db.transaction((tx) =>
      changeCredentials(app, tx, user.id, { isDeleted: true, deletedAt: app.clock() }),
    )
    audit(request, 'soft delete', user, reason)
    return { message: `${user.username} is deleted (restorable)` }
  })

  /** Permanent: the user's sessions, tokens (and, from the bets issue on, bets) go with the row. */
  const hardSchema = { params: adminUserParams, body: hardDeleteBody, ...answers }
  app.delete('/api/admin/users/:id/hard', { schema: hardSchema }, async (request) => {
    const user = await target(request, request.params.id)
    const { reason } = request.body
    await app.db.delete(users).where(eq(users.id, user.id))
    audit(request, 'hard delete', user, reason)
    return { message: `${user.username} is permanently deleted` }
  })
}

/** The reason an admin must give is kept in the log with who did what to whom (there is no audit table yet). */
function audit(request: FastifyRequest, action: string, target: UserRow, reason: string) {
  const admin = request.user
  request.log.info(
    {
      admin: admin ? { id: admin.id, username: admin.username } : null,
      target: { id: target.id, username: target.username },
      action,
      reason,
    },
    `admin ${action}`,
  )
}

import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { changeCredentials } from '../auth/credentials'
import { requireAdmin, requireUser } from '../auth/session.plugin'
import { type UserRow, users } from '../db/schema'
import type { Clock } from '../feeds/clock'
import { badRequest, notFound, parse, pathId } from '../http/errors'

/**
 * The admin subtree. One hook guards every /api/admin and /api/master route (D13): 401 signed out,
 * 403 for anyone whose role is not admin. The account actions of the spec's section 4 live here.
 */
const reason = z.string('A reason is required').trim().min(1, 'A reason is required').max(500)
const reasonBody = z.object({ reason }).strict()

/**
 * A timed suspension ends after now (the server's clock): one already over would suspend no one, and
 * year 0000 is no instant PostgreSQL can store. Longer than ten years is a permanent suspension, which
 * is said by leaving the date out.
 */
const SUSPENSION_YEARS = 10
const UNTIL_FUTURE = 'suspendedUntil must be in the future'
const UNTIL_LATEST = `suspendedUntil must be at most ${SUSPENSION_YEARS} years ahead; leave it out to suspend until restored`
const suspendSchema = (clock: Clock) =>
  z
    .object({
      reason,
      suspendedUntil: z.iso
        .datetime({ offset: true, message: 'suspendedUntil must be an ISO date-time with an offset' })
        .refine((text) => new Date(text) > clock(), UNTIL_FUTURE)
        .refine((text) => new Date(text) <= yearsAfter(clock(), SUSPENSION_YEARS), UNTIL_LATEST)
        .nullish(),
    })
    .strict()

function yearsAfter(instant: Date, years: number): Date {
  const later = new Date(instant)
  later.setUTCFullYear(later.getUTCFullYear() + years)
  return later
}

const hardDeleteBody = z
  .object({
    reason,
    confirmPassword: z.literal('HARD_DELETE_CONFIRM', 'Type HARD_DELETE_CONFIRM to confirm'),
  })
  .strict()

type IdParams = { Params: { id: string } }

export async function adminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireAdmin)
  const { repos } = app
  const suspendBody = suspendSchema(app.clock)

  async function target(request: FastifyRequest<IdParams>) {
    const id = pathId(request.params.id)
    const admin = requireUser(request)
    if (id === admin.id) throw badRequest('You cannot change your own account here', 'id')
    const user = await repos.users.byId(id)
    if (!user) throw notFound('User not found')
    return user
  }

  app.post<IdParams>('/api/admin/users/:id/suspend', async (request) => {
    const user = await target(request)
    const { reason, suspendedUntil } = parse(suspendBody, request.body)
    // D14: a suspension is a credentials change: every session and pending login of the user ends.
    await app.db.transaction((tx) =>
      changeCredentials(app, tx, user.id, {
        isSuspended: true,
        suspendedUntil: suspendedUntil ? new Date(suspendedUntil) : null,
      }),
    )
    audit(request, 'suspend', user, reason)
    return { message: `${user.username} is suspended` }
  })

  app.post<IdParams>('/api/admin/users/:id/restore', async (request) => {
    const user = await target(request)
    const { reason } = parse(reasonBody, request.body)
    await repos.users.update(user.id, {
      isSuspended: false,
      suspendedUntil: null,
      isDeleted: false,
      deletedAt: null,
    })
    audit(request, 'restore', user, reason)
    return { message: `${user.username} is restored` }
  })

  app.delete<IdParams>('/api/admin/users/:id/soft', async (request) => {
    const user = await target(request)
    const { reason } = parse(reasonBody, request.body)
    await app.db.transaction((tx) =>
      changeCredentials(app, tx, user.id, { isDeleted: true, deletedAt: new Date() }),
    )
    audit(request, 'soft delete', user, reason)
    return { message: `${user.username} is deleted (restorable)` }
  })

  /** Permanent: the user's sessions, tokens (and, from the bets issue on, bets) go with the row. */
  app.delete<IdParams>('/api/admin/users/:id/hard', async (request) => {
    const user = await target(request)
    const { reason } = parse(hardDeleteBody, request.body)
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

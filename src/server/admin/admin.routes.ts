import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { changeCredentials } from '../auth/credentials'
import { requireAdmin, requireUser } from '../auth/session.plugin'
import { type UserRow, users } from '../db/schema'
import { badRequest, notFound, parse } from '../http/errors'

/**
 * The admin subtree. One hook guards every /api/admin and /api/master route (D13): 401 signed out,
 * 403 for anyone whose role is not admin. The account actions of the spec's section 4 live here.
 */
const reason = z.string('A reason is required').trim().min(1, 'A reason is required').max(500)
const reasonBody = z.object({ reason }).strict()
const suspendBody = z.object({ reason, suspendedUntil: z.iso.datetime({ offset: true }).nullish() }).strict()
const hardDeleteBody = z
  .object({
    reason,
    confirmPassword: z.literal('HARD_DELETE_CONFIRM', 'Type HARD_DELETE_CONFIRM to confirm'),
  })
  .strict()
/** Plain decimal digits within PostgreSQL's integer (serial) range: '0x10', '1e3' or 2^31 are not ids. */
const MAX_ID = 2_147_483_647
const idParams = z.object({
  id: z
    .string('User id must be a number')
    .regex(/^[1-9]\d{0,9}$/, 'User id must be a number')
    .transform(Number)
    .refine((id) => id <= MAX_ID, 'User id must be a number'),
})

export async function adminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireAdmin)
  const { repos } = app

  async function target(request: FastifyRequest) {
    const { id } = parse(idParams, request.params)
    const admin = requireUser(request)
    if (id === admin.id) throw badRequest('You cannot change your own account here', 'id')
    const user = await repos.users.byId(id)
    if (!user) throw notFound('User not found')
    return user
  }

  app.post('/api/admin/users/:id/suspend', async (request) => {
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

  app.post('/api/admin/users/:id/restore', async (request) => {
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

  app.delete('/api/admin/users/:id/soft', async (request) => {
    const user = await target(request)
    const { reason } = parse(reasonBody, request.body)
    await app.db.transaction((tx) =>
      changeCredentials(app, tx, user.id, { isDeleted: true, deletedAt: new Date() }),
    )
    audit(request, 'soft delete', user, reason)
    return { message: `${user.username} is deleted (restorable)` }
  })

  /** Permanent: the user's sessions, tokens (and, from the bets issue on, bets) go with the row. */
  app.delete('/api/admin/users/:id/hard', async (request) => {
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

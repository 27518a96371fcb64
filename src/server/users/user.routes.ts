import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { isSupportedTimezone } from '../../domain/calendar'
import { usernameSchema } from '../auth/auth.schemas'
import { requireUser } from '../auth/session.plugin'
import { conflict, parse } from '../http/errors'
import { publicUser } from './user-view'
import { isUniqueViolation } from './users.repository'

const usernameBody = z.object({ newUsername: usernameSchema }).strict()
const timezoneBody = z
  .object({
    timezone: z
      .string('Timezone is required')
      .refine(isSupportedTimezone, 'Choose one of the listed time zones'),
  })
  .strict()

const DAY_MS = 86_400_000

export async function userRoutes(app: FastifyInstance) {
  const { repos, config } = app

  app.post('/api/auth/update-username', async (request) => {
    const user = requireUser(request)
    const { newUsername } = parse(usernameBody, request.body)
    if (newUsername === user.username) return { message: 'Username unchanged', user: publicUser(user) }
    const taken = await repos.users.byUsername(newUsername)
    if (taken && taken.id !== user.id) throw conflict('Username already taken', 'newUsername')
    const updated = await repos.users.update(user.id, { username: newUsername }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict('Username already taken', 'newUsername') : error
    })
    return { message: 'Username Updated', user: updated ? publicUser(updated) : null }
  })

  app.patch('/api/user/timezone', async (request) => {
    const user = requireUser(request)
    const { timezone } = parse(timezoneBody, request.body)
    const updated = await repos.users.update(user.id, { timezone })
    return { message: 'Timezone updated', timezone, user: updated ? publicUser(updated) : null }
  })

  /** D21: the banner shows after the configured days of inactivity, counting down to deletion. */
  app.get('/api/user/inactivity-status', async (request) => {
    const user = requireUser(request)
    // max: lastActiveAt defaults to the database's clock, which may run a little ahead of this server's.
    const daysInactive = Math.max(0, Math.floor((Date.now() - user.lastActiveAt.getTime()) / DAY_MS))
    return {
      showBanner: daysInactive >= config.inactivityBannerDays,
      daysInactive,
      timeRemaining: Math.max(0, config.inactivityDeleteDays - daysInactive),
    }
  })

  app.post('/api/user/stay-active', async (request) => {
    const user = requireUser(request)
    await repos.users.update(user.id, { lastActiveAt: new Date() })
    return { message: 'Thanks! Your account stays active.' }
  })
}

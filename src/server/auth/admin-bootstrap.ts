import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import type { UserRow } from '../db/schema'

/** Decision 013: the account whose address is ADMIN_EMAIL (compared without case). */
export function isAdminEmail(config: Pick<Config, 'accounts'>, user: Pick<UserRow, 'email'>): boolean {
  return config.accounts.adminEmail !== null && user.email.toLowerCase() === config.accounts.adminEmail
}

/**
 * Decision 013 at start: with ADMIN_EMAIL, an account of that address verified before the setting was made becomes
 * admin now (one that is not verified yet becomes admin when it is). Without it, the log says that the
 * first account to sign up on a fresh database becomes admin, so the operator signs up first.
 */
export async function bootstrapAdmin(app: FastifyInstance): Promise<void> {
  const { config, repos, log } = app
  if (config.accounts.adminEmail === null) {
    const counts = await repos.users.counts()
    if (counts.users === 0)
      log.warn('No ADMIN_EMAIL is set: the first account to sign up becomes admin (decision 013).')
    else if (counts.admins === 0)
      log.warn('There is no admin: make one with `npm run admin -- promote <username>` (decision 013).')
    return
  }
  const user = await repos.users.byEmail(config.accounts.adminEmail)
  if (user?.emailVerifiedAt && user.role !== 'admin') {
    await repos.users.setAdmin(user.id, true)
    log.info({ userId: user.id }, 'ADMIN_EMAIL account is now admin (decision 013)')
  } else if (!user?.emailVerifiedAt) {
    log.info(
      'ADMIN_EMAIL is set: that account becomes admin once its e-mail address is verified (decision 013).',
    )
  }
}

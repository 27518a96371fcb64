import { auditRepository } from '../admin/audit.repository'
import type { Config } from '../config'
import { openDatabase } from '../db/client'
import { usersRepository } from '../users/users.repository'

export const ADMIN_USAGE = 'Usage: npm run admin -- promote <username> | demote <username>'

/** The reason the audit trail shows for a role change made here. */
export const CLI_REASON = 'npm run admin (command line)'

/**
 * `npm run admin -- promote <username>` and `npm run admin -- demote <username>` (decision 013), on the database
 * the configuration names: PGlite under DATA_DIR (refused while a server holds it: db/data-dir-lock.ts),
 * or DATABASE_URL. Returns what to print; throws with the reason when nothing was done.
 */
export async function adminCommand(args: readonly string[], config: Config['database']): Promise<string> {
  const [command, username, ...rest] = args
  if ((command !== 'promote' && command !== 'demote') || !username || rest.length > 0) {
    throw new Error(ADMIN_USAGE)
  }
  const database = await openDatabase(config)
  try {
    const users = usersRepository(database.db, () => new Date())
    const user = await users.byUsername(username)
    if (!user) throw new Error(`No account is named ${username}.`)
    const admin = command === 'promote'
    if ((user.role === 'admin') === admin) return `${user.username} is ${admin ? 'already' : 'not'} an admin.`
    // Audited like an admin's action, with no admin account: the operator at the command line.
    const audit = auditRepository(database.db)
    await database.db.transaction(async (tx) => {
      // As in the API (docs/admin.md), the last admin stays one: nobody could promote anyone back in the app.
      if (!admin && (await users.lockAdmins(tx)).length <= 1)
        throw new Error(`${user.username} is the only admin: promote another account first.`)
      await users.setAdmin(user.id, admin, tx)
      const target = { id: user.id, username: user.username }
      await audit.record(tx, { admin: null, action: command, target, reason: CLI_REASON }, new Date())
    })
    return admin
      ? `${user.username} is now an admin.`
      : `${user.username} is no longer an admin (plan: trial_ended).`
  } finally {
    await database.close()
  }
}

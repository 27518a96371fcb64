import type { Config } from '../config'
import { openDatabase } from '../db/client'
import { usersRepository } from '../users/users.repository'

/**
 * `npm run admin -- promote <username>` and `npm run admin -- demote <username>` (D13), on the database
 * the configuration names: PGlite under DATA_DIR, or DATABASE_URL. Returns the exit code and the line
 * to print.
 */
export async function adminCommand(
  args: readonly string[],
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<{ code: number; message: string }> {
  const [command, username, ...rest] = args
  if ((command !== 'promote' && command !== 'demote') || !username || rest.length > 0) {
    return { code: 2, message: 'usage: npm run admin -- promote <username> | demote <username>' }
  }
  const database = await openDatabase(config)
  try {
    const users = usersRepository(database.db)
    const user = await users.byUsername(username)
    if (!user) return { code: 1, message: `No account is named ${username}.` }
    const admin = command === 'promote'
    if ((user.role === 'admin') === admin)
      return { code: 0, message: `${user.username} is ${admin ? 'already' : 'not'} an admin.` }
    await users.setAdmin(user.id, admin)
    return {
      code: 0,
      message: admin
        ? `${user.username} is now an admin.`
        : `${user.username} is no longer an admin (plan: trial_ended).`,
    }
  } finally {
    await database.close()
  }
}

import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { appSettings } from '../db/schema'

const KEY = 'app_secret'

/**
 * The server secret that keys every stored token's HMAC: APP_SECRET when configured, else one generated
 * on the first start and kept in the database, so that every instance on it shares the same one. The
 * first instance to insert wins; the others read its value.
 */
export async function loadAppSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured
  await db
    .insert(appSettings)
    .values({ key: KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY))
  if (!row) throw new Error('the generated server secret was not stored')
  return row.value
}

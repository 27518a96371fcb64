import type { Db } from '../db/client'
import { type SupportRequestRow, supportRequests } from '../db/support-schema'

export type NewSupportRequest = Omit<typeof supportRequests.$inferInsert, 'id' | 'createdAt'>

/** The support form's requests (support_requests), kept whether or not their e-mail got through. */
export function supportRepository(db: Db) {
  return {
    async create(request: NewSupportRequest): Promise<SupportRequestRow> {
      const [row] = await db.insert(supportRequests).values(request).returning()
      if (!row) throw new Error('the support request was not stored')
      return row
    },
  }
}

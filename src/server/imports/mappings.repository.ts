import { createHash } from 'node:crypto'
import { and, asc, desc, eq, gt, notInArray } from 'drizzle-orm'
import { MAX_SAVED_MAPPINGS } from '../../contract/imports'
import { type ColumnMapping, headerSignature } from '../../domain/bet-import'
import type { Db } from '../db/client'
import { type ImportMappingRow, importMappings } from '../db/imports-schema'

/** The stored key of a header: a hash, so that a header of any width fits the unique index. */
function headerKey(header: readonly string[]): string {
  return createHash('sha256').update(headerSignature(header)).digest('hex')
}

/** A user's saved column mappings, one per file header (docs/import.md). Every read is the user's own. */
export function importMappingsRepository(db: Db) {
  const own = (userId: number) => eq(importMappings.userId, userId)
  return {
    async byId(userId: number, id: number): Promise<ImportMappingRow | null> {
      const [row] = await db
        .select()
        .from(importMappings)
        .where(and(own(userId), eq(importMappings.id, id)))
      return row ?? null
    },

    /** The mapping saved for a file with this header, whatever its columns' order or case. */
    async forHeader(userId: number, header: string[]): Promise<ColumnMapping | null> {
      const [row] = await db
        .select({ columns: importMappings.columns })
        .from(importMappings)
        .where(and(own(userId), eq(importMappings.headerSignature, headerKey(header))))
      return row?.columns ?? null
    },

    /** A page of the user's mappings, oldest first: `limit` of those with an id above `after`. */
    list(userId: number, page: { after: number; limit: number }): Promise<ImportMappingRow[]> {
      return db
        .select()
        .from(importMappings)
        .where(and(own(userId), gt(importMappings.id, page.after)))
        .orderBy(asc(importMappings.id))
        .limit(page.limit)
    },

    /**
     * Saves the mapping of `header`, replacing the one already saved for that header, and forgets the user's
     * least recently saved beyond MAX_SAVED_MAPPINGS, in one transaction.
     */
    async save(
      userId: number,
      mapping: { name: string; header: string[]; columns: ColumnMapping },
      now: Date,
    ): Promise<ImportMappingRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(importMappings)
          .values({
            userId,
            ...mapping,
            headerSignature: headerKey(mapping.header),
            updatedAt: now,
            createdAt: now,
          })
          .onConflictDoUpdate({
            target: [importMappings.userId, importMappings.headerSignature],
            set: { ...mapping, updatedAt: now },
          })
          .returning()
        if (!row) throw new Error('The mapping was not saved')
        const kept = tx
          .select({ id: importMappings.id })
          .from(importMappings)
          .where(own(userId))
          .orderBy(desc(importMappings.updatedAt), desc(importMappings.id))
          .limit(MAX_SAVED_MAPPINGS)
        await tx.delete(importMappings).where(and(own(userId), notInArray(importMappings.id, kept)))
        return row
      })
    },

    /** False when the user has no such mapping. */
    async delete(userId: number, id: number): Promise<boolean> {
      const removed = await db
        .delete(importMappings)
        .where(and(own(userId), eq(importMappings.id, id)))
        .returning({ id: importMappings.id })
      return removed.length > 0
    },
  }
}

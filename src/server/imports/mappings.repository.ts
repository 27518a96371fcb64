import { and, asc, eq } from 'drizzle-orm'
import { type ColumnMapping, headerSignature } from '../../domain/bet-import'
import type { Db } from '../db/client'
import { type ImportMappingRow, importMappings } from '../db/imports-schema'

/** Issue 16: a user's saved column mappings, one per file header (docs/import.md). Every read is the user's own. */
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
        .where(and(own(userId), eq(importMappings.headerSignature, headerSignature(header))))
      return row?.columns ?? null
    },

    list(userId: number): Promise<ImportMappingRow[]> {
      return db.select().from(importMappings).where(own(userId)).orderBy(asc(importMappings.id))
    },

    /** Saves the mapping of `header`, replacing the one already saved for that header. */
    async save(
      userId: number,
      mapping: { name: string; header: string[]; columns: ColumnMapping },
      now: Date,
    ): Promise<ImportMappingRow> {
      const [row] = await db
        .insert(importMappings)
        .values({
          userId,
          ...mapping,
          headerSignature: headerSignature(mapping.header),
          updatedAt: now,
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: [importMappings.userId, importMappings.headerSignature],
          set: { ...mapping, updatedAt: now },
        })
        .returning()
      if (!row) throw new Error('The mapping was not saved')
      return row
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

import { z } from 'zod'
import { url } from './fields'

/** Which database: an embedded PGlite in DATA_DIR, or a PostgreSQL server. */
export const database = z
  .object({
    DATA_DIR: z
      .string()
      .min(1, 'DATA_DIR must not be empty')
      .default('./data')
      .describe(
        "where the embedded database (PGlite) keeps its files when `DATABASE_URL` is unset, with its daily snapshots in `backups/` and the running server's pid in `grid.pid`",
      ),
    DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:'])
      .optional()
      .describe('`postgres://...`: use this PostgreSQL instead of the embedded database (same migrations)'),
  })
  .transform((e) => ({
    /** PGlite's home when no DATABASE_URL is given; 'memory://' keeps it in memory (tests). */
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL ?? null,
  }))

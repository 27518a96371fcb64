import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema.ts',
    './src/server/db/games-schema.ts',
    './src/server/db/bets-schema.ts',
    './src/server/db/support-schema.ts',
    './src/server/db/jobs-schema.ts',
    './src/server/db/audit-schema.ts',
    './src/server/db/billing-schema.ts',
    './src/server/db/accounts-schema.ts',
    './src/server/db/connections-schema.ts',
    './src/server/db/imports-schema.ts',
  ],
  out: './drizzle',
})

import { z } from 'zod'

/** The process: which conveniences exist, how much it logs, and the instant its clock starts from. */
export const server = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], 'NODE_ENV must be development, production or test')
      .default('production')
      .describe(
        '`npm start` is production unless this says `development` (`npm run dev` sets it) or `test` (the test suite); only then do the development conveniences exist (decision 012: `codeForDev`, `resetLink`, `/api/dev/outbox`)',
      ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info')
      .describe('pino level (`silent` ... `trace`)'),
    APP_NOW: z.iso
      .datetime({ offset: true, message: 'APP_NOW must be an ISO timestamp like 2022-09-17T20:00:00Z' })
      .optional()
      .describe(
        "an ISO instant the server's clock starts from, then runs on in real time: set it to a recorded day to replay it, or to fix a demo",
      ),
  })
  .transform((e) => ({
    /** Decision 012: production unless NODE_ENV says development (npm run dev) or test (the test suite). */
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    /** An ISO instant the server's clock starts from (replays, demos); null for the real time. */
    appNow: e.APP_NOW ?? null,
  }))

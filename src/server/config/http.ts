import { z } from 'zod'
import { int, url, whenUnset, withoutTrailingSlash } from './fields'
import { parseTrustProxy } from './trust-proxy'

/** Where Grid listens, the address the public reaches it at, the proxies in front, the pages it serves. */
export const http = z
  .object({
    // 0 picks a free port; the start-up log line says which (tests).
    PORT: int('PORT', 0, 65_535)
      .default(3000)
      .describe('HTTP port; `0` picks a free one, which the start-up log line gives as `address`'),
    HOST: z.string().min(1).default('0.0.0.0').describe('interface to listen on'),
    APP_URL: whenUnset(url('APP_URL', ['http:', 'https:']), '`http://localhost:$PORT`')
      .optional()
      .describe(
        'public address, used in e-mailed links and as the trusted origin for state-changing requests',
      ),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform(parseTrustProxy)
      .describe(
        "behind a reverse proxy: the number of proxy hops in front of Grid (e.g. `1`), or the proxies' addresses/CIDRs separated by commas (`10.0.0.5,10.1.0.0/16`; `loopback`, `linklocal`, `uniquelocal` name whole ranges). The client address for limits is then the one the nearest trusted proxy saw; the part of `X-Forwarded-For` the client wrote is never believed, which is why `true` and a `/0` range (every address) are refused. Unset while requests carry `X-Forwarded-For`, the log warns once",
      ),
    WEB_ROOT: z.string().default('./dist/web').describe('the built web app that the server serves'),
  })
  .transform((e) => ({
    port: e.PORT,
    host: e.HOST,
    appUrl: withoutTrailingSlash(e.APP_URL ?? `http://localhost:${e.PORT}`),
    /**
     * Decision 015: which proxies' X-Forwarded-For to believe: none (false), a number of hops, or the proxies'
     * addresses/CIDRs. Never `true`, which would take the client-written left end as the client address.
     */
    trustProxy: e.TRUST_PROXY,
    /** Where the built web app lives; null serves no pages (API tests). */
    webRoot: e.WEB_ROOT as string | null,
  }))

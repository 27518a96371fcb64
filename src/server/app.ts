import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import cookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify'
import type { DestinationStream } from 'pino'
import type Stripe from 'stripe'
import { DEFAULT_POLICIES, type Policies } from '../domain/limits'
import { accountRoutes, dataExportLinkRoutes } from './accounts/account.routes'
import { accountJobsPlugin } from './accounts/account-jobs.plugin'
import { type AccountsRepository, accountsRepository } from './accounts/accounts.repository'
import { adminRoutes } from './admin/admin.routes'
import { adminReadsRoutes } from './admin/admin-reads.routes'
import { type AuditRepository, auditRepository } from './admin/audit.repository'
import { bootstrapAdmin } from './auth/admin-bootstrap'
import { loadAppSecret } from './auth/app-secret'
import { authRoutes } from './auth/auth.routes'
import { type PasswordCost, type PasswordHasher, passwordHasher, secretHasher } from './auth/crypto'
import { type LoginThrottle, loginThrottle } from './auth/login-throttle'
import { type OneTimeTokensRepository, oneTimeTokensRepository } from './auth/one-time-tokens'
import { passwordRoutes } from './auth/password.routes'
import { sessionPlugin } from './auth/session.plugin'
import { type SessionsRepository, sessionsRepository } from './auth/sessions'
import { twoFactorRoutes, twoFactorSettingsRoutes } from './auth/two-factor'
import { type BetsRepository, betsRepository } from './bets/bets.repository'
import { betsRoutes } from './bets/bets.routes'
import { billingRoutes } from './billing/billing.routes'
import { stripeClient } from './billing/stripe'
import { billingWebhookRoutes } from './billing/webhook.routes'
import type { Config } from './config'
import { connectionsRoutes } from './connections/connections.routes'
import type { BetSyncConnector } from './connections/connector'
import { sharpSportsConnector } from './connections/sharpsports'
import { type Database, type Db, openDatabase } from './db/client'
import { snapshotsPlugin } from './db/snapshots.plugin'
import { devRoutes } from './dev.routes'
import { eventsPlugin } from './events/events.plugin'
import { eventsRoutes } from './events/events.routes'
import { type Clock, createClock } from './feeds/clock'
import { feedPlugin } from './feeds/feed.plugin'
import type { SportsFeed } from './feeds/sports-feed'
import { GameAnswerCache } from './game-answers/answer-cache'
import { type GamesRepository, gamesRepository } from './games/games.repository'
import { gamesRoutes } from './games/games.routes'
import { gridRoutes } from './grid/grid.routes'
import { healthRoutes } from './health.routes'
import { contractPlugin } from './http/contract'
import { errorHandler } from './http/error-handler'
import { errorForLog, withoutParamsInMessage } from './http/error-serializer'
import { adminGuard, documentAdmin, documentSignedIn, signedInGuard } from './http/guards'
import { warnOfUntrustedProxy } from './http/proxy-warning'
import { type RateLimiter, rateLimiter } from './http/rate-limit'
import { secureHeaders, security, withSecureHeaders } from './http/security'
import { HTTP_TIMEOUTS, type HttpTimeouts, timeoutOptions } from './http/timeouts'
import { importsRoutes } from './imports/imports.routes'
import { createMailer, type Mailer } from './mail/mailer'
import { GameDistributions } from './probability/game-distributions'
import { liveProbabilityRoutes } from './probability/live-probability.routes'
import { type ReferralsRepository, referralsRepository } from './referrals/referrals.repository'
import { referralsRoutes } from './referrals/referrals.routes'
import { statsRoutes } from './stats/stats.routes'
import { suggestionsRoutes } from './suggestions/suggestions.routes'
import { supportRoutes } from './support/support.routes'
import { userRoutes } from './users/user.routes'
import { usersRepository } from './users/users.repository'

export interface Repositories {
  users: ReturnType<typeof usersRepository>
  sessions: SessionsRepository
  tokens: OneTimeTokensRepository
  games: GamesRepository
  bets: BetsRepository
  audit: AuditRepository
  referrals: ReferralsRepository
  accounts: AccountsRepository
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    /** The product's limits (domain/limits.ts), or a test's tighter ones (BuildOptions.policies). */
    policies: Policies
    /** Stripe's SDK when billing through Stripe is configured, else null. */
    stripe: Stripe | null
    db: Db
    database: Database
    repos: Repositories
    mailer: Mailer
    rateLimit: RateLimiter
    loginThrottle: LoginThrottle
    /** Hashes new passwords (decision 014's cost, or a test's lighter one: BuildOptions.passwordCost). */
    passwords: PasswordHasher
    /** The grid's, probability's and suggestions' answers (game-answers/answer-cache.ts), one per instance. */
    gameAnswers: GameAnswerCache
    /** Each game's final-score distribution, per game state (probability/game-distributions.ts). */
    distributions: GameDistributions
    /**
     * The app's one clock: sessions, one-time tokens, rate limits, trials, inactivity, bets and the feed
     * read it (APP_NOW moves it to a recorded day; tests step it). Background jobs, which coordinate
     * instances, keep wall time.
     */
    clock: Clock
    /** The bet-sync partner (SharpSports) when its keys are configured, else null. */
    betSync: BetSyncConnector | null
  }
}

/** Never logged: credentials travel in these. */
const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]']

/** Requests are logged without their query string: e-mailed links carry one-time tokens there. */
function requestForLog(request: FastifyRequest) {
  return { method: request.method, path: pathForLog(request), remoteAddress: request.ip }
}

/**
 * A link's token in the path itself (the data-export link) is a secret too. A route says so
 * by naming that segment `:token`; the log shows `:token` in its place.
 */
function pathForLog(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? ''
  const route = request.routeOptions?.url?.split('/')
  if (!route?.includes(':token')) return path
  return path
    .split('/')
    .map((segment, i) => (route[i] === ':token' ? ':token' : segment))
    .join('/')
}

/**
 * Builds the whole app in-process (tests use it through inject): external plugins, then the database and
 * repositories, then routes (fastify/demo's order). The caller owns listen() and close().
 */
export interface BuildOptions {
  /** An already open database (two instances on one PGlite in tests); the caller closes it. */
  database?: Database
  /** A migrated PGlite data directory (dumpDataDir's tar) the new database starts from (tests). */
  pgliteTemplate?: Blob
  /** Where logs go instead of stdout (tests read them). */
  logStream?: DestinationStream
  /** A fixed or stepped clock, and a feed of the test's own (tests). */
  clock?: Clock
  feed?: SportsFeed
  /** Told of every route as it is added, so a test can reach each one (tests/api/fuzz.test.ts). */
  onRoute?: (route: RouteOptions) => void
  /** Shorter client timeouts than HTTP_TIMEOUTS (tests, which cannot wait 30 s). */
  timeouts?: Partial<HttpTimeouts>
  /** Tighter limits than the product's (tests reach one in a few requests). */
  policies?: Partial<Policies>
  /** A lighter argon2 cost than decision 014's (tests: at the product's, each sign-up spends 20-50 ms of CPU). */
  passwordCost?: PasswordCost
  /** Another address for Stripe's API than Stripe's own (tests: a loopback stand-in). */
  stripeApiBase?: string
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const headers = secureHeaders(config)
  const policies = { ...DEFAULT_POLICIES, ...options.policies }
  const app = Fastify({
    logger: {
      level: config.server.logLevel,
      redact: REDACT,
      serializers: { req: requestForLog, err: errorForLog },
      hooks: {
        logMethod(args, method) {
          return method.apply(this, withoutParamsInMessage(args) as Parameters<typeof method>)
        },
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    trustProxy: trustedProxies(config.http.trustProxy),
    bodyLimit: 1_048_576,
    ...timeoutOptions({ ...HTTP_TIMEOUTS, ...options.timeouts }),
    // Malformed URLs and the like skip every hook: they get the same { message } shape and headers here.
    frameworkErrors: (error, request, reply) => {
      withSecureHeaders(headers, request, reply)
      return errorHandler(error, request, reply)
    },
    routerOptions: { maxParamLength: 200 },
  })
  if (options.onRoute) app.addHook('onRoute', options.onRoute)
  const database = options.database ?? (await openDatabase(config.database, app.log, options.pgliteTemplate))
  const hash = secretHasher(await loadAppSecret(database.db, config.accounts.appSecret))
  const clock = options.clock ?? createClock(config.server.appNow)
  app.decorate('config', config)
  app.decorate('policies', policies)
  app.decorate(
    'stripe',
    config.billing.stripe ? stripeClient(config.billing.stripe, options.stripeApiBase) : null,
  )
  app.decorate('clock', clock)
  app.decorate(
    'betSync',
    config.connections.sharpSports ? sharpSportsConnector(config.connections.sharpSports) : null,
  )
  app.decorate('database', database)
  app.decorate('db', database.db)
  app.decorate('repos', {
    users: usersRepository(database.db, clock),
    sessions: sessionsRepository(database.db, hash, clock),
    tokens: oneTimeTokensRepository(database.db, hash, clock),
    games: gamesRepository(database.db, clock),
    bets: betsRepository(database.db, database),
    audit: auditRepository(database.db),
    referrals: referralsRepository(database.db),
    accounts: accountsRepository(database.db, hash),
  })
  app.decorate('mailer', createMailer(config, app.log))
  app.decorate('rateLimit', rateLimiter(database.db, clock))
  app.decorate('loginThrottle', loginThrottle(database.db, policies.loginThrottle, clock, hash))
  app.decorate('passwords', passwordHasher(options.passwordCost))
  app.decorate('gameAnswers', new GameAnswerCache(config.limits.gameAnswerCacheBytes))
  app.decorate('distributions', new GameDistributions(clock))
  if (!options.database) app.addHook('onClose', () => database.close())

  app.setErrorHandler(errorHandler)
  warnOfUntrustedProxy(app)
  await app.register(cookie)
  await app.register(security, { appUrl: config.http.appUrl, headers })
  await app.register(sessionPlugin)
  await app.register(contractPlugin)
  await app.register(feedPlugin, { feed: options.feed })
  await app.register(snapshotsPlugin)
  await app.register(accountJobsPlugin)
  await app.register(eventsPlugin)
  await registerRoutes(app)
  await registerWebApp(app, config.http.webRoot)
  await bootstrapAdmin(app)
  return app
}

/**
 * Who may call what is decided here, by where a route is registered (http/guards.ts): public routes, the
 * signed-in subtree behind one hook, and the admin prefixes behind a root hook wherever their routes are.
 */
async function registerRoutes(app: FastifyInstance) {
  app.addHook('onRequest', adminGuard)
  app.addHook('onRoute', documentAdmin)
  await registerAll(app, [
    healthRoutes,
    devRoutes,
    authRoutes,
    twoFactorRoutes,
    passwordRoutes,
    supportRoutes,
    dataExportLinkRoutes,
    billingWebhookRoutes,
  ])
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedInGuard)
    signedIn.addHook('onRoute', documentSignedIn)
    await registerAll(signedIn, [
      userRoutes,
      accountRoutes,
      twoFactorSettingsRoutes,
      gamesRoutes,
      eventsRoutes,
      betsRoutes,
      importsRoutes,
      statsRoutes,
      gridRoutes,
      liveProbabilityRoutes,
      suggestionsRoutes,
      referralsRoutes,
      billingRoutes,
      connectionsRoutes,
      adminRoutes,
      adminReadsRoutes,
    ])
  })
}

async function registerAll(scope: FastifyInstance, plugins: FastifyPluginAsync[]) {
  for (const plugin of plugins) await scope.register(plugin)
}

/**
 * Decision 015: a hop count trusts that many proxies nearest Grid (proxy-addr counts hops from the socket), a list
 * trusts those addresses; either way the client-written part of X-Forwarded-For stays untrusted.
 */
function trustedProxies(setting: Config['http']['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting
}

/** The single-page app: its files, and index.html for every other non-API path. */
async function registerWebApp(app: FastifyInstance, webRoot: string | null) {
  const root = webRoot ? resolve(webRoot) : null
  const hasWeb = root !== null && existsSync(resolve(root, 'index.html'))
  if (hasWeb) await app.register(fastifyStatic, { root, wildcard: false, index: false })
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    if (
      path.startsWith('/api/') ||
      path === '/api' ||
      !hasWeb ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send({ message: 'Not found' })
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}

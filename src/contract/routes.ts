import type { z } from 'zod'
import {
  adminUserParams,
  auditPage,
  auditQuery,
  expiredDiscounts,
  hardDeleteBody,
  markPaidAnswer,
  markPaidBody,
  reasonBody,
  suspendBody,
} from './admin'
import { adminGrowth, adminUsersPage, adminUsersQuery, masterStats } from './admin-reads'
import {
  codeBody,
  confirmChangeForm,
  confirmChangeQuery,
  disableTwoFactorBody,
  enableTwoFactorAnswer,
  enableTwoFactorBody,
  forgotPasswordAnswer,
  forgotPasswordBody,
  loginAnswer,
  loginBody,
  registerBody,
  resetPasswordBody,
  sendCodeAnswer,
  tokenBody,
  verifyAnswer,
} from './auth'
import {
  betListQuery,
  betParams,
  betStatusBody,
  betsWithGames,
  betView,
  createBetBody,
  deletedAnswer,
  editBetBody,
  handResultBody,
  historyPage,
  historyPageQuery,
  historyQuery,
  listedGames,
  liveStandings,
  resolveConflictBody,
} from './bets'
import {
  billingPlan,
  cancelSubscriptionAnswer,
  checkoutAnswer,
  stripeEventBody,
  webhookAnswer,
} from './billing'
import { messageAnswer, noBody } from './common'
import {
  connectAnswer,
  connectBody,
  connectionStatus,
  connectionsAnswer,
  sportsbookParams,
  syncAnswer as sportsbookSyncAnswer,
} from './connections'
import { eventsQuery } from './events'
import { feedAnswer, syncAnswer, syncParams } from './games'
import { gameGrid, gridParams, gridQuery } from './grid'
import {
  importAnswer,
  importBody,
  importQuery,
  mappingParams,
  mappingsQuery,
  savedMapping,
  savedMappings,
  saveMappingBody,
} from './imports'
import { liveProbability, probabilityParams, ticketPrice, ticketTracker } from './probability'
import { createReferralBody, referralCreated, referralStats } from './referrals'
import { statsParams, statsQuery, userStats } from './stats'
import { gameSuggestions, suggestionParams, userSuggestions } from './suggestions'
import { supportAnswer, supportBody } from './support'
import { healthAnswer, outboxAnswer } from './system'
import {
  deleteAccountBody,
  displayBody,
  exportTokenParams,
  inactivityStatus,
  publicUser,
  timezoneAnswer,
  timezoneBody,
  updateUsernameBody,
  userAnswer,
} from './users'

/**
 * Every /api route by `METHOD path` (Fastify's `:param` syntax): the zod schemas of its path parameters,
 * query, body and JSON answer. The server refuses to register a route that is missing here or validates
 * with other schemas (server/http/contract.ts), so the types below, which the web's `api` client takes
 * with `import type` (no zod in its bundle), are what the server checks and answers. A route whose answer
 * is not JSON (a CSV, a ZIP, a page, an event stream) has no `answer`.
 */
export const API_ROUTES = {
  'GET /api/health': { answer: healthAnswer },
  'GET /api/dev/outbox': { answer: outboxAnswer },
  'POST /api/auth/register': { body: registerBody, answer: messageAnswer },
  'POST /api/auth/login': { body: loginBody, answer: loginAnswer },
  'GET /api/auth/login': {},
  'GET /api/logout': {},
  'POST /api/auth/2fa/send-code': { body: noBody, answer: sendCodeAnswer },
  'POST /api/auth/2fa/verify': { body: codeBody, answer: verifyAnswer },
  'POST /api/auth/forgot-password': { body: forgotPasswordBody, answer: forgotPasswordAnswer },
  'POST /api/auth/reset-password': { body: resetPasswordBody, answer: messageAnswer },
  'GET /api/auth/confirm-password-change': { query: confirmChangeQuery },
  'POST /api/auth/confirm-password-change': { body: confirmChangeForm },
  'POST /api/auth/verify-email': { body: tokenBody, answer: messageAnswer },
  'POST /api/support': { body: supportBody, answer: supportAnswer },
  'GET /api/data-export/:token': { params: exportTokenParams },
  'POST /api/billing/webhook': { body: stripeEventBody, answer: webhookAnswer },
  'GET /api/auth/user': { answer: publicUser },
  'POST /api/auth/update-username': { body: updateUsernameBody, answer: userAnswer },
  'PATCH /api/user/timezone': { body: timezoneBody, answer: timezoneAnswer },
  'PATCH /api/user/display': { body: displayBody, answer: userAnswer },
  'GET /api/user/inactivity-status': { answer: inactivityStatus },
  'POST /api/user/stay-active': { body: noBody, answer: messageAnswer },
  'POST /api/user/dismiss-inactivity': { body: noBody, answer: messageAnswer },
  'POST /api/auth/resend-verification': { body: noBody, answer: messageAnswer },
  'GET /api/user/data-export': {},
  'DELETE /api/user/account': { body: deleteAccountBody, answer: messageAnswer },
  'POST /api/auth/2fa/enable': { body: enableTwoFactorBody, answer: enableTwoFactorAnswer },
  'POST /api/auth/2fa/disable': { body: disableTwoFactorBody, answer: verifyAnswer },
  'GET /api/games/live': { answer: listedGames },
  'GET /api/games/feed': { answer: feedAnswer },
  'POST /api/games/sync-:provider': { params: syncParams, body: noBody, answer: syncAnswer },
  'GET /api/events': { query: eventsQuery },
  'POST /api/bets': { body: createBetBody, answer: betView },
  'POST /api/bets/price': { body: createBetBody, answer: ticketPrice },
  'GET /api/bets': { query: betListQuery, answer: betsWithGames },
  'GET /api/bets/active': { query: betListQuery, answer: betsWithGames },
  'GET /api/bets/live-status': { answer: liveStandings },
  'GET /api/bets/ticket-chances': { answer: ticketTracker },
  'GET /api/bets/history': { query: historyPageQuery, answer: historyPage },
  'GET /api/bets/export/csv': { query: historyQuery },
  'PATCH /api/bets/:id/status': { params: betParams, body: betStatusBody, answer: betView },
  'PATCH /api/bets/:id': { params: betParams, body: editBetBody, answer: betView },
  'PUT /api/bets/:id/ticket': { params: betParams, body: createBetBody, answer: betView },
  'POST /api/bets/:id/resolve-conflict': { params: betParams, body: resolveConflictBody, answer: betView },
  'PATCH /api/bets/:id/result': { params: betParams, body: handResultBody, answer: betView },
  'DELETE /api/bets/:id': { params: betParams, answer: deletedAnswer },
  'POST /api/bets/import': { query: importQuery, body: importBody, answer: importAnswer },
  'GET /api/bets/import/mappings': { query: mappingsQuery, answer: savedMappings },
  'POST /api/bets/import/mappings': { body: saveMappingBody, answer: savedMapping },
  'DELETE /api/bets/import/mappings/:id': { params: mappingParams, answer: messageAnswer },
  'GET /api/stats/user': { query: statsQuery, answer: userStats },
  'GET /api/stats/user/:userId': { params: statsParams, query: statsQuery, answer: userStats },
  'GET /api/outcome-matrix/:gameId': { params: gridParams, query: gridQuery, answer: gameGrid },
  'GET /api/live-probability/:gameId': { params: probabilityParams, answer: liveProbability },
  'GET /api/suggestions/game/:gameId': { params: suggestionParams, answer: gameSuggestions },
  'GET /api/suggestions/user': { answer: userSuggestions },
  'POST /api/referral/create': { body: createReferralBody, answer: referralCreated },
  'GET /api/referral/stats': { answer: referralStats },
  'GET /api/billing/plan': { answer: billingPlan },
  'POST /api/billing/cancel': { body: noBody, answer: cancelSubscriptionAnswer },
  'POST /api/billing/checkout': { body: noBody, answer: checkoutAnswer },
  'GET /api/sportsbooks/connections': { answer: connectionsAnswer },
  'GET /api/sportsbooks/status': { answer: connectionStatus },
  'POST /api/sportsbooks/connect': { body: connectBody, answer: connectAnswer },
  'POST /api/sportsbooks/sync': { body: noBody, answer: sportsbookSyncAnswer },
  'DELETE /api/sportsbooks/connections/:id': { params: sportsbookParams, answer: messageAnswer },
  'POST /api/admin/users/:id/suspend': { params: adminUserParams, body: suspendBody, answer: messageAnswer },
  'POST /api/admin/users/:id/restore': { params: adminUserParams, body: reasonBody, answer: messageAnswer },
  'DELETE /api/admin/users/:id/soft': { params: adminUserParams, body: reasonBody, answer: messageAnswer },
  'POST /api/admin/users/:id/demote': { params: adminUserParams, body: reasonBody, answer: messageAnswer },
  'DELETE /api/admin/users/:id/hard': {
    params: adminUserParams,
    body: hardDeleteBody,
    answer: messageAnswer,
  },
  'POST /api/admin/users/:id/mark-paid': {
    params: adminUserParams,
    body: markPaidBody,
    answer: markPaidAnswer,
  },
  'POST /api/admin/expire-discounts': { body: noBody, answer: expiredDiscounts },
  'GET /api/admin/audit': { query: auditQuery, answer: auditPage },
  'GET /api/master/stats': { answer: masterStats },
  'GET /api/admin/users': { query: adminUsersQuery, answer: adminUsersPage },
  'GET /api/admin/growth': { answer: adminGrowth },
} as const

export type ApiRoutes = typeof API_ROUTES
export type RouteKey = keyof ApiRoutes
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
export type RouteOf<M extends Method> = Extract<RouteKey, `${M} ${string}`>

/** The path of a route key: 'GET /api/bets/:id' -> '/api/bets/:id'. */
export type PathOf<K extends RouteKey> = K extends `${Method} ${infer Path}` ? Path : never

/** The `:name` segments of a path. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never

type Schema<K extends RouteKey, F extends string> = ApiRoutes[K] extends {
  readonly [P in F]: infer S extends z.ZodType
}
  ? S
  : never

/** What the URL's parameters take: each `:name` of the path, as the browser writes it. */
export type RouteParams<K extends RouteKey> = Record<ParamNames<PathOf<K>>, string | number>
export type RouteQuery<K extends RouteKey> = z.input<Schema<K, 'query'>>
export type RouteBody<K extends RouteKey> = z.input<Schema<K, 'body'>>
/** The JSON a route answers; `unknown` for a route whose answer is not JSON. */
export type RouteAnswer<K extends RouteKey> = [Schema<K, 'answer'>] extends [never]
  ? unknown
  : z.output<Schema<K, 'answer'>>

import { type QueryClient, useQuery } from '@tanstack/react-query'
import type { RouteOf } from '../contract/routes'
import { api, routeQuery } from './api'

/**
 * Query keys start with the GET route's key (src/contract/routes.ts), then its path parameters in order:
 * the default fetcher (main.tsx) reads `['GET /api/outcome-matrix/:gameId', 12]` as a GET of
 * /api/outcome-matrix/12, and invalidating a route's key refreshes every game's (docs/spec/product-spec.md §7).
 */
export const KEYS = {
  user: ['GET /api/auth/user'],
  liveGames: ['GET /api/games/live'],
  activeBets: ['GET /api/bets/active'],
  bets: ['GET /api/bets'],
  liveStatus: ['GET /api/bets/live-status'],
  ticketChances: ['GET /api/bets/ticket-chances'],
  stats: ['GET /api/stats/user'],
  history: ['GET /api/bets/history'],
  grid: ['GET /api/outcome-matrix/:gameId'],
  liveProbability: ['GET /api/live-probability/:gameId'],
  feed: ['GET /api/games/feed'],
  userSuggestions: ['GET /api/suggestions/user'],
  gameSuggestions: ['GET /api/suggestions/game/:gameId'],
  referralStats: ['GET /api/referral/stats'],
  billingPlan: ['GET /api/billing/plan'],
  sportsbookConnections: ['GET /api/sportsbooks/connections'],
  sportsbookStatus: ['GET /api/sportsbooks/status'],
} as const satisfies Record<string, readonly [RouteOf<'GET'>]>

export function useCurrentUser() {
  return useQuery({ queryKey: KEYS.user, queryFn: () => api.getOrNull('GET /api/auth/user') })
}

/** The plan, trial slots, paid period and referral price (/pricing, the Subscription card). */
export function useBillingPlan() {
  return useQuery(routeQuery('GET /api/billing/plan'))
}

/** docs/spec/product-spec.md §7, POST /api/bets and friends: what a bet change makes stale. */
export const BET_CHANGE_KEYS = [
  KEYS.liveGames,
  KEYS.activeBets,
  KEYS.grid,
  KEYS.liveProbability,
  KEYS.stats,
  KEYS.bets,
  KEYS.history,
  KEYS.liveStatus,
  KEYS.ticketChances,
  // Suggestions read the grid: a bet placed or deleted changes what they say.
  KEYS.userSuggestions,
  KEYS.gameSuggestions,
] as const

/** Refreshes what a bet change makes stale (the queries on screen refetch, the rest are marked stale). */
export async function refreshAfterBetChange(client: QueryClient): Promise<void> {
  await Promise.all(BET_CHANGE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })))
}

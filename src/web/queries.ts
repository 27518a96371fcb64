import { type QueryClient, useQuery } from '@tanstack/react-query'
import { getJsonOrNull } from './api'
import type { BillingPlan, User } from './types'

/**
 * Query keys are the API paths, so the default fetcher (main.tsx) reads `['/api/games/live']` as a GET of
 * that path, and invalidation names what the spec names (section 7).
 */
export const KEYS = {
  user: ['/api/auth/user'],
  liveGames: ['/api/games/live'],
  activeBets: ['/api/bets/active'],
  bets: ['/api/bets'],
  liveStatus: ['/api/bets/live-status'],
  stats: ['/api/stats/user'],
  history: ['/api/bets/history'],
  grid: ['/api/outcome-matrix'],
  liveProbability: ['/api/live-probability'],
  feed: ['/api/games/feed'],
  userSuggestions: ['/api/suggestions/user'],
  gameSuggestions: ['/api/suggestions/game'],
  referralStats: ['/api/referral/stats'],
  billingPlan: ['/api/billing/plan'],
  sportsbookConnections: ['/api/sportsbooks/connections'],
  sportsbookStatus: ['/api/sportsbooks/status'],
} as const

export function useCurrentUser() {
  return useQuery({ queryKey: KEYS.user, queryFn: () => getJsonOrNull<User>('/api/auth/user') })
}

/** The plan, trial slots, paid period and referral price (/pricing, the Subscription card). */
export function useBillingPlan() {
  return useQuery<BillingPlan>({ queryKey: KEYS.billingPlan })
}

/** Spec section 7, POST /api/bets and friends: what a bet change makes stale. */
export const BET_CHANGE_KEYS = [
  KEYS.liveGames,
  KEYS.activeBets,
  KEYS.grid,
  KEYS.liveProbability,
  KEYS.stats,
  KEYS.bets,
  KEYS.history,
  KEYS.liveStatus,
  // Suggestions read the grid: a bet placed or deleted changes what they say.
  KEYS.userSuggestions,
  KEYS.gameSuggestions,
] as const

/** Refreshes what a bet change makes stale (the queries on screen refetch, the rest are marked stale). */
export async function refreshAfterBetChange(client: QueryClient): Promise<void> {
  await Promise.all(BET_CHANGE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })))
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { sendJson } from '../../api'
import { KEYS, refreshAfterBetChange } from '../../queries'
import type { ConnectAnswer, SportsbookConnections, SportsbookStatus, SyncAnswer } from '../../types'

/** GET /api/sportsbooks/status: whether a bet-sync partner is configured here. */
export function useSportsbookStatus() {
  return useQuery<SportsbookStatus>({ queryKey: KEYS.sportsbookStatus })
}

/**
 * GET /api/sportsbooks/connections. Asked again when the tab regains focus (the default), which is when a
 * bettor comes back from linking a book on the partner's page.
 */
export function useConnections() {
  return useQuery<SportsbookConnections>({ queryKey: KEYS.sportsbookConnections, staleTime: 0 })
}

/** POST /api/sportsbooks/sync; success refreshes the bets (spec section 7) and the connections. */
export function useSync() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => sendJson<SyncAnswer>('POST', '/api/sportsbooks/sync'),
    onSuccess: async () => {
      await Promise.all([
        refreshAfterBetChange(client),
        client.invalidateQueries({ queryKey: KEYS.sportsbookConnections }),
      ])
    },
  })
}

export function useConnect() {
  return useMutation({
    mutationFn: (sportsbook: string) =>
      sendJson<ConnectAnswer>('POST', '/api/sportsbooks/connect', { sportsbook }),
  })
}

/** Decision 020: Disconnect works (DELETE /api/sportsbooks/connections/{id}). */
export function useDisconnect() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (sportsbook: string) =>
      sendJson<{ message: string }>(
        'DELETE',
        `/api/sportsbooks/connections/${encodeURIComponent(sportsbook)}`,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS.sportsbookConnections }),
  })
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, routeQuery } from '../../api'
import { KEYS, refreshAfterBetChange } from '../../queries'

/** GET /api/sportsbooks/status: whether a bet-sync partner is configured here. */
export function useSportsbookStatus() {
  return useQuery({ ...routeQuery('GET /api/sportsbooks/status') })
}

/**
 * GET /api/sportsbooks/connections. Asked again when the tab regains focus (the default), which is when a
 * bettor comes back from linking a book on the partner's page.
 */
export function useConnections() {
  return useQuery({ ...routeQuery('GET /api/sportsbooks/connections'), staleTime: 0 })
}

/** POST /api/sportsbooks/sync; success refreshes the bets (docs/spec/product-spec.md §7) and the connections. */
export function useSync() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('POST /api/sportsbooks/sync'),
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
    mutationFn: (sportsbook: string) => api.post('POST /api/sportsbooks/connect', { body: { sportsbook } }),
  })
}

/** Decision 020: Disconnect works (DELETE /api/sportsbooks/connections/{id}). */
export function useDisconnect() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (sportsbook: string) =>
      api.delete('DELETE /api/sportsbooks/connections/:id', {
        params: { id: encodeURIComponent(sportsbook) },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS.sportsbookConnections }),
  })
}

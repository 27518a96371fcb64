import { useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react'
import { apiUrl } from './api'
import { LiveConnection, type LiveStatus } from './live-connection'
import { liveEventApplier } from './live-events'
import { KEYS } from './queries'

const LiveContext = createContext<LiveConnection | null>(null)

/**
 * While signed in (App mounts this only then), the tab holds one stream of GET /api/events and
 * applies its events to the query cache; signing out unmounts it, which closes the stream.
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient()
  const [connection] = useState(() => {
    const apply = liveEventApplier(client)
    return new LiveConnection({
      open: (lastEventId) =>
        new EventSource(apiUrl('GET /api/events', lastEventId ? { query: { lastEventId } } : {})),
      onEvent: (event) => void apply(event),
      onResume: () => void client.invalidateQueries(),
      // A refused stream may be an ended session: the user query finds out, and signs the tab out.
      onRefused: () => void client.invalidateQueries({ queryKey: KEYS.user }),
    })
  })
  useEffect(() => {
    connection.start()
    return () => connection.stop()
  }, [connection])
  return <LiveContext.Provider value={connection}>{children}</LiveContext.Provider>
}

const noSubscription = () => () => {}
const down = (): LiveStatus => 'down'

/** The tab's stream: 'live', or not (then the screens poll). Outside the provider there is no stream. */
export function useLiveStatus(): LiveStatus {
  const connection = useContext(LiveContext)
  return useSyncExternalStore(connection?.subscribe ?? noSubscription, connection?.getStatus ?? down)
}

/**
 * A screen's spec polling interval (section 9) while the stream is down, and none while it is live: the
 * events then refresh what the poll would have.
 */
export function useLivePollInterval(ms: number): number | false {
  return useLiveStatus() === 'live' ? false : ms
}

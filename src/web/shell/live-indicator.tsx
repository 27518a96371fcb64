import { useLiveStatus } from '../live-provider'
import { BADGE } from '../ui/badge'

/**
 * docs/spec/product-spec.md §2's LIVE/SYNC indicator, for the whole app: LIVE while the event stream is open,
 * SYNC while it is down and the screens poll. The words say it, so colour is not the only signal.
 */
export function LiveIndicator() {
  const live = useLiveStatus() === 'live'
  const text = live
    ? 'Live updates: changes appear as they happen'
    : 'Syncing: live updates are reconnecting, so the screens refresh on a timer'
  return (
    <span
      title={text}
      className={`${BADGE} ${live ? 'bg-emerald-500/15 text-emerald-300' : 'bg-sky-500/15 text-sky-300'}`}
    >
      <span
        aria-hidden="true"
        className={`h-2 w-2 rounded-full ${live ? 'animate-pulse bg-emerald-400' : 'bg-sky-400'}`}
      />
      <span aria-hidden="true">{live ? 'LIVE' : 'SYNC'}</span>
      <span className="sr-only">{text}</span>
    </span>
  )
}

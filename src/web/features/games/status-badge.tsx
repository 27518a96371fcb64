import { displayGameStatus } from '../../../domain/game-status'
import { BADGE } from '../../ui/badge'

/**
 * The uppercase status badge of the bet summary and college football lists: LIVE (with a pulsing dot),
 * SCHEDULED, FINAL, or the game's own status in uppercase (POSTPONED...).
 */
export function StatusBadge({ status }: { status: string }) {
  const display = displayGameStatus(status)
  if (display === 'LIVE') {
    return (
      <span className={`${BADGE} bg-red-500/20 text-red-300`}>
        <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-red-500" />
        LIVE
      </span>
    )
  }
  if (display === 'FINAL') return <span className={`${BADGE} bg-slate-700 text-slate-200`}>FINAL</span>
  const label = display === 'SCHEDULED' ? 'SCHEDULED' : status.toUpperCase()
  return <span className={`${BADGE} bg-slate-800 text-slate-300`}>{label}</span>
}

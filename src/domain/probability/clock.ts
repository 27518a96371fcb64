import type { LiveState } from './inputs'

/**
 * How much of regulation is left, as a fraction of a whole game: the time scale every live model shrinks
 * by. Past regulation the answer is 0 and the family's overtime branch settles a tie.
 */
export interface ClockLayout {
  periods: number
  periodSeconds: number
  /** Soccer's clock runs up over the whole match; the others run down within each period. */
  countsUp: boolean
}

export const CLOCKS = {
  football: { periods: 4, periodSeconds: 900, countsUp: false },
  nba: { periods: 4, periodSeconds: 720, countsUp: false },
  ncaab: { periods: 2, periodSeconds: 1200, countsUp: false },
  hockey: { periods: 3, periodSeconds: 1200, countsUp: false },
  soccer: { periods: 2, periodSeconds: 2700, countsUp: true },
} as const satisfies Record<string, ClockLayout>

export function fractionLeft(layout: ClockLayout, live: LiveState | null): number {
  if (!live) return 1
  const game = layout.periods * layout.periodSeconds
  if (live.period > layout.periods) return 0
  const period = Math.max(1, live.period)
  const played = layout.countsUp
    ? Math.max(live.clockSeconds ?? (period - 1) * layout.periodSeconds, (period - 1) * layout.periodSeconds)
    : (period - 1) * layout.periodSeconds + layout.periodSeconds - (live.clockSeconds ?? layout.periodSeconds)
  return clamp01(1 - played / game)
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x))
}

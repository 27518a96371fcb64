import { LRUCache } from 'lru-cache'
import { leagueInfo } from '../../domain/leagues'
import { likelyThreshold, type ThreeWay, threeWay } from '../../domain/probability/distribution'
import { hasScoreToCome, probabilityGame } from '../../domain/probability/game-state'
import { type ProbabilityResult, scoreDistribution } from '../../domain/probability/index'
import type { GameRow } from '../db/games-schema'
import type { Clock } from '../feeds/clock'

/** The share of the distribution the grid shades as the likely region. */
export const LIKELY_MASS = 0.5

/** What every user watching a game shares: its distribution and what is read off it alone. */
export interface GameDistribution {
  result: ProbabilityResult
  threeWay: ThreeWay
  likelyThreshold: number
  computedAt: Date
}

/** A distribution is at most about 120 x 120 doubles; the rest of an entry is small. */
const ENTRY_OVERHEAD_BYTES = 2_000
const BUDGET_BYTES = 32 * 1_048_576

/**
 * The final-score distribution of each game, computed once per game state and shared by every user and
 * both answers that show it (the outcome grid's cells and GET /api/live-probability). The game's version
 * bumps on any change of score, clock, situation or lines (games.repository.ts), so an entry stamped with
 * it is never stale. Bounded by bytes; only games still to finish get one (hasScoreToCome), and those
 * are the feed's, not the caller's, so the budget is never reached in practice.
 */
export class GameDistributions {
  private readonly entries = new LRUCache<number, { version: number; value: GameDistribution | null }>({
    maxSize: BUDGET_BYTES,
    sizeCalculation: (entry) => (entry.value?.result.distribution.p.byteLength ?? 0) + ENTRY_OVERHEAD_BYTES,
  })

  constructor(private readonly clock: Clock) {}

  /** Null for a game that is final or canceled, or whose league has no score model (tennis, decision 019). */
  forGame(game: GameRow): GameDistribution | null {
    const held = this.entries.get(game.id)
    if (held?.version === game.version) return held.value
    const value = this.compute(game)
    this.entries.set(game.id, { version: game.version, value })
    return value
  }

  private compute(game: GameRow): GameDistribution | null {
    if (!hasScoreToCome(game.status)) return null
    const result = scoreDistribution(probabilityGame(game))
    if (!result) return null
    const dist = result.distribution
    return {
      result,
      threeWay: threeWay(dist),
      likelyThreshold: likelyThreshold(dist, LIKELY_MASS),
      computedAt: this.clock(),
    }
  }
}

/** Why a game has no distribution (forGame answered null), as the bettor is told. */
export function noDistribution(game: GameRow): string {
  if (game.status === 'final') return 'The game is final: its final score is known'
  if (game.status === 'canceled') return 'The game was canceled: it has no final score'
  return `No score model for ${leagueInfo(game.league)?.label ?? game.league} games`
}

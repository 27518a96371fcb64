import { LRUCache } from 'lru-cache'
import { leagueInfo } from '../../domain/leagues'
import { BET_PERIOD_LABELS, type BetPeriod, FULL_GAME } from '../../domain/periods'
import { likelyThreshold, type ThreeWay, threeWay } from '../../domain/probability/distribution'
import { hasScoreToCome, probabilityGame } from '../../domain/probability/game-state'
import { type ProbabilityResult, scoreDistribution } from '../../domain/probability/index'
import { periodDistribution } from '../../domain/probability/period-distribution'
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
  private readonly entries = new LRUCache<string, { version: number; value: GameDistribution | null }>({
    maxSize: BUDGET_BYTES,
    sizeCalculation: (entry) => (entry.value?.result.distribution.p.byteLength ?? 0) + ENTRY_OVERHEAD_BYTES,
  })

  constructor(private readonly clock: Clock) {}

  /** Null for a game that is final or canceled, or whose league has no score model (tennis, decision 019). */
  forGame(game: GameRow): GameDistribution | null {
    return this.held(`${game.id}`, game, () => scoreDistribution(probabilityGame(game)))
  }

  /**
   * A period's score distribution (decision 073), kept like the full game's; null as forGame's, and for a
   * period already over or one without a model (periodDistribution).
   */
  forPeriod(game: GameRow, period: BetPeriod): GameDistribution | null {
    if (period === FULL_GAME) return this.forGame(game)
    return this.held(`${game.id}:${period}`, game, () =>
      periodDistribution(probabilityGame(game), period, game.periods),
    )
  }

  private held(key: string, game: GameRow, model: () => ProbabilityResult | null): GameDistribution | null {
    const held = this.entries.get(key)
    if (held?.version === game.version) return held.value
    const value = hasScoreToCome(game.status) ? this.compute(model()) : null
    this.entries.set(key, { version: game.version, value })
    return value
  }

  private compute(result: ProbabilityResult | null): GameDistribution | null {
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

/**
 * Why a period has no distribution (forPeriod answered null): the game's reason, or, for a game still to
 * finish that has one, the period is over and its score known.
 */
export function noPeriodDistribution(
  game: GameRow,
  period: BetPeriod,
  distributions: GameDistributions,
): string {
  if (period === FULL_GAME || !distributions.forGame(game)) return noDistribution(game)
  return `The ${BET_PERIOD_LABELS[period].toLowerCase()} is over: its score is known`
}

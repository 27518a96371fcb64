import type { BetTerms } from '../../src/domain/bet'
import type { GameStatus } from '../../src/domain/game'
import type { GridOutcomes } from '../../src/domain/outcome-grid'
import {
  addAt,
  emptyDistribution,
  normalize,
  type ScoreDistribution,
} from '../../src/domain/probability/distribution'
import type { ScorePoint, SuggestionContext, SuggestionLines } from '../../src/domain/suggestions'

export const CHIEFS_BILLS = { homeTeam: 'Kansas City Chiefs', awayTeam: 'Buffalo Bills', league: 'NFL' }
export const LAKERS_CELTICS = { homeTeam: 'Los Angeles Lakers', awayTeam: 'Boston Celtics', league: 'NBA' }

/** A distribution with mass only on the given final scores (weights are normalised), on the league's axes. */
export function handDistribution(
  range: { min: number; max: number },
  cells: readonly [home: number, away: number, weight: number][],
): ScoreDistribution {
  const dist = emptyDistribution(range, range)
  for (const [h, a, w] of cells) addAt(dist, h, a, w)
  return normalize(dist)
}

export function lines(overrides: Partial<SuggestionLines> = {}): SuggestionLines {
  return {
    homeSpread: null,
    total: null,
    homeMoneyline: null,
    awayMoneyline: null,
    drawMoneyline: null,
    linesAgeSeconds: 30,
    ...overrides,
  }
}

interface ContextParts {
  matchup: { homeTeam: string; awayTeam: string; league: string }
  distribution: ScoreDistribution
  bets?: BetTerms[]
  cellBets?: BetTerms[]
  lines?: SuggestionLines | null
  status?: GameStatus
  score?: [home: number, away: number] | null
  scoreHistory?: ScorePoint[]
  distributionAtBet?: ScoreDistribution | null
  now?: Date
}

/** A context with overrides (Epic Stack style builders): a live game at 0-0 unless told otherwise. */
export function context(parts: ContextParts): SuggestionContext {
  const score = parts.score === undefined ? [0, 0] : parts.score
  return {
    game: {
      id: 'game-1',
      ...parts.matchup,
      status: parts.status ?? 'in_progress',
      homeScore: score?.[0] ?? null,
      awayScore: score?.[1] ?? null,
    },
    distribution: parts.distribution,
    lines: parts.lines === undefined ? lines() : parts.lines,
    bets: parts.bets ?? [],
    cellBets: parts.cellBets ?? [],
    scoreHistory: parts.scoreHistory ?? [],
    distributionAtBet: parts.distributionAtBet ?? null,
    now: parts.now ?? new Date('2026-01-04T19:00:00Z'),
  }
}

/** The profit in cents of one cell of an outcome gridOutcomes. */
export function cellCents(gridOutcomes: GridOutcomes, home: number, away: number): number | undefined {
  const cell = gridOutcomes.outcomes
    .find((r) => r.homeScore === home)
    ?.outcomes.find((c) => c.awayScore === away)
  return cell === undefined ? undefined : Math.round(cell.profit * 100)
}

/** The worst profit in cents over the cells that can be final scores (decision 006). */
export function gridFloor(gridOutcomes: GridOutcomes): number {
  let floor = Number.POSITIVE_INFINITY
  for (const row of gridOutcomes.outcomes) {
    for (const cell of row.outcomes)
      if (!cell.impossible) floor = Math.min(floor, Math.round(cell.profit * 100))
  }
  return floor
}

export const at = (time: string) => new Date(`2026-01-04T${time}:00Z`)

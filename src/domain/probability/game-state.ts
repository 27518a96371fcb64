import type { BaseballSituation, GameStatus, MarketLines } from '../game'
import { leagueInfo } from '../leagues'
import type { ProbabilityGame } from './index'
import type { LiveState } from './inputs'

/** The parts of a stored game (either feed) that a score model reads. */
export interface GameForProbability {
  league: string
  status: string
  period: number | null
  /** The card's clock text: '8:41 - 4th', 'End of 1st', 'Halftime', "58'", "45'+2'", 'HT', 'Top 9th'. */
  gameTime: string | null
  homeScore: number | null
  awayScore: number | null
  baseball: BaseballSituation | null
  lines: MarketLines | null
}

/**
 * Games whose final score is still to come. A final game's score is known and a canceled one has none,
 * so neither has a distribution (decision 044: every game that is not final).
 */
export function hasScoreToCome(status: string): boolean {
  return !(['final', 'canceled'] satisfies GameStatus[] as string[]).includes(status)
}

/**
 * The model's input from a stored game: its lines and, once play has begun, its live state. The feeds keep
 * the clock only as the card's text, so the seconds are read back from it; a text this does not know
 * reads as the start of the period, the conservative end (more time left, a wider distribution).
 */
export function probabilityGame(game: GameForProbability): ProbabilityGame {
  const started = game.homeScore !== null && game.awayScore !== null && game.status !== 'scheduled'
  const live: LiveState | null = started
    ? {
        homeScore: game.homeScore ?? 0,
        awayScore: game.awayScore ?? 0,
        period: game.period ?? 1,
        clockSeconds: clockSeconds(game.league, game.period ?? 1, game.gameTime),
        baseball: game.baseball,
      }
    : null
  return { league: game.league, lines: game.lines, live }
}

/** Soccer's halves are 45 minutes and its clock counts up; the others count down within each period. */
const SOCCER_HALF_SECONDS = 2700

export function clockSeconds(league: string, period: number, text: string | null): number | null {
  if (!text) return null
  const soccer = leagueInfo(league)?.sport === 'soccer'
  if (soccer) return soccerClock(period, text)
  const clock = /^(\d{1,2}):(\d{2})(?:\.\d+)?\b/.exec(text.trim())
  if (clock) return Number(clock[1]) * 60 + Number(clock[2])
  // 'End of 3rd', 'Halftime', 'End of Regulation': the period is over, none of its clock is left.
  if (/^(end\b|halftime)/i.test(text.trim())) return 0
  return null
}

/** "58'" and "45'+2'" are minutes played; stoppage time stays in its half. 'HT' is the end of the first. */
function soccerClock(period: number, text: string): number | null {
  const t = text.trim()
  if (/^(ht|half ?time)$/i.test(t)) return SOCCER_HALF_SECONDS
  const minutes = /^(\d{1,3})'/.exec(t)
  if (!minutes) return null
  const halfEnd = Math.max(1, Math.min(period, 2)) * SOCCER_HALF_SECONDS
  return Math.min(Number(minutes[1]) * 60, halfEnd)
}

import type { BetTerms } from '../src/domain/bet'
import { scoreDistribution } from '../src/domain/probability/index'
import { suggestionsFor } from '../src/domain/suggestions/index'
import type { SuggestionContext, SuggestionLines } from '../src/domain/suggestions/types'
import { gameSuggestionsView } from '../src/server/suggestions/suggestions-view'
import { moneyline, spread, total } from '../tests/support/bets'
import { median, timeMs } from './measure'

/**
 * Issue 14: a user with 50 bets across 10 live games (two per family, five bets each) asks for each
 * game's suggestions. Timed: the engine's rules on the game's distribution and the answer built as the
 * route sends it (before/after mini grids, JSON); the distribution itself is shared per game state and
 * timed in the score-model section. Target: under 20 ms per game.
 */
interface BenchGame {
  league: string
  homeTeam: string
  awayTeam: string
  homeScore: number
  awayScore: number
  period: number
  clockSeconds: number | null
  lines: SuggestionLines
  bets: BetTerms[]
}

const NOW = new Date('2026-11-23T20:00:00Z')

function game(g: Omit<BenchGame, 'bets'>, bets: (home: string, away: string) => BetTerms[]): BenchGame {
  return { ...g, bets: bets(g.homeTeam, g.awayTeam) }
}

const twoWay = (home: number, away: number, spreadLine: number, totalLine: number): SuggestionLines => ({
  homeSpread: spreadLine,
  total: totalLine,
  homeMoneyline: home,
  awayMoneyline: away,
  drawMoneyline: null,
  overOdds: -110,
  underOdds: -110,
  linesAgeSeconds: 120,
})

const mixed = (line: number, totalLine: number) => (home: string, away: string) => [
  moneyline(away, 5_000, 180),
  spread(home, -line, 11_000),
  total('over', totalLine - 1, 5_500, -110),
  total('under', totalLine + 2, 5_500, -110),
  moneyline(home, 2_500, -150),
]

const GAMES: BenchGame[] = [
  game(
    {
      league: 'NFL',
      homeTeam: 'Kansas City Chiefs',
      awayTeam: 'Buffalo Bills',
      homeScore: 17,
      awayScore: 14,
      period: 3,
      clockSeconds: 420,
      lines: twoWay(-170, 145, -3.5, 47.5),
    },
    mixed(3.5, 47.5),
  ),
  game(
    {
      league: 'NFL',
      homeTeam: 'Dallas Cowboys',
      awayTeam: 'New York Giants',
      homeScore: 3,
      awayScore: 10,
      period: 2,
      clockSeconds: 300,
      lines: twoWay(-250, 205, -6.5, 41.5),
    },
    mixed(6.5, 41.5),
  ),
  game(
    {
      league: 'NBA',
      homeTeam: 'Boston Celtics',
      awayTeam: 'Los Angeles Lakers',
      homeScore: 61,
      awayScore: 58,
      period: 3,
      clockSeconds: 500,
      lines: twoWay(-240, 200, -6, 228),
    },
    mixed(6, 228),
  ),
  game(
    {
      league: 'NBA',
      homeTeam: 'Denver Nuggets',
      awayTeam: 'Phoenix Suns',
      homeScore: 88,
      awayScore: 90,
      period: 4,
      clockSeconds: 360,
      lines: twoWay(-150, 130, -3, 231),
    },
    mixed(3, 231),
  ),
  game(
    {
      league: 'NHL',
      homeTeam: 'Toronto Maple Leafs',
      awayTeam: 'Montreal Canadiens',
      homeScore: 2,
      awayScore: 1,
      period: 2,
      clockSeconds: 600,
      lines: twoWay(-160, 135, -1.5, 6.5),
    },
    mixed(1.5, 6.5),
  ),
  game(
    {
      league: 'NHL',
      homeTeam: 'Edmonton Oilers',
      awayTeam: 'Calgary Flames',
      homeScore: 0,
      awayScore: 0,
      period: 1,
      clockSeconds: 900,
      lines: twoWay(-190, 160, -1.5, 6.5),
    },
    mixed(1.5, 6.5),
  ),
  game(
    {
      league: 'MLB',
      homeTeam: 'New York Yankees',
      awayTeam: 'Boston Red Sox',
      homeScore: 3,
      awayScore: 2,
      period: 6,
      clockSeconds: null,
      lines: twoWay(-140, 120, -1.5, 8.5),
    },
    mixed(1.5, 8.5),
  ),
  game(
    {
      league: 'MLB',
      homeTeam: 'Los Angeles Dodgers',
      awayTeam: 'San Francisco Giants',
      homeScore: 1,
      awayScore: 4,
      period: 4,
      clockSeconds: null,
      lines: twoWay(-180, 155, -1.5, 7.5),
    },
    mixed(1.5, 7.5),
  ),
  game(
    {
      league: 'EPL',
      homeTeam: 'Arsenal',
      awayTeam: 'Chelsea',
      homeScore: 1,
      awayScore: 1,
      period: 2,
      clockSeconds: 3900,
      lines: { ...twoWay(120, 230, 0, 2.5), homeSpread: null, drawMoneyline: 240 },
    },
    mixed(0.5, 2.5),
  ),
  game(
    {
      league: 'EPL',
      homeTeam: 'Liverpool',
      awayTeam: 'Everton',
      homeScore: 2,
      awayScore: 0,
      period: 1,
      clockSeconds: 2000,
      lines: { ...twoWay(-200, 550, 0, 3.5), homeSpread: null, drawMoneyline: 350 },
    },
    mixed(1.5, 3.5),
  ),
]

const RUNS = 15

export function suggestionsBench(): Record<string, number> {
  const perGame: number[] = []
  let suggestions = 0
  GAMES.forEach((g, index) => {
    const live = {
      homeScore: g.homeScore,
      awayScore: g.awayScore,
      period: g.period,
      clockSeconds: g.clockSeconds,
    }
    const result = scoreDistribution({ league: g.league, lines: g.lines, live })
    if (!result) throw new Error(`${g.league}: no distribution`)
    // A fresh context per run: the engine keeps what it derived on the context object.
    const context = (): SuggestionContext => ({
      game: {
        id: String(index + 1),
        league: g.league,
        homeTeam: g.homeTeam,
        awayTeam: g.awayTeam,
        status: 'in_progress',
        homeScore: g.homeScore,
        awayScore: g.awayScore,
      },
      distribution: result.distribution,
      lines: g.lines,
      bets: g.bets,
      cellBets: [],
      scoreHistory: [],
      now: NOW,
    })
    const answer = () => {
      const ctx = context()
      return JSON.stringify(gameSuggestionsView(index + 1, ctx, suggestionsFor(ctx), NOW))
    }
    suggestions += (JSON.parse(answer()) as { suggestions: unknown[] }).suggestions.length
    perGame.push(median(Array.from({ length: RUNS }, () => timeMs(answer))))
  })
  return {
    'suggestions-games': GAMES.length,
    'suggestions-bets': GAMES.reduce((n, g) => n + g.bets.length, 0),
    'suggestions-listed': suggestions,
    'suggestions-per-game-median-ms': round(median(perGame)),
    'suggestions-per-game-max-ms': round(Math.max(...perGame)),
    'suggestions-user-total-ms': round(perGame.reduce((a, b) => a + b, 0)),
  }
}

function round(x: number): number {
  return Math.round(x * 100) / 100
}

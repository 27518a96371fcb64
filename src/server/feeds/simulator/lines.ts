import type { MarketLines } from '../../../domain/game'
import { LEAGUES } from '../../../domain/leagues'
import { americanOddsOf } from '../../../domain/odds'
import type { SimulatedLeague } from './leagues'
import type { Matchup } from './matchup'

/**
 * Pre-game market lines priced from the matchup's expected scores, so the book agrees with the
 * simulation: spread and total are the expected margin and total rounded to a half point, moneylines the
 * win probability with a bookmaker's margin. Baseball and hockey quote the usual 1.5 run/puck line, soccer
 * a three-way moneyline and no spread, as ESPN's soccer lines have none.
 */
const PROVIDER = 'Grid Simulator'

/** Two-way books keep ~4.5% (-110 on both sides of an even game); three-way soccer books ~6%. */
const TWO_WAY_MARGIN = 0.045
const THREE_WAY_MARGIN = 0.06

/** Standard deviation of the final margin around its expectation, from the leagues' results. */
const MARGIN_SPREAD: Partial<Record<SimulatedLeague, number>> = {
  MLB: 4.4,
  NFL: 13.5,
  NCAAF: 15.5,
  NBA: 12.5,
  NCAAB: 10.5,
}

export function marketLines({ league, home, away }: Matchup): MarketLines {
  const margin = home.expected - away.expected
  const total = home.expected + away.expected
  const sport = LEAGUES[league].sport
  if (sport === 'soccer') {
    const odds = poissonOutcomes(home.expected, away.expected)
    const vig = 1 + THREE_WAY_MARGIN
    return {
      provider: PROVIDER,
      homeSpread: null,
      total: hooked(total),
      homeMoneyline: american(odds.home * vig),
      awayMoneyline: american(odds.away * vig),
      drawMoneyline: american(odds.draw * vig),
    }
  }
  const homeWins = homeWinProbability(league, home.expected, away.expected)
  const vig = 1 + TWO_WAY_MARGIN
  const lowScoring = sport === 'baseball' || sport === 'hockey'
  return {
    provider: PROVIDER,
    homeSpread: lowScoring ? (margin >= 0 ? -1.5 : 1.5) : noNegativeZero(-halfPoint(margin)),
    total: lowScoring ? hooked(total) : halfPoint(total),
    homeMoneyline: american(homeWins * vig),
    awayMoneyline: american((1 - homeWins) * vig),
    drawMoneyline: null,
  }
}

function homeWinProbability(league: SimulatedLeague, home: number, away: number): number {
  const spread = MARGIN_SPREAD[league]
  if (spread !== undefined) return normalCdf((home - away) / spread)
  // Hockey: goals are close to Poisson; a regulation tie goes to overtime and the shootout, near a coin flip.
  const odds = poissonOutcomes(home, away)
  return odds.home + odds.draw / 2
}

/** Home win, draw and away win for two independent Poisson scorers. */
function poissonOutcomes(home: number, away: number): { home: number; draw: number; away: number } {
  const homeGoals = poissonTable(home)
  const awayGoals = poissonTable(away)
  const odds = { home: 0, draw: 0, away: 0 }
  homeGoals.forEach((p, h) => {
    awayGoals.forEach((q, a) => {
      if (h > a) odds.home += p * q
      else if (h === a) odds.draw += p * q
      else odds.away += p * q
    })
  })
  return odds
}

function poissonTable(mean: number): number[] {
  const table = [Math.exp(-mean)]
  for (let k = 1; k <= 15; k++) table.push(((table[k - 1] ?? 0) * mean) / k)
  return table
}

/**
 * American odds for an implied probability (margin included), to the nearest 5 as books quote them.
 * Capped at 97% / 2% so that the longest shot stays a plausible price.
 */
function american(implied: number): number {
  const q = Math.min(0.97, Math.max(0.02, implied))
  return noNegativeZero(Math.round(americanOddsOf(q) / 5) * 5)
}

function halfPoint(value: number): number {
  return Math.round(value * 2) / 2
}

/** x.5, the hook that rules out a push on a low total: 8.9 -> 8.5, 2.8 -> 2.5. */
function hooked(value: number): number {
  return Math.floor(value) + 0.5
}

function noNegativeZero(value: number): number {
  return value === 0 ? 0 : value
}

/** Abramowitz & Stegun 7.1.26 (error < 1.5e-7), plenty for a price. */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2
  const t = 1 / (1 + 0.3275911 * x)
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
  const erf = 1 - poly * Math.exp(-x * x)
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2
}

import { devigImplied } from '../../src/domain/probability/devig'
import { probabilityAbove, threeWay } from '../../src/domain/probability/distribution'
import {
  type GoalParams,
  goalDistribution,
  SOCCER_GOALS,
  scoreProbability,
  solveGoalRates,
} from '../../src/domain/probability/goals'
import type { MarketView } from '../../src/domain/probability/inputs'
import { num, readCsv } from './csv'
import { againstMarket, calibrationError, heldApart, predictedVsReal, type Report } from './metrics'

/**
 * Soccer, five leagues from Football-Data.co.uk: fit on 2005-06 to 2012-13, score on 2013-14 to 2017-18.
 * The in-game check is at half time, against the textbook reference: plain Poisson (no Dixon-Coles, goals
 * evenly spread) with rates solved from the same prices.
 */
const LEAGUES = ['E0', 'SP1', 'D1', 'I1', 'F1']
const FIRST_SCORED = '2013-14'

interface Game {
  season: string
  home: number
  away: number
  htHome: number
  htAway: number
  market: MarketView
}

export function soccerReport(): Report {
  const games = LEAGUES.flatMap(load)
  const { train, test } = heldApart(games, FIRST_SCORED)
  const fitted = fitOn(train)
  const params: GoalParams = SOCCER_GOALS
  const plain: GoalParams = { ...params, rho: 0, lateSlope: 0 }
  const model: number[] = []
  const market: number[] = []
  const won: number[] = []
  const overP: number[] = []
  const overY: number[] = []
  const ht = { model: 0, reference: 0, modelHome: 0, referenceHome: 0 }
  const htForecasts = { model: [] as number[], reference: [] as number[] }
  for (const g of test) {
    const { rates } = solveGoalRates(g.market, params)
    const pre = goalDistribution(rates, params, 1)
    model.push(threeWay(pre).homeWin)
    market.push(g.market.homeWin ?? 0)
    won.push(g.home > g.away ? 1 : 0)
    overP.push(probabilityAbove(pre, 'sum', 2.5))
    overY.push(g.home + g.away > 2.5 ? 1 : 0)
    const live = threeWay(goalDistribution(rates, params, 0.5, { home: g.htHome, away: g.htAway }))
    const reference = threeWay(
      goalDistribution(solveGoalRates(g.market, plain).rates, plain, 0.5, { home: g.htHome, away: g.htAway }),
    )
    ht.model += threeWayBrier(live, g)
    ht.reference += threeWayBrier(reference, g)
    htForecasts.model.push(live.homeWin)
    htForecasts.reference.push(reference.homeWin)
    ht.modelHome += (live.homeWin - (g.home > g.away ? 1 : 0)) ** 2
    ht.referenceHome += (reference.homeWin - (g.home > g.away ? 1 : 0)) ** 2
  }
  const n = test.length
  return {
    sport: 'Soccer (5 leagues)',
    games: n,
    trainedOn: '2005-06..2012-13',
    scoredOn: '2013-14..2017-18',
    ...againstMarket(model, market, won),
    calibration: calibrationError(model, won),
    cover: null,
    over: predictedVsReal(overP, overY),
    notes: [
      `half time, 3-way Brier: model ${(ht.model / n).toFixed(4)}, plain Poisson ${(ht.reference / n).toFixed(4)}`,
      `half time, home-win Brier: model ${(ht.modelHome / n).toFixed(4)}, plain Poisson ${(ht.referenceHome / n).toFixed(4)}`,
      `half time, home-win calibration error: model ${calibrationError(htForecasts.model, won).toFixed(4)}, plain Poisson ${calibrationError(htForecasts.reference, won).toFixed(4)}`,
    ],
    fitted,
  }
}

function threeWayBrier(p: { homeWin: number; draw: number; awayWin: number }, g: Game): number {
  const y = [g.home > g.away, g.home === g.away, g.home < g.away].map(Number)
  return (p.homeWin - (y[0] ?? 0)) ** 2 + (p.draw - (y[1] ?? 0)) ** 2 + (p.awayWin - (y[2] ?? 0)) ** 2
}

/** Late slope from the half-time share of goals; rho by likelihood over rates solved with rho 0. */
function fitOn(train: Game[]): Record<string, number> {
  const goals = train.reduce((s, g) => s + g.home + g.away, 0)
  const firstHalf = train.reduce((s, g) => s + g.htHome + g.htAway, 0)
  const share = firstHalf / goals
  // G(1/2) = share with G(x) = (x + slope x^2 / 2) / (1 + slope / 2).
  const lateSlope = (0.5 - share) / (share / 2 - 1 / 8)
  const base: GoalParams = { ...SOCCER_GOALS, rho: 0 }
  const sample = train
    .filter((_, i) => i % 3 === 0)
    .map((g) => ({ g, rates: solveGoalRates(g.market, base).rates }))
  let best = { rho: 0, ll: Number.NEGATIVE_INFINITY }
  for (let rho = -0.2; rho <= 0.1001; rho += 0.005) {
    let ll = 0
    for (const { g, rates } of sample) ll += Math.log(scoreProbability(g.home, g.away, rates, rho))
    if (ll > best.ll) best = { rho, ll }
  }
  return {
    lateSlope,
    firstHalfShare: share,
    rho: best.rho,
    averageGoals: goals / train.length,
    averageHomeShare: train.reduce((s, g) => s + g.home, 0) / goals,
  }
}

function load(league: string): Game[] {
  return readCsv(`soccer_${league}_2005-2017_scores_halftime_closing_odds.csv`).flatMap((r) => {
    const [home, away, htHome, htAway] = [r.fthg, r.ftag, r.hthg, r.htag].map(num)
    const odds = [r.odds_home, r.odds_draw, r.odds_away, r.over25, r.under25].map(num)
    // The four awarded results have no half-time score: they are left out.
    if ([home, away, htHome, htAway, ...odds].some((v) => v === null)) return []
    const [h, d, a, o, u] = odds as number[]
    const x = devigImplied([1 / (h ?? 1), 1 / (d ?? 1), 1 / (a ?? 1)], 'shin').probabilities
    const over = devigImplied([1 / (o ?? 1), 1 / (u ?? 1)], 'shin').probabilities[0] ?? 0.5
    const market: MarketView = {
      homeWin: x[0] ?? null,
      draw: x[1] ?? null,
      awayWin: x[2] ?? null,
      over,
      total: 2.5,
      homeSpread: null,
      devig: '1X2 shin, total shin',
      linesUsed: [],
    }
    return [
      {
        season: r.season ?? '',
        home: home ?? 0,
        away: away ?? 0,
        htHome: htHome ?? 0,
        htAway: htAway ?? 0,
        market,
      },
    ]
  })
}

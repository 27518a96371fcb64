import { devigTwoWay } from '../../src/domain/probability/devig'
import { probabilityAbove, threeWay } from '../../src/domain/probability/distribution'
import {
  type GoalParams,
  goalDistribution,
  HOCKEY_GOALS,
  matchOutcome,
  scoreProbability,
  solveGoalRates,
} from '../../src/domain/probability/goals'
import type { MarketView } from '../../src/domain/probability/inputs'
import { numbers, readCsv } from './csv'
import {
  againstMarket,
  calibrationError,
  heldApart,
  mean,
  predictedVsReal,
  type Report,
  Tally,
} from './metrics'

/**
 * NHL regular seasons (oddsportal average moneylines; final scores include the overtime or shootout
 * goal): fit on 2008-09 to 2012-13, score on 2013-14 to 2016-17. The file has no totals, so the model's
 * total is the league average; its over 5.5 is checked against the real finals.
 */
const FIRST_SCORED = 2013

interface Game {
  season: number
  home: number
  away: number
  homeWin: number
}

export function nhlReport(): Report {
  const games = load()
  const { train, test } = heldApart(games, FIRST_SCORED)
  const fitted = fitOn(train)
  const model: number[] = []
  const market: number[] = []
  const won: number[] = []
  const over = new Tally()
  for (const g of test) {
    const { rates } = solveGoalRates(viewOf(g), HOCKEY_GOALS)
    const dist = goalDistribution(rates, HOCKEY_GOALS, 1)
    model.push(threeWay(dist).homeWin)
    market.push(g.homeWin)
    won.push(g.home > g.away ? 1 : 0)
    over.add(probabilityAbove(dist, 'sum', 5.5), g.home + g.away > 5.5)
  }
  return {
    sport: 'NHL',
    games: test.length,
    trainedOn: '2008-09..2012-13',
    scoredOn: '2013-14..2016-17',
    ...againstMarket(model, market, won),
    calibration: calibrationError(model, won),
    cover: null,
    over: predictedVsReal(over.p, over.y),
    notes: ['no totals in the history: over 5.5 from the league-average total'],
    fitted,
  }
}

function viewOf(g: Game): MarketView {
  return {
    homeWin: g.homeWin,
    draw: null,
    awayWin: 1 - g.homeWin,
    over: 0.5,
    total: null,
    homeSpread: null,
    devig: 'moneyline shin',
    linesUsed: [],
  }
}

/** Regulation goals from the finals less the overtime goal; rho by likelihood of the finals. */
function fitOn(train: Game[]): Record<string, number> {
  const finalGoals = mean(train.map((g) => g.home + g.away))
  const homeRate = mean(train.map((g) => (g.home > g.away ? 1 : 0)))
  const tie = matchOutcome(
    { home: finalGoals / 2, away: finalGoals / 2 },
    { ...HOCKEY_GOALS, overtime: null },
    null,
  ).draw
  const averageGoals = finalGoals - tie
  const base: GoalParams = { ...HOCKEY_GOALS, averageGoals, rho: 0 }
  const average = solveGoalRates(
    { ...viewOf({ season: 0, home: 0, away: 0, homeWin: homeRate }) },
    base,
  ).rates
  const decided = HOCKEY_GOALS.overtime?.decidedInOvertime ?? 0
  const sample = train.map((g) => ({ g, rates: solveGoalRates(viewOf(g), base).rates }))
  let best = { rho: 0, ll: Number.NEGATIVE_INFINITY }
  // Past about 0.13 the 0-0 factor 1 - rho x rates would go negative at typical NHL rates.
  for (let rho = -0.15; rho <= 0.1001; rho += 0.01) {
    let ll = 0
    for (const { g, rates } of sample) {
      const otHome = decided * (rates.home / (rates.home + rates.away)) + (1 - decided) * 0.5
      let p = scoreProbability(g.home, g.away, rates, rho)
      const level = Math.min(g.home, g.away)
      if (g.home === level + 1 && g.away === level) p += scoreProbability(level, level, rates, rho) * otHome
      if (g.away === level + 1 && g.home === level)
        p += scoreProbability(level, level, rates, rho) * (1 - otHome)
      ll += Math.log(p)
    }
    if (ll > best.ll) best = { rho, ll }
  }
  return {
    rho: best.rho,
    averageGoals,
    finalGoals,
    averageHomeShare: average.home / (average.home + average.away),
    homeWinRate: homeRate,
  }
}

function load(): Game[] {
  return readCsv('nhl_2008-2017_scores_avg_moneylines.csv').flatMap((r) => {
    const v = numbers(r, { home: 'points_1', away: 'points_2', one: 'moneyline_1', two: 'moneyline_2' })
    if (r.season_type !== 'Regular' || r.neutral !== '0' || !v) return []
    const [, month, year] = (r.date ?? '').split(' ')
    const season =
      Number(year) - (['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul'].includes(month ?? '') ? 1 : 0)
    if (v.home === v.away) return []
    return [
      {
        season,
        home: v.home,
        away: v.away,
        homeWin: devigTwoWay([v.one, v.two], 'shin').probabilities[0] ?? 0.5,
      },
    ]
  })
}

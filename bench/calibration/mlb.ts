import { devigTwoWay } from '../../src/domain/probability/devig'
import { forEachCell, threeWay } from '../../src/domain/probability/distribution'
import type { MarketView } from '../../src/domain/probability/inputs'
import { MLB_AVERAGE_RATES, runsDistribution, solveRunRates } from '../../src/domain/probability/runs'
import { numbers, readCsv } from './csv'
import { againstMarket, calibrationError, noPush, predictedVsReal, type Report, Tally } from './metrics'

/**
 * MLB 2019 (closing moneylines, run lines and totals with their prices): nothing in the baseball model
 * was fitted on it (its innings and base-out tables are 2018 Retrosheet and Tango's), so the whole season
 * is held apart.
 */
interface Game {
  home: number
  away: number
  market: MarketView
  homeRunline: number
}

export function mlbReport(): Report {
  const games = load()
  const model: number[] = []
  const market: number[] = []
  const won: number[] = []
  const cover = new Tally()
  const over = new Tally()
  for (const g of games) {
    const dist = runsDistribution(solveRunRates(g.market).rates)
    model.push(threeWay(dist).homeWin)
    market.push(g.market.homeWin ?? 0)
    won.push(g.home > g.away ? 1 : 0)
    const total = g.market.total ?? 0
    const sides = { cover: 0, overYes: 0, overNo: 0 }
    forEachCell(dist, (h, a, q) => {
      if (h - a + g.homeRunline > 0) sides.cover += q
      if (h + a > total) sides.overYes += q
      else if (h + a < total) sides.overNo += q
    })
    cover.add(sides.cover, g.home - g.away + g.homeRunline > 0)
    if (g.home + g.away !== total) {
      over.add(noPush(sides.overYes, sides.overNo), g.home + g.away > total)
    }
  }
  return {
    sport: 'MLB',
    games: games.length,
    trainedOn: '2018 innings, Tango RE24',
    scoredOn: '2019',
    ...againstMarket(model, market, won),
    calibration: calibrationError(model, won),
    cover: predictedVsReal(cover.p, cover.y),
    over: predictedVsReal(over.p, over.y),
    notes: [
      `run line (home -1.5/+1.5) calibration error ${calibrationError(cover.p, cover.y).toFixed(4)}, over calibration error ${calibrationError(over.p, over.y).toFixed(4)}`,
    ],
    fitted: { averageHomeRuns: MLB_AVERAGE_RATES.home, averageAwayRuns: MLB_AVERAGE_RATES.away },
  }
}

function load(): Game[] {
  return readCsv('mlb_2019_scores_closing_lines.csv').flatMap((r) => {
    const v = numbers(r, {
      home: 'home_score',
      away: 'away_score',
      mlHome: 'home_moneyline',
      mlAway: 'away_moneyline',
      total: 'total',
      overOdds: 'over_odds',
      underOdds: 'under_odds',
      homeRunline: 'home_runline',
    })
    if (!v) return []
    const win = devigTwoWay([v.mlHome, v.mlAway], 'shin').probabilities
    const market: MarketView = {
      homeWin: win[0] ?? null,
      draw: null,
      awayWin: win[1] ?? null,
      over: devigTwoWay([v.overOdds, v.underOdds], 'shin').probabilities[0] ?? 0.5,
      total: v.total,
      homeSpread: v.homeRunline,
      devig: 'moneyline shin, total shin',
      linesUsed: [],
    }
    return [{ home: v.home, away: v.away, market, homeRunline: v.homeRunline }]
  })
}

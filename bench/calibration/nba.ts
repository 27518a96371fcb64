import { devigTwoWay } from '../../src/domain/probability/devig'
import { forEachCell, threeWay } from '../../src/domain/probability/distribution'
import type { MarketView } from '../../src/domain/probability/inputs'
import { pointsDistribution, solveCenter } from '../../src/domain/probability/points'
import { NBA_POINTS } from '../../src/domain/probability/points-params'
import { normalCdf } from '../../src/domain/probability/solve'
import { num, readCsv } from './csv'
import {
  againstMarket,
  brier,
  calibrationError,
  heldApart,
  mean,
  noPush,
  predictedVsReal,
  type Report,
  sd,
  Tally,
} from './metrics'

/**
 * NBA: closing spreads, totals and moneylines with quarter scores, seasons 2008-2017 (season = the year
 * it ends); fit on 2008-2014, score on 2015-2017. In-game, at the three quarter breaks, against the
 * textbook reference: Stern's Brownian margin (drift from the spread, the full-game spread times the
 * square root of the time left, no overtime, no discreteness).
 */
const FIRST_SCORED = 2015

interface Game {
  season: number
  home: number
  away: number
  /** Cumulative home - away after each quarter, regulation only. */
  afterQuarter: [number, number, number, number]
  /** Cumulative score after each of the first three quarters. */
  scoreAfter: { home: number; away: number }[]
  regulationTotal: number
  homeSpread: number
  total: number
  homeWin: number
}

export function nbaReport(): Report {
  const games = load()
  const { train, test } = heldApart(games, FIRST_SCORED)
  const fitted = fitOn(train)
  const model: number[] = []
  const market: number[] = []
  const won: number[] = []
  const cover = new Tally()
  const over = new Tally()
  const breaks = [1, 2, 3].map(() => ({ model: [] as number[], reference: [] as number[] }))
  for (const g of test) {
    const { center } = solveCenter(viewOf(g), NBA_POINTS)
    const dist = pointsDistribution(center, NBA_POINTS, 1)
    model.push(threeWay(dist).homeWin)
    market.push(g.homeWin)
    won.push(g.home > g.away ? 1 : 0)
    const sides = { coverYes: 0, coverNo: 0, overYes: 0, overNo: 0 }
    forEachCell(dist, (h, a, q) => {
      if (h - a + g.homeSpread > 0) sides.coverYes += q
      else if (h - a + g.homeSpread < 0) sides.coverNo += q
      if (h + a > g.total) sides.overYes += q
      else if (h + a < g.total) sides.overNo += q
    })
    if (g.home - g.away + g.homeSpread !== 0) {
      cover.add(noPush(sides.coverYes, sides.coverNo), g.home - g.away + g.homeSpread > 0)
    }
    if (g.home + g.away !== g.total) {
      over.add(noPush(sides.overYes, sides.overNo), g.home + g.away > g.total)
    }
    g.scoreAfter.forEach((score, k) => {
      const left = 1 - (k + 1) / 4
      const live = threeWay(pointsDistribution(center, NBA_POINTS, left, score)).homeWin
      const lead = score.home - score.away
      const reference = normalCdf((lead - g.homeSpread * left) / (NBA_POINTS.marginSd * Math.sqrt(left)))
      breaks[k]?.model.push(live)
      breaks[k]?.reference.push(reference)
    })
  }
  const inGame = breaks.map(
    (b, k) =>
      `Q${k + 1}: model ${brier(b.model, won).toFixed(4)} vs Brownian ${brier(b.reference, won).toFixed(4)}`,
  )
  const allModel = breaks.flatMap((b) => b.model)
  const allReference = breaks.flatMap((b) => b.reference)
  const allWon = breaks.flatMap(() => won)
  return {
    sport: 'NBA',
    games: test.length,
    trainedOn: '2008..2014',
    scoredOn: '2015..2017',
    ...againstMarket(model, market, won),
    calibration: calibrationError(model, won),
    cover: predictedVsReal(cover.p, cover.y),
    over: predictedVsReal(over.p, over.y),
    notes: [
      `quarter breaks, home-win Brier: ${inGame.join('; ')}`,
      `all breaks: model ${brier(allModel, allWon).toFixed(4)} (calibration error ${calibrationError(allModel, allWon).toFixed(4)}) vs Brownian ${brier(allReference, allWon).toFixed(4)} (${calibrationError(allReference, allWon).toFixed(4)})`,
      `cover calibration error ${calibrationError(cover.p, cover.y).toFixed(4)}, over calibration error ${calibrationError(over.p, over.y).toFixed(4)}`,
    ],
    fitted,
  }
}

function viewOf(g: Game): MarketView {
  return {
    homeWin: g.homeWin,
    draw: null,
    awayWin: 1 - g.homeWin,
    over: 0.5,
    total: g.total,
    homeSpread: g.homeSpread,
    devig: 'moneyline shin',
    linesUsed: [],
  }
}

/**
 * Regulation spreads of margin and total. At each break, the rest of the margin is regressed on the
 * surprise so far (lead - the lead the line expected by then): the slopes give the lead reversion
 * (scale x left^power, a least-squares line in logs) and the residual spreads the decay exponent.
 */
function fitOn(train: Game[]): Record<string, number> {
  const marginSd = sd(train.map((g) => g.afterQuarter[3] + g.homeSpread))
  const totalSd = sd(train.map((g) => g.regulationTotal - g.total))
  const points: { logLeft: number; logSlope: number; logSd: number }[] = []
  for (const k of [1, 2, 3]) {
    const left = 1 - k / 4
    const x = train.map((g) => (g.afterQuarter[k - 1] ?? 0) + g.homeSpread * (1 - left))
    const y = train.map((g) => g.afterQuarter[3] - (g.afterQuarter[k - 1] ?? 0) + g.homeSpread * left)
    const { slope, residualSd } = regress(x, y)
    points.push({
      logLeft: Math.log(left),
      logSlope: Math.log(-slope),
      logSd: Math.log(residualSd / marginSd),
    })
  }
  const line = regress(
    points.map((p) => p.logLeft),
    points.map((p) => p.logSlope),
  )
  const decay =
    points.reduce((s, p) => s + p.logSd * p.logLeft, 0) / points.reduce((s, p) => s + p.logLeft ** 2, 0)
  return {
    marginSd,
    totalSd,
    decay,
    reversionScale: Math.exp(line.intercept),
    reversionPower: line.slope,
    averageMargin: mean(train.map((g) => g.home - g.away)),
    averageTotal: mean(train.map((g) => g.home + g.away)),
    overtimeShare: mean(train.map((g) => (g.afterQuarter[3] === 0 ? 1 : 0))),
  }
}

function regress(x: number[], y: number[]): { slope: number; intercept: number; residualSd: number } {
  const mx = mean(x)
  const my = mean(y)
  let sxy = 0
  let sxx = 0
  x.forEach((xi, i) => {
    sxy += (xi - mx) * ((y[i] ?? 0) - my)
    sxx += (xi - mx) ** 2
  })
  const slope = sxy / sxx
  const intercept = my - slope * mx
  return { slope, intercept, residualSd: sd(y.map((yi, i) => yi - intercept - slope * (x[i] ?? 0))) }
}

function load(): Game[] {
  return readCsv('nba_2008-2017_scores_quarters_closing_lines.csv').flatMap((r) => {
    const q = (side: 'home' | 'away') => [1, 2, 3, 4].map((k) => num(r[`q${k}_${side}`]) ?? Number.NaN)
    const [home, away, spread, total, mlHome, mlAway, season] = [
      r.score_home,
      r.score_away,
      r.spread,
      r.total,
      r.moneyline_home,
      r.moneyline_away,
      r.season,
    ].map(num)
    const qh = q('home')
    const qa = q('away')
    if (
      [home, away, spread, total, mlHome, mlAway, season, ...qh, ...qa].some(
        (v) => v === null || Number.isNaN(v),
      )
    )
      return []
    if (Math.abs(mlHome ?? 0) < 100 || Math.abs(mlAway ?? 0) < 100) return []
    const cumulative = (values: number[]) =>
      values.map((_, i) => values.slice(0, i + 1).reduce((s, v) => s + v, 0))
    const ch = cumulative(qh)
    const ca = cumulative(qa)
    const afterQuarter = ch.map((h, i) => h - (ca[i] ?? 0)) as [number, number, number, number]
    const homeSpread = r.whos_favored === 'home' ? -(spread ?? 0) : (spread ?? 0)
    return [
      {
        season: season ?? 0,
        home: home ?? 0,
        away: away ?? 0,
        afterQuarter,
        scoreAfter: [0, 1, 2].map((i) => ({ home: ch[i] ?? 0, away: ca[i] ?? 0 })),
        regulationTotal: (ch[3] ?? 0) + (ca[3] ?? 0),
        homeSpread,
        total: total ?? 0,
        homeWin: devigTwoWay([mlHome ?? 0, mlAway ?? 0], 'shin').probabilities[0] ?? 0.5,
      },
    ]
  })
}

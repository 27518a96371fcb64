import type { BetPeriod, PeriodScore } from '../../src/domain/periods'
import { devigImplied } from '../../src/domain/probability/devig'
import { probabilityAbove, type ScoreDistribution, threeWay } from '../../src/domain/probability/distribution'
import {
  goalDistribution,
  remainingShare,
  SOCCER_GOALS,
  scoreProbability,
  solveGoalRates,
} from '../../src/domain/probability/goals'
import type { ProbabilityLines } from '../../src/domain/probability/index'
import { readMarket } from '../../src/domain/probability/inputs'
import { periodDistribution } from '../../src/domain/probability/period-distribution'
import {
  type PointsCenter,
  type PointsParams,
  pointsDistribution,
  solveCenter,
} from '../../src/domain/probability/points'
import { NBA_POINTS } from '../../src/domain/probability/points-params'
import { num, readCsv } from './csv'
import { calibrationError, heldApart, mean, predictedVsReal, type Report, sd } from './metrics'

/**
 * Periods (decision 073): each period's pregame distribution from periodDistribution on the closing
 * lines, scored on the seasons its constants never saw (the splits of soccer.ts and nba.ts), against two
 * baselines. Naive: the training seasons' frequencies of the period's result and of its over, the same
 * for every game. Reference: the period as its share of the clock of the full game (soccer: even
 * scoring and the match's rho; NBA: the time share of the center and Brownian variance). The over is
 * of the half-point line nearest the period's median total on the training seasons.
 */
type Scored = Exclude<BetPeriod, 'FT'>
type Score = { home: number; away: number }

interface Game {
  season: string | number
  lines: ProbabilityLines
  /** The periods' final scores, as the bets on them settle. */
  scores: Partial<Record<Scored, Score>>
}

/** One period's forecasts: 3-way (home, draw, away) and the over, from one source. */
interface Forecast {
  result: [number, number, number]
  over: number
}

type Source = (g: Game, period: Scored, line: number) => Forecast

const SOCCER = { leagues: ['E0', 'SP1', 'D1', 'I1', 'F1'], firstScored: '2013-14', periods: ['1H', '2H'] }
const NBA = { firstScored: 2015, periods: ['Q1', 'Q2', 'Q3', 'Q4', '1H', '2H'] }
const NO_PERIODS: readonly PeriodScore[] = []

export function soccerPeriodsReport(): Report {
  const games = SOCCER.leagues.flatMap(loadSoccer)
  const { train, test } = heldApart(games, SOCCER.firstScored)
  const reference: Source = (g, _period, line) => {
    const market = readMarket(g.lines, true)
    const { rates } = solveGoalRates(market, SOCCER_GOALS)
    const half = { home: rates.home / 2, away: rates.away / 2 }
    const even = { ...SOCCER_GOALS, lateSlope: 0, overtime: null }
    return forecastOf(goalDistribution(half, even, 1), line)
  }
  return periodsReport({
    sport: 'Soccer halves (5 leagues)',
    trainedOn: '2005-06..2012-13',
    scoredOn: '2013-14..2017-18',
    league: 'EPL',
    periods: SOCCER.periods as Scored[],
    train,
    test,
    reference: { name: 'even scoring, match rho', source: reference },
    fitted: fitSoccer(train),
  })
}

export function nbaPeriodsReport(): Report {
  const { train, test } = heldApart(loadNba(), NBA.firstScored)
  const reference: Source = (g, period, line) => {
    const center = centerOf(g)
    const brownian: PointsParams = {
      ...NBA_POINTS,
      decay: 0.5,
      leadReversion: { scale: 0, power: 1 },
      overtime: { kind: 'branches', margins: [], tie: 1 },
    }
    return forecastOf(pointsDistribution(center, brownian, period.startsWith('Q') ? 0.25 : 0.5), line)
  }
  return periodsReport({
    sport: 'NBA quarters and halves',
    trainedOn: '2008..2014',
    scoredOn: '2015..2017',
    league: 'NBA',
    periods: NBA.periods as Scored[],
    train,
    test,
    reference: { name: 'time shares, Brownian', source: reference },
    fitted: fitNba(train),
  })
}

interface Setup {
  sport: string
  trainedOn: string
  scoredOn: string
  league: string
  periods: Scored[]
  train: Game[]
  test: Game[]
  reference: { name: string; source: Source }
  fitted: Record<string, number>
}

/** The report's row is the first half's home win and over; the notes hold every period and baseline. */
function periodsReport(s: Setup): Report {
  const notes = [
    `pregame, per period: 3-way Brier and log loss, then the over's Brier and log loss (line), for the model / naive / reference (${s.reference.name})`,
  ]
  let firstHalf: { home: number[]; won: number[]; over: number[]; wentOver: number[] } | null = null
  for (const period of s.periods) {
    const line = medianLine(s.train, period)
    const naive = naiveOf(s.train, period, line)
    const model: Source = (g, p, l) => {
      const r = periodDistribution({ league: s.league, lines: g.lines, live: null }, p, NO_PERIODS)
      if (!r) throw new Error(`${s.league} ${p}: no distribution`)
      return forecastOf(r.distribution, l)
    }
    const sources = [model, () => naive, s.reference.source]
    const scored = s.test.flatMap((g) => {
      const score = g.scores[period]
      return score ? [{ score, forecasts: sources.map((f) => f(g, period, line)) }] : []
    })
    const columns = sources.map((_, i) =>
      scoresOf(
        scored.map((x) => ({ score: x.score, f: x.forecasts[i] })),
        line,
      ),
    )
    notes.push(`${period} (${scored.length} games, line ${line}): ${columns.map(formatScores).join(' / ')}`)
    if (period === '1H') {
      firstHalf = {
        home: scored.map((x) => x.forecasts[0]?.result[0] ?? 0),
        won: scored.map((x) => (x.score.home > x.score.away ? 1 : 0)),
        over: scored.map((x) => x.forecasts[0]?.over ?? 0),
        wentOver: scored.map((x) => (x.score.home + x.score.away > line ? 1 : 0)),
      }
    }
  }
  if (!firstHalf) throw new Error('The report needs the first half')
  return {
    sport: s.sport,
    games: firstHalf.won.length,
    trainedOn: s.trainedOn,
    scoredOn: s.scoredOn,
    brierModel: mean(firstHalf.home.map((p, i) => (p - (firstHalf?.won[i] ?? 0)) ** 2)),
    brierMarket: null,
    meanGap: null,
    calibration: calibrationError(firstHalf.home, firstHalf.won),
    cover: null,
    over: predictedVsReal(firstHalf.over, firstHalf.wentOver),
    notes,
    fitted: s.fitted,
  }
}

function forecastOf(dist: ScoreDistribution, line: number): Forecast {
  const r = threeWay(dist)
  return { result: [r.homeWin, r.draw, r.awayWin], over: probabilityAbove(dist, 'sum', line) }
}

interface Scores {
  brier: number
  logLoss: number
  overBrier: number
  overLogLoss: number
}

/** Forecasts below this are floored in the log loss: a naive forecast of 0 must not score infinity. */
const FLOOR = 1e-12

function scoresOf(rows: { score: Score; f: Forecast | undefined }[], line: number): Scores {
  const each = rows.map(({ score, f }) => {
    const outcome = score.home > score.away ? 0 : score.home === score.away ? 1 : 2
    const result = f?.result ?? [1 / 3, 1 / 3, 1 / 3]
    const over = score.home + score.away > line
    const pOver = f?.over ?? 0.5
    return {
      brier: result.reduce((s, p, k) => s + (p - (k === outcome ? 1 : 0)) ** 2, 0),
      logLoss: -Math.log(Math.max(FLOOR, result[outcome] ?? 0)),
      overBrier: (pOver - (over ? 1 : 0)) ** 2,
      overLogLoss: -Math.log(Math.max(FLOOR, over ? pOver : 1 - pOver)),
    }
  })
  const keys = ['brier', 'logLoss', 'overBrier', 'overLogLoss'] as const
  return Object.fromEntries(keys.map((k) => [k, mean(each.map((x) => x[k]))])) as unknown as Scores
}

function formatScores(s: Scores): string {
  return [s.brier, s.logLoss, s.overBrier, s.overLogLoss].map((x) => x.toFixed(4)).join(' ')
}

/** The half-point line that splits the training seasons' period totals most evenly. */
function medianLine(train: readonly Game[], period: Scored): number {
  const totals = train.flatMap((g) => {
    const s = g.scores[period]
    return s ? [s.home + s.away] : []
  })
  const sorted = totals.sort((a, b) => a - b)
  const middle = sorted[Math.floor(sorted.length / 2)] ?? 0
  const overShare = (line: number) => totals.filter((t) => t > line).length / totals.length
  return Math.abs(overShare(middle - 0.5) - 0.5) < Math.abs(overShare(middle + 0.5) - 0.5)
    ? middle - 0.5
    : middle + 0.5
}

function naiveOf(train: readonly Game[], period: Scored, line: number): Forecast {
  const scores = train.flatMap((g) => {
    const s = g.scores[period]
    return s ? [s] : []
  })
  const share = (test: (s: Score) => boolean) => scores.filter(test).length / scores.length
  return {
    result: [share((s) => s.home > s.away), share((s) => s.home === s.away), share((s) => s.home < s.away)],
    over: share((s) => s.home + s.away > line),
  }
}

/**
 * The first half's share of goals and the late slope it gives (as soccer.ts), and rho within each half
 * by likelihood of the half's scores, over the match's rates solved with rho 0 from the win prices and
 * the over (a third of the games, as soccer.ts). SOCCER_HALF_RHO in period-distribution.ts.
 */
function fitSoccer(train: Game[]): Record<string, number> {
  const goals = (p: Scored) =>
    train.reduce((s, g) => s + (g.scores[p]?.home ?? 0) + (g.scores[p]?.away ?? 0), 0)
  const share = goals('1H') / (goals('1H') + goals('2H'))
  const lateSlope = (0.5 - share) / (share / 2 - 1 / 8)
  const firstShare = 1 - remainingShare(0.5, SOCCER_GOALS.lateSlope)
  const base = { ...SOCCER_GOALS, rho: 0 }
  const sample = train
    .filter((_, i) => i % 3 === 0)
    .map((g) => ({ g, rates: solveGoalRates({ ...readMarket(g.lines, true), draw: null }, base).rates }))
  const rhoOf = (period: Scored, part: number) => {
    let best = { rho: 0, ll: Number.NEGATIVE_INFINITY, atZero: 0 }
    for (let step = -30; step <= 20; step++) {
      const rho = step / 100
      let ll = 0
      for (const { g, rates } of sample) {
        const s = g.scores[period] ?? { home: 0, away: 0 }
        ll += Math.log(
          scoreProbability(s.home, s.away, { home: rates.home * part, away: rates.away * part }, rho),
        )
      }
      if (step === 0) best = { ...best, atZero: ll }
      if (ll > best.ll) best = { ...best, rho, ll }
    }
    return best
  }
  const first = rhoOf('1H', firstShare)
  const second = rhoOf('2H', 1 - firstShare)
  return {
    firstHalfShare: share,
    lateSlope,
    rhoFirstHalf: first.rho,
    rhoFirstHalfLogLikGainOverZero: first.ll - first.atZero,
    rhoSecondHalf: second.rho,
    rhoSecondHalfLogLikGainOverZero: second.ll - second.atZero,
  }
}

/**
 * NBA_PERIODS: each period's regulation margin and total regressed through the origin on the game's
 * center (solveCenter on the closing lines, as the model reads them), the spreads of the residuals as
 * shares of NBA_POINTS' spreads.
 */
function fitNba(train: Game[]): Record<string, number> {
  const centers = train.map(centerOf)
  const out: Record<string, number> = {}
  for (const period of NBA.periods as Scored[]) {
    const regulation = train.map((g) => regulationOf(g, period))
    const regress = (axis: 'margin' | 'total') => {
      const x = centers.map((c) => c[axis])
      const y = regulation.map((s) => (s ? (axis === 'margin' ? s.home - s.away : s.home + s.away) : 0))
      const slope = x.reduce((s, xi, i) => s + xi * (y[i] ?? 0), 0) / x.reduce((s, xi) => s + xi * xi, 0)
      return { slope, sd: sd(y.map((yi, i) => yi - slope * (x[i] ?? 0))) }
    }
    const margin = regress('margin')
    const total = regress('total')
    out[`${period}.margin`] = margin.slope
    out[`${period}.total`] = total.slope
    out[`${period}.marginVariance`] = (margin.sd / NBA_POINTS.marginSd) ** 2
    out[`${period}.totalVariance`] = (total.sd / NBA_POINTS.totalSd) ** 2
  }
  return out
}

/** The game's center, solved once for the fit and the reference (the model solves its own). */
const centers = new WeakMap<Game, PointsCenter>()

function centerOf(g: Game): PointsCenter {
  const known = centers.get(g)
  if (known) return known
  const { center } = solveCenter(readMarket(g.lines, false), NBA_POINTS)
  centers.set(g, center)
  return center
}

/** A period's regulation score (the second half without overtime): the fit is of regulation. */
function regulationOf(g: Game, period: Scored): Score | undefined {
  if (period !== '2H') return g.scores[period]
  const [q3, q4] = [g.scores.Q3, g.scores.Q4]
  return q3 && q4 ? { home: q3.home + q4.home, away: q3.away + q4.away } : undefined
}

/** A decimal price as an American one: the lines the model reads are American. */
function american(decimal: number): number {
  // The model takes whole American odds, as the feeds send them: 1.91 is -110, 2.2 is +120.
  return Math.round(decimal >= 2 ? (decimal - 1) * 100 : -100 / (decimal - 1))
}

function loadSoccer(league: string): Game[] {
  return readCsv(`soccer_${league}_2005-2017_scores_halftime_closing_odds.csv`).flatMap((r) => {
    const values = [
      r.fthg,
      r.ftag,
      r.hthg,
      r.htag,
      r.odds_home,
      r.odds_draw,
      r.odds_away,
      r.over25,
      r.under25,
    ]
    const v = values.map(num)
    if (v.some((x) => x === null)) return []
    const [home, away, htHome, htAway, h, d, a, o, u] = v as number[]
    if ([h, d, a, o, u].some((x) => (x ?? 0) <= 1)) return []
    // The fair 1X2 must be readable: a price the de-vig cannot use would skip the game in the model only.
    if (devigImplied([1 / (h ?? 2), 1 / (d ?? 2), 1 / (a ?? 2)], 'shin').probabilities.some((p) => !(p > 0)))
      return []
    return [
      {
        season: r.season ?? '',
        lines: {
          homeMoneyline: american(h ?? 2),
          drawMoneyline: american(d ?? 2),
          awayMoneyline: american(a ?? 2),
          total: 2.5,
          overOdds: american(o ?? 2),
          underOdds: american(u ?? 2),
        },
        scores: {
          '1H': { home: htHome ?? 0, away: htAway ?? 0 },
          '2H': { home: (home ?? 0) - (htHome ?? 0), away: (away ?? 0) - (htAway ?? 0) },
        },
      },
    ]
  })
}

/** The rows nba.ts keeps; the second half's score counts overtime, as its bets settle. */
function loadNba(): Game[] {
  return readCsv('nba_2008-2017_scores_quarters_closing_lines.csv').flatMap((r) => {
    const quarter = (k: number) => ({ home: num(r[`q${k}_home`]), away: num(r[`q${k}_away`]) })
    const q = [1, 2, 3, 4].map(quarter)
    const ot = { home: num(r.ot_home) ?? 0, away: num(r.ot_away) ?? 0 }
    const [spread, total, mlHome, mlAway, season] = [
      r.spread,
      r.total,
      r.moneyline_home,
      r.moneyline_away,
      r.season,
    ].map(num)
    if ([spread, total, mlHome, mlAway, season].some((v) => v === null)) return []
    if (q.some((x) => x.home === null || x.away === null)) return []
    if (Math.abs(mlHome ?? 0) < 100 || Math.abs(mlAway ?? 0) < 100) return []
    const [q1, q2, q3, q4] = q.map((x) => ({ home: x.home ?? 0, away: x.away ?? 0 })) as [
      Score,
      Score,
      Score,
      Score,
    ]
    return [
      {
        season: season ?? 0,
        lines: {
          homeSpread: r.whos_favored === 'home' ? -(spread ?? 0) : (spread ?? 0),
          total,
          homeMoneyline: mlHome,
          awayMoneyline: mlAway,
        },
        scores: {
          Q1: q1,
          Q2: q2,
          Q3: q3,
          Q4: q4,
          '1H': { home: q1.home + q2.home, away: q1.away + q2.away },
          '2H': { home: q3.home + q4.home + ot.home, away: q3.away + q4.away + ot.away },
        },
      },
    ]
  })
}

import { devigTwoWay } from '../../src/domain/probability/devig'
import { forEachCell, type ScoreDistribution } from '../../src/domain/probability/distribution'
import { drivesDistribution } from '../../src/domain/probability/drives'
import type { MarketView } from '../../src/domain/probability/inputs'
import { finalMargin, pointsDistribution, solveCenter } from '../../src/domain/probability/points'
import { NFL_DRIVES, NFL_POINTS } from '../../src/domain/probability/points-params'
import { num, numbers, readCsv } from './csv'
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
 * NFL: closing spreads and totals 1979-2017 (spreadspoke); fit on 1979-2012, score on 2013-2017. That
 * file has no moneylines, so the market's win chance comes from the oddsportal average moneylines, joined
 * on the date and the two teams.
 */
const FIRST_SCORED = 2013
const KEY_MARGINS = 30

interface Game {
  season: number
  date: string
  homeTeam: string
  awayTeam: string
  home: number
  away: number
  homeSpread: number
  total: number
}

export function nflReport(): Report {
  const games = load()
  const { train, test } = heldApart(games, FIRST_SCORED)
  const fitted = fitOn(train)
  const moneylines = loadMoneylines()
  const model: number[] = []
  const won: number[] = []
  const joined = { model: [] as number[], market: [] as number[], won: [] as number[] }
  const cover = new Tally()
  const over = new Tally()
  const threes = { model: [] as number[], real: [] as number[] }
  const kickoff = { win: new Tally(), cover: new Tally(), over: new Tally(), threes: [] as number[] }
  for (const g of test) {
    const { center } = solveCenter(viewOf(g), NFL_POINTS)
    const sides = sidesOf(pointsDistribution(center, NFL_POINTS, 1), g)
    const p = noPush(sides.win, sides.lose)
    const margin = g.home - g.away
    threes.model.push(sides.three)
    threes.real.push(Math.abs(margin) === 3 ? 1 : 0)
    if (margin + g.homeSpread !== 0) {
      cover.add(noPush(sides.coverYes, sides.coverNo), margin + g.homeSpread > 0)
    }
    if (g.home + g.away !== g.total) {
      over.add(noPush(sides.overYes, sides.overNo), g.home + g.away > g.total)
    }
    // The in-game model over the whole game (its possessions from kick-off at 0-0), on the same games.
    const drives = sidesOf(drivesDistribution(center, NFL_POINTS, NFL_DRIVES, 1, { home: 0, away: 0 }), g)
    kickoff.threes.push(drives.three)
    if (margin + g.homeSpread !== 0) {
      kickoff.cover.add(noPush(drives.coverYes, drives.coverNo), margin + g.homeSpread > 0)
    }
    if (g.home + g.away !== g.total) {
      kickoff.over.add(noPush(drives.overYes, drives.overNo), g.home + g.away > g.total)
    }
    if (margin === 0) continue
    kickoff.win.add(noPush(drives.win, drives.lose), margin > 0)
    model.push(p)
    won.push(margin > 0 ? 1 : 0)
    const market = moneylines.get(`${g.date}|${g.homeTeam}|${g.awayTeam}`)
    if (market !== undefined) {
      joined.model.push(p)
      joined.market.push(market)
      joined.won.push(margin > 0 ? 1 : 0)
    }
  }
  return {
    sport: 'NFL',
    games: test.length,
    trainedOn: '1979..2012',
    scoredOn: '2013..2017',
    ...againstMarket(joined.model, joined.market, joined.won),
    calibration: calibrationError(model, won),
    cover: predictedVsReal(cover.p, cover.y),
    over: predictedVsReal(over.p, over.y),
    notes: [
      `model from spread and total only; Brier and gap on the ${joined.model.length} games joined to oddsportal moneylines; all ${model.length} decided games: Brier ${brier(model, won).toFixed(4)}`,
      `cover calibration error ${calibrationError(cover.p, cover.y).toFixed(4)}, over calibration error ${calibrationError(over.p, over.y).toFixed(4)}`,
      `margins of exactly 3: model ${mean(threes.model).toFixed(4)}, real ${mean(threes.real).toFixed(4)}`,
      `in-game possessions model from kick-off (no quarter scores to check it later in the game): Brier ${brier(kickoff.win.p, kickoff.win.y).toFixed(4)}, calibration error ${calibrationError(kickoff.win.p, kickoff.win.y).toFixed(4)}; cover ${mean(kickoff.cover.p).toFixed(3)} / ${mean(kickoff.cover.y).toFixed(3)} (error ${calibrationError(kickoff.cover.p, kickoff.cover.y).toFixed(4)}), over ${mean(kickoff.over.p).toFixed(3)} / ${mean(kickoff.over.y).toFixed(3)} (error ${calibrationError(kickoff.over.p, kickoff.over.y).toFixed(4)}); margins of exactly 3 ${mean(kickoff.threes).toFixed(4)}`,
    ],
    fitted,
  }
}

function viewOf(g: Game): MarketView {
  return {
    homeWin: null,
    draw: null,
    awayWin: null,
    over: 0.5,
    total: g.total,
    homeSpread: g.homeSpread,
    devig: null,
    linesUsed: [],
  }
}

/** The home side's chances of winning, covering, going over, and of a margin of exactly 3. */
function sidesOf(dist: ScoreDistribution, g: Game) {
  const sides = { win: 0, lose: 0, coverYes: 0, coverNo: 0, overYes: 0, overNo: 0, three: 0 }
  forEachCell(dist, (h, a, q) => {
    if (h > a) sides.win += q
    else if (h < a) sides.lose += q
    if (h - a + g.homeSpread > 0) sides.coverYes += q
    else if (h - a + g.homeSpread < 0) sides.coverNo += q
    if (h + a > g.total) sides.overYes += q
    else if (h + a < g.total) sides.overNo += q
    if (Math.abs(h - a) === 3) sides.three += q
  })
  return sides
}

/** Spreads of margin and total around the lines; key weights by iterative proportional fitting. */
function fitOn(train: Game[]): Record<string, number | string> {
  const marginSd = sd(train.map((g) => g.home - g.away + g.homeSpread))
  const totalSd = sd(train.map((g) => g.home + g.away - g.total))
  const real = new Float64Array(KEY_MARGINS + 1)
  for (const g of train) {
    const m = Math.abs(g.home - g.away)
    if (m <= KEY_MARGINS) real[m] = (real[m] ?? 0) + 1
  }
  let weights = Array.from({ length: KEY_MARGINS + 1 }, () => 1)
  for (let round = 0; round < 6; round++) {
    const expected = new Float64Array(KEY_MARGINS + 1)
    const params = { ...NFL_POINTS, marginSd, keyWeights: weights }
    for (const g of train) {
      const pmf = finalMargin({ margin: -g.homeSpread, total: g.total }, params, 1, 0)
      pmf.p.forEach((p, i) => {
        const m = Math.abs(pmf.min + i)
        if (m <= KEY_MARGINS) expected[m] = (expected[m] ?? 0) + p
      })
    }
    weights = weights.map((w, m) => w * ((real[m] ?? 0) / (expected[m] ?? 1)))
  }
  const recent = train.filter((g) => g.season >= 2008)
  return {
    marginSd,
    totalSd,
    keyWeights: `[${weights.map((w) => w.toFixed(3)).join(', ')}]`,
    averageMargin: mean(recent.map((g) => g.home - g.away)),
    averageTotal: mean(recent.map((g) => g.home + g.away)),
  }
}

function load(): Game[] {
  const ids = new Map(readCsv('nfl_teams.csv').map((t) => [t.team_name ?? '', t.team_id ?? '']))
  return readCsv('nfl_1979-2017_scores_closing_lines.csv').flatMap((r) => {
    const v = numbers(r, {
      season: 'schedule_season',
      home: 'score_home',
      away: 'score_away',
      spread: 'spread_favorite',
      total: 'over_under_line',
    })
    if (!v || !r.team_favorite_id) return []
    const favourite = r.team_favorite_id
    const homeSpread =
      favourite === 'PICK' ? 0 : ids.get(r.team_home ?? '') === favourite ? v.spread : -v.spread
    const [month, day, year] = (r.schedule_date ?? '').split('/')
    const date = `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}`
    return [
      {
        season: v.season,
        date,
        homeTeam: r.team_home ?? '',
        awayTeam: r.team_away ?? '',
        home: v.home,
        away: v.away,
        homeSpread,
        total: v.total,
      },
    ]
  })
}

/** Date|home|away -> the de-vigged home win chance (two-way Shin), from the oddsportal averages. */
function loadMoneylines(): Map<string, number> {
  const months: Record<string, string> = {
    Jan: '01',
    Feb: '02',
    Mar: '03',
    Apr: '04',
    May: '05',
    Jun: '06',
    Jul: '07',
    Aug: '08',
    Sep: '09',
    Oct: '10',
    Nov: '11',
    Dec: '12',
  }
  const out = new Map<string, number>()
  for (const r of readCsv('nfl_2008-2017_scores_avg_moneylines.csv')) {
    const [one, two] = [num(r.moneyline_1), num(r.moneyline_2)]
    if (one === null || two === null) continue
    const [day, month, year] = (r.date ?? '').split(' ')
    const date = `${year}-${months[month ?? ''] ?? ''}-${day}`
    const p = devigTwoWay([one, two], 'shin').probabilities[0] ?? 0.5
    out.set(`${date}|${r.team_1}|${r.team_2}`, p)
    out.set(`${date}|${r.team_2}|${r.team_1}`, 1 - p)
  }
  return out
}

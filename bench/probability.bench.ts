import {
  type LiveState,
  type ProbabilityGame,
  type ProbabilityLines,
  scoreDistribution,
} from '../src/domain/probability'
import { forEachCell, marginals, probabilityAt } from '../src/domain/probability/distribution'
import { calibrate } from './calibration'
import { median, timeMs } from './measure'

type Figures = Record<string, number | string>

/**
 * Per family, typical closing lines and a live state; each is timed before the start (no live state)
 * and in play (issue 13's speed figure).
 */
const GAMES: Record<string, { lines: ProbabilityLines; live: LiveState }> = {
  EPL: {
    lines: { homeMoneyline: 120, drawMoneyline: 240, awayMoneyline: 230, total: 2.5 },
    live: { homeScore: 1, awayScore: 1, period: 2, clockSeconds: 3900 },
  },
  NHL: {
    lines: { homeMoneyline: -150, awayMoneyline: 130, total: 6 },
    live: { homeScore: 2, awayScore: 1, period: 3, clockSeconds: 600 },
  },
  NFL: {
    lines: { homeSpread: -3.5, total: 44.5, homeMoneyline: -180, awayMoneyline: 155 },
    live: { homeScore: 10, awayScore: 14, period: 3, clockSeconds: 420 },
  },
  NBA: {
    lines: { homeSpread: -6, total: 228, homeMoneyline: -240, awayMoneyline: 200 },
    live: { homeScore: 88, awayScore: 80, period: 3, clockSeconds: 0 },
  },
  MLB: {
    lines: { homeMoneyline: -130, awayMoneyline: 110, total: 8.5 },
    live: {
      homeScore: 2,
      awayScore: 3,
      period: 6,
      clockSeconds: null,
      baseball: {
        inning: 6,
        inningHalf: 'bottom',
        outs: 1,
        balls: 0,
        strikes: 0,
        bases: { first: true, second: false, third: true },
      },
    },
  },
}

const RUNS = 15

/** One distribution per family, pregame and live: the median of a few runs, in microseconds (issue 13). */
function speed(): Figures {
  const figures: Figures = {}
  for (const [league, { lines, live }] of Object.entries(GAMES)) {
    for (const [when, state] of [
      ['pregame', null],
      ['live', live],
    ] as const) {
      const game: ProbabilityGame = { league, lines, live: state }
      if (!scoreDistribution(game)) throw new Error(`${league} ${when}: no distribution`)
      const samples = Array.from({ length: RUNS }, () => timeMs(() => scoreDistribution(game)))
      figures[`distribution ${league} ${when} µs`] = Math.round(median(samples) * 1000)
    }
  }
  return figures
}

/** Each sport fitted on earlier seasons and scored on later ones (bench/calibration.ts). */
function calibration(): Figures {
  const figures: Figures = {}
  const fixed = (x: number | null, digits = 4) => (x === null ? '-' : +x.toFixed(digits))
  for (const report of calibrate()) {
    const at = `${report.sport} (${report.games} games, scored on ${report.scoredOn})`
    figures[`${at} brier model`] = fixed(report.brierModel)
    figures[`${at} brier market`] = fixed(report.brierMarket)
    figures[`${at} mean gap to market`] = fixed(report.meanGap)
    figures[`${at} calibration error`] = fixed(report.calibration)
    if (report.cover)
      figures[`${at} cover predicted/real`] =
        `${fixed(report.cover.predicted, 3)} / ${fixed(report.cover.actual, 3)}`
    if (report.over)
      figures[`${at} over predicted/real`] =
        `${fixed(report.over.predicted, 3)} / ${fixed(report.over.actual, 3)}`
    report.notes.forEach((note, index) => {
      figures[`${report.sport} note ${index + 1}`] = note
    })
  }
  return figures
}

/**
 * Football in play has no quarter scores to be scored on: the structure of the reviewer's case (issue 24,
 * Cowboys 30 - Patriots 10 with 7:20 left in the 3rd, the NFL lines above), as docs/probability.md lists it.
 */
function footballInPlay(): Figures {
  const live = { homeScore: 30, awayScore: 10, period: 3, clockSeconds: 440 }
  const result = scoreDistribution({ league: 'NFL', lines: GAMES.NFL?.lines ?? null, live })
  if (!result) throw new Error('NFL: no distribution')
  const dist = result.distribution
  const { home, away } = marginals(dist)
  const percent = (p: number) => +(p * 100).toFixed(4)
  const adds = (m: Float64Array, from: number) =>
    [0, 1, 2, 3, 4, 7].map((k) => `+${k} ${percent(m[from + k] ?? 0)}%`).join(', ')
  const cells: { score: string; p: number }[] = []
  forEachCell(dist, (h, a, p) => cells.push({ score: `${h}-${a}`, p }))
  const likely = cells.filter((c) => c.p >= 0.01).sort((x, y) => y.p - x.p)
  const at = 'NFL in play, 30-10 with 7:20 left in the 3rd:'
  return {
    [`${at} model`]: result.model.name,
    [`${at} the current score as final %`]: percent(probabilityAt(dist, 30, 10)),
    [`${at} home adds`]: adds(home, live.homeScore - dist.home.min),
    [`${at} away adds`]: adds(away, live.awayScore - dist.away.min),
    [`${at} final scores at or above 1%`]: `${likely.length}: ${likely
      .slice(0, 6)
      .map((c) => `${c.score} ${percent(c.p).toFixed(1)}%`)
      .join(', ')}`,
  }
}

export function probabilityBench(): Figures {
  return { ...speed(), ...footballInPlay(), ...calibration() }
}

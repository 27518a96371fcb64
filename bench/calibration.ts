import { pathToFileURL } from 'node:url'
import type { Report } from './calibration/metrics'
import { mlbReport } from './calibration/mlb'
import { nbaReport } from './calibration/nba'
import { nflReport } from './calibration/nfl'
import { nhlReport } from './calibration/nhl'
import { nbaPeriodsReport, soccerPeriodsReport } from './calibration/periods'
import { soccerReport } from './calibration/soccer'

/**
 * Calibration of the score models on the history fixtures (bench/data, SOURCES.md there): each sport is
 * fitted on its earlier seasons and scored on later ones it never saw. `fitted` is what the fit gives on
 * the earlier seasons, to compare with the constants in src/domain/probability.
 */
export const SPORTS = {
  soccer: soccerReport,
  nhl: nhlReport,
  nfl: nflReport,
  nba: nbaReport,
  mlb: mlbReport,
  'soccer-periods': soccerPeriodsReport,
  'nba-periods': nbaPeriodsReport,
}

export function calibrate(only?: readonly string[]): Report[] {
  return Object.entries(SPORTS)
    .filter(([name]) => !only || only.length === 0 || only.includes(name))
    .map(([, report]) => report())
}

export function formatReports(reports: readonly Report[]): string {
  const f = (x: number | null | undefined, digits = 4) =>
    x === null || x === undefined ? '-' : x.toFixed(digits)
  const lines = [
    '| sport | scored games | trained on | scored on | Brier model | Brier market | mean gap | calibration error | cover pred/real | over pred/real |',
    '|---|---:|---|---|---:|---:|---:|---:|---|---|',
  ]
  for (const r of reports) {
    const pair = (x: { predicted: number; actual: number } | null) =>
      x ? `${f(x.predicted, 3)} / ${f(x.actual, 3)}` : '-'
    lines.push(
      `| ${r.sport} | ${r.games} | ${r.trainedOn} | ${r.scoredOn} | ${f(r.brierModel)} | ${f(r.brierMarket)} | ${f(r.meanGap)} | ${f(r.calibration)} | ${pair(r.cover)} | ${pair(r.over)} |`,
    )
  }
  for (const r of reports) {
    lines.push('', `${r.sport}:`)
    for (const note of r.notes) lines.push(`  ${note}`)
    lines.push(
      `  fitted on the earlier seasons: ${Object.entries(r.fitted)
        .map(([k, v]) => `${k}=${typeof v === 'number' ? +v.toFixed(4) : v}`)
        .join(', ')}`,
    )
  }
  return lines.join('\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now()
  console.log(formatReports(calibrate(process.argv.slice(2))))
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`)
}

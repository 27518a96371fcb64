import type { FootballDetails, LiveProbability } from '../../types'

/**
 * The panel's figures in a bettor's words, kept apart from the components so that each is tested alone.
 */

/**
 * The final scores the panel's outcomes reach, for each side: a live game's lowest is its current score,
 * not 0, and the away side's range is its own (a game won 30-10 reaches far higher away than home).
 */
export function scoreRangeText(outcomes: LiveProbability['outcomes']): string {
  if (outcomes.length === 0) return 'No final score to list'
  const homes = outcomes.map((o) => o.homeScore)
  const aways = outcomes.map((o) => o.awayScore)
  return `Home ${Math.min(...homes)} to ${Math.max(...homes)}, away ${Math.min(...aways)} to ${Math.max(...aways)}`
}

/** docs/spec/product-spec.md §9: the outcomes above 0.5%, the top 4 by the user's ROI there. */
const VALUABLE = { min: 0.005, count: 4 }

/**
 * An outcome's value is the user's ROI there: without a bet every score is worth $0, and a list of them
 * ranked by chance under this title would read as scores worth betting on.
 */
export function valuableOutcomes(answer: LiveProbability): LiveProbability['outcomes'] {
  if (answer.metadata.betCount === 0) return []
  return answer.outcomes
    .filter((o) => o.probability > VALUABLE.min)
    .sort((a, b) => b.roi - a.roi || b.probability - a.probability)
    .slice(0, VALUABLE.count)
}

/** The wire names the model's lines by their fields (`homeMoneyline`); the bettor reads the market's words. */
const LINE_NAMES: Record<string, string> = {
  homeMoneyline: 'home moneyline',
  drawMoneyline: 'draw moneyline',
  awayMoneyline: 'away moneyline',
  total: 'total',
  homeSpread: 'home spread',
}

export function linesUsedText(linesUsed: string[]): string {
  return linesUsed.map((line) => LINE_NAMES[line] ?? line).join(', ')
}

/**
 * The ball's spot as a football broadcast says it: the feed counts yards from the offense's own goal line
 * (0-100), which read bare ('66') is no spot on a field; past midfield it is the defense's side.
 */
export function yardLineText(d: FootballDetails, teams: Teams): string {
  if (d.yardLine === null) return '—'
  if (d.yardLine === 50) return 'Midfield'
  if (d.yardLine < 50) return d.possession ? `${d.possession} ${d.yardLine}` : `Own ${d.yardLine}`
  const defense = opponentOf(d.possession, teams)
  return defense ? `${defense} ${100 - d.yardLine}` : `Opponent's ${100 - d.yardLine}`
}

interface Teams {
  homeAbbreviation: string | null
  awayAbbreviation: string | null
}

function opponentOf(offense: string | null, teams: Teams): string | null {
  if (offense === null) return null
  if (offense === teams.homeAbbreviation) return teams.awayAbbreviation
  if (offense === teams.awayAbbreviation) return teams.homeAbbreviation
  return null
}

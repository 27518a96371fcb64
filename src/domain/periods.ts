import { LEAGUES, type LeagueCode } from './leagues'

/**
 * A game's score by period, as the feed keeps it (decision 070): the line score of the American sports, the
 * halves of soccer counted from its goals. Each period holds the points scored in it, not the running
 * score, so the periods of a finished game add up to its final score.
 */
export interface PeriodScore {
  /** The league's regulation periods, then 'OT', 'OT2'... (extra innings 'I10'..., 'SO', soccer's 'ET'). */
  period: string
  /** Null where a side had no turn in the period: a home side that did not need the bottom of the ninth. */
  homeScore: number | null
  awayScore: number | null
}

/** Each sport's regulation periods, in order, as the wire names them. */
const REGULATION: Record<'football' | 'basketball' | 'college_basketball' | 'hockey' | 'soccer', string[]> = {
  football: ['Q1', 'Q2', 'Q3', 'Q4'],
  basketball: ['Q1', 'Q2', 'Q3', 'Q4'],
  // Men's college basketball plays two 20-minute halves.
  college_basketball: ['1H', '2H'],
  hockey: ['P1', 'P2', 'P3'],
  soccer: ['1H', '2H'],
}

/**
 * The label of a league's period by its place in the line score (0 for the first): its regulation periods,
 * then overtimes 'OT', 'OT2', ...; baseball's innings 'I1', 'I2', ... however many there are; null for a
 * sport without periods Grid keeps (tennis: its line score is sets).
 */
function periodLabel(league: LeagueCode, index: number): string | null {
  const sport = LEAGUES[league].sport
  switch (sport) {
    case 'baseball':
      return `I${index + 1}`
    case 'tennis':
      return null
    case 'football':
    case 'hockey':
    case 'soccer':
      return regulationOrOvertime(REGULATION[sport], index)
    case 'basketball':
      return regulationOrOvertime(REGULATION[league === 'NCAAB' ? 'college_basketball' : 'basketball'], index)
  }
}

/** Points scored in each period, the first period first; null for a side that had no turn in it. */
export interface PeriodPoints {
  home: number | null
  away: number | null
}

/**
 * A line score's periods named for the league (periodLabel). `statusText` is the feed's status ('Final/SO',
 * 'SO' while it is played): a hockey game's shoot-out, which the feed lists after overtime and counts as one
 * goal for its winner, is its last period, named 'SO'.
 */
export function labelPeriods(
  league: LeagueCode,
  points: readonly PeriodPoints[],
  statusText: string | null = null,
): PeriodScore[] {
  const shootout = LEAGUES[league].sport === 'hockey' && /\bSO\b/.test(statusText ?? '')
  const periods: PeriodScore[] = []
  for (const [index, { home, away }] of points.entries()) {
    const period = shootout && index === points.length - 1 ? 'SO' : periodLabel(league, index)
    if (period === null) return []
    periods.push({ period, homeScore: home, awayScore: away })
  }
  return periods
}

function regulationOrOvertime(regulation: readonly string[], index: number): string {
  const label = regulation[index]
  if (label !== undefined) return label
  const overtime = index - regulation.length + 1
  return overtime === 1 ? 'OT' : `OT${overtime}`
}

/** A soccer goal as the feed reports it: its side and its clock text ("14'", "45'+2'", "90'+4'", "105'"). */
export interface SoccerGoal {
  side: 'home' | 'away'
  clock: string
}

/**
 * Soccer's periods from its goals: a goal in the first 45 minutes or the first half's added time ("45'+2'")
 * is the first half's; up to the 90th and its added time the second's; later, extra time's ('ET', listed
 * only when it has a goal or the game went there). Shoot-out kicks are not goals of the match and are
 * left out by the caller. A clock that cannot be read counts in the second half: the final score stays
 * right, only the split is unsure.
 */
export function soccerPeriods(goals: readonly SoccerGoal[], extraTime: boolean): PeriodScore[] {
  const scored = { '1H': { home: 0, away: 0 }, '2H': { home: 0, away: 0 }, ET: { home: 0, away: 0 } }
  for (const goal of goals) scored[goalPeriod(goal.clock)][goal.side] += 1
  const wentToExtraTime = extraTime || scored.ET.home + scored.ET.away > 0
  const played = wentToExtraTime ? (['1H', '2H', 'ET'] as const) : (['1H', '2H'] as const)
  return played.map((period) => ({ period, homeScore: scored[period].home, awayScore: scored[period].away }))
}

/** The minute of a clock text, added time included in the half it is added to. */
function goalPeriod(clock: string): '1H' | '2H' | 'ET' {
  const minute = /^(\d+)'/.exec(clock.trim())
  if (!minute) return '2H'
  const value = Number(minute[1])
  return value <= 45 ? '1H' : value <= 90 ? '2H' : 'ET'
}

import { LEAGUES, type LeagueCode, leagueCode } from './leagues'

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

/**
 * The part of a game a bet is on (decision 073): the full game ('FT', overtime included as the spec's
 * markets are), a half, a quarter, a hockey period, or baseball's first five innings.
 */
export const BET_PERIODS = ['FT', '1H', '2H', 'Q1', 'Q2', 'Q3', 'Q4', 'P1', 'P2', 'P3', 'F5'] as const
export type BetPeriod = (typeof BET_PERIODS)[number]
export const FULL_GAME = 'FT' satisfies BetPeriod

export const BET_PERIOD_LABELS: Record<BetPeriod, string> = {
  FT: 'Full game',
  '1H': '1st half',
  '2H': '2nd half',
  Q1: '1st quarter',
  Q2: '2nd quarter',
  Q3: '3rd quarter',
  Q4: '4th quarter',
  P1: '1st period',
  P2: '2nd period',
  P3: '3rd period',
  F5: 'First 5 innings',
}

export function isBetPeriod(value: unknown): value is BetPeriod {
  return typeof value === 'string' && (BET_PERIODS as readonly string[]).includes(value)
}

/** A period as given, the full game when none is: where a reader has not checked it (readPeriod does). */
export function givenPeriod(value: unknown): BetPeriod {
  return isBetPeriod(value) ? value : FULL_GAME
}

/**
 * The periods a league's games take bets on, the full game first: halves and quarters in football and the
 * NBA, halves in college basketball and soccer, periods in hockey, the first five innings in baseball;
 * tennis only the full match.
 */
export function periodsOffered(league: LeagueCode): readonly BetPeriod[] {
  const sport = LEAGUES[league].sport
  switch (sport) {
    case 'football':
      return ['FT', '1H', '2H', 'Q1', 'Q2', 'Q3', 'Q4']
    case 'basketball':
      return league === 'NCAAB' ? ['FT', '1H', '2H'] : ['FT', '1H', '2H', 'Q1', 'Q2', 'Q3', 'Q4']
    case 'hockey':
      return ['FT', 'P1', 'P2', 'P3']
    case 'soccer':
      return ['FT', '1H', '2H']
    case 'baseball':
      return ['FT', 'F5']
    case 'tennis':
      return ['FT']
  }
}

/** periodsOffered for a league as a game stores it (a feed alias too); only the full game for an unknown one. */
export function periodsOn(league: string): readonly BetPeriod[] {
  const code = leagueCode(league)
  return code ? periodsOffered(code) : [FULL_GAME]
}

/**
 * The stored periods (labelPeriods' names) a bet period adds up, for a league that offers it. The second
 * half of the American sports runs on through overtime, as their books settle it; soccer's is the 90
 * minutes' second half alone (extra time is no part of a match's markets); a quarter or hockey period is
 * its own period, overtime no part of the fourth or the third.
 */
function partsOf(
  league: LeagueCode,
  period: Exclude<BetPeriod, 'FT'>,
): { parts: string[]; overtime: boolean } {
  const halves = LEAGUES[league].sport === 'soccer' || league === 'NCAAB'
  switch (period) {
    case '1H':
      return { parts: halves ? ['1H'] : ['Q1', 'Q2'], overtime: false }
    case '2H':
      return { parts: halves ? ['2H'] : ['Q3', 'Q4'], overtime: LEAGUES[league].sport !== 'soccer' }
    case 'F5':
      return { parts: ['I1', 'I2', 'I3', 'I4', 'I5'], overtime: false }
    case 'Q1':
    case 'Q2':
    case 'Q3':
    case 'Q4':
    case 'P1':
    case 'P2':
    case 'P3':
      return { parts: [period], overtime: false }
  }
}

/** An overtime period's name: 'OT', 'OT2'... (labelPeriods'). */
function isOvertime(label: string): boolean {
  return /^OT\d*$/.test(label)
}

/**
 * A period's score so far from the game's periods: the points of the parts it adds up (partsOf). Null
 * while one of those parts is missing for a side (it has not been played, or the feed kept no line
 * score); a game that ends with the period unplayed (a baseball game called before five innings) has
 * no score for it. With `complete` false, the parts played so far add up (the running score on the
 * period's grid), 0-0 before the period starts.
 */
export function periodScore(
  league: LeagueCode,
  period: Exclude<BetPeriod, 'FT'>,
  periods: readonly PeriodScore[],
  complete = true,
): { home: number; away: number } | null {
  const { parts, overtime } = partsOf(league, period)
  const score = { home: 0, away: 0 }
  for (const part of parts) {
    const played = periods.find((p) => p.period === part)
    if (!played || played.homeScore === null || played.awayScore === null) {
      if (complete) return null
      score.home += played?.homeScore ?? 0
      score.away += played?.awayScore ?? 0
      continue
    }
    score.home += played.homeScore
    score.away += played.awayScore
  }
  if (overtime)
    for (const p of periods)
      if (isOvertime(p.period)) {
        score.home += p.homeScore ?? 0
        score.away += p.awayScore ?? 0
      }
  return score
}

/**
 * A selection on a period names it first, as a slip does: '1H Over 1.5', 'Q1 Lakers -2.5', 'F5 Yankees ML'.
 * The full game's selection is the market's text alone, as it always was.
 */
export function withPeriod(period: BetPeriod, text: string): string {
  return period === FULL_GAME ? text : `${period} ${text}`
}

const PERIOD_PREFIX = new RegExp(
  `^(${BET_PERIODS.filter((p) => p !== FULL_GAME).join('|')})\\s+(\\S.*)$`,
  'i',
)

/**
 * A selection's text without its period's name, when the bet is known to be on that period (withPeriod's
 * inverse for a stored bet): a team whose name starts like a period ('F5 Sharks') keeps its name.
 */
export function withoutPeriod(text: string, period: BetPeriod): string {
  const trimmed = text.trim()
  if (period === FULL_GAME) return trimmed
  const prefix = `${period} `
  return trimmed.slice(0, prefix.length).toUpperCase() === prefix
    ? trimmed.slice(prefix.length).trim()
    : trimmed
}

/**
 * A file's selection read as a period and the market's text after it, where nothing else says the period
 * (an import); the full game without one.
 */
export function splitPeriod(text: string): { period: BetPeriod; text: string } {
  const match = PERIOD_PREFIX.exec(text.trim())
  const period = match?.[1]?.toUpperCase()
  return isBetPeriod(period) && match?.[2]
    ? { period, text: match[2] }
    : { period: FULL_GAME, text: text.trim() }
}

/** The share of regulation a period is (a half 1/2, a quarter 1/4, a hockey period 1/3, five innings 5/9). */
export function periodShare(period: Exclude<BetPeriod, 'FT'>): number {
  switch (period) {
    case '1H':
    case '2H':
      return 1 / 2
    case 'Q1':
    case 'Q2':
    case 'Q3':
    case 'Q4':
      return 1 / 4
    case 'P1':
    case 'P2':
    case 'P3':
      return 1 / 3
    case 'F5':
      return 5 / 9
  }
}

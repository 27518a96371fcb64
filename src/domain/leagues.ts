/**
 * Leagues as the games home groups them (docs/spec/product-spec.md §2): display codes in the spec's order, the aliases
 * the feed sends folded into them, labels, the sport, and the per-league facts the money rules need.
 */
export const LEAGUE_ORDER = [
  'MLB',
  'NFL',
  'NBA',
  'NHL',
  'NCAAF',
  'NCAAB',
  'ATP',
  'WTA',
  'TENNIS',
  'EPL',
  'LALIGA',
  'BUNDESLIGA',
  'SERIEA',
  'LIGUE1',
  'UCL',
  'UEL',
  'MLS',
  'ACL',
] as const
export type LeagueCode = (typeof LEAGUE_ORDER)[number]

export type SportKind = 'baseball' | 'football' | 'basketball' | 'hockey' | 'soccer' | 'tennis'

/** The sports with a model of the final score (decision 019): tennis has none. */
export type ModelledSport = Exclude<SportKind, 'tennis'>

/** Whether a sport's games get a score distribution: the model's switch and the Grid's loading frame ask. */
export function hasScoreModel(sport: SportKind): sport is ModelledSport {
  return sport !== 'tennis'
}

/** Only these sections start open on the games home. */
export const INITIALLY_OPEN_LEAGUES: readonly LeagueCode[] = ['MLB', 'NFL', 'EPL']

export interface LeagueInfo {
  code: LeagueCode
  label: string
  sport: SportKind
  /** Decision 006: a final score can never be a tie, so the grid's diagonal is 'N/A'. */
  tiesImpossible: boolean
  /** The plausible final score of one team, for the grid's axes (docs/ARCHITECTURE.md, Score ranges). */
  scoreRange: { min: number; max: number }
}

const SOCCER_RANGE = { min: 0, max: 10 }
const TENNIS_RANGE = { min: 0, max: 5 }

function league(code: LeagueCode, label: string, sport: SportKind, min: number, max: number): LeagueInfo {
  const tiesImpossible = ['MLB', 'NBA', 'NHL', 'NCAAB', 'NCAAF'].includes(code)
  return { code, label, sport, tiesImpossible, scoreRange: { min, max } }
}

const soccer = (code: LeagueCode, label: string) =>
  league(code, label, 'soccer', SOCCER_RANGE.min, SOCCER_RANGE.max)
const tennis = (code: LeagueCode, label: string) =>
  league(code, label, 'tennis', TENNIS_RANGE.min, TENNIS_RANGE.max)

export const LEAGUES: Readonly<Record<LeagueCode, LeagueInfo>> = {
  MLB: league('MLB', 'MLB', 'baseball', 0, 25),
  NFL: league('NFL', 'NFL', 'football', 0, 70),
  NBA: league('NBA', 'NBA', 'basketball', 60, 170),
  NHL: league('NHL', 'NHL', 'hockey', 0, 12),
  NCAAF: league('NCAAF', 'College FB', 'football', 0, 84),
  NCAAB: league('NCAAB', 'College BB', 'basketball', 35, 130),
  ATP: tennis('ATP', 'ATP'),
  WTA: tennis('WTA', 'WTA'),
  TENNIS: tennis('TENNIS', 'Tennis'),
  EPL: soccer('EPL', 'Premier League'),
  LALIGA: soccer('LALIGA', 'La Liga'),
  BUNDESLIGA: soccer('BUNDESLIGA', 'Bundesliga'),
  SERIEA: soccer('SERIEA', 'Serie A'),
  LIGUE1: soccer('LIGUE1', 'Ligue 1'),
  UCL: soccer('UCL', 'Champions League'),
  UEL: soccer('UEL', 'Europa League'),
  MLS: soccer('MLS', 'MLS'),
  ACL: soccer('ACL', 'AFC Champions League'),
}

/** Every alias of the spec, folded into its display group; second divisions join the first. */
const ALIASES: Readonly<Record<string, LeagueCode>> = {
  'COLLEGE-FOOTBALL': 'NCAAF',
  'MENS-COLLEGE-BASKETBALL': 'NCAAB',
  'USA.1': 'MLS',
  'ENG.1': 'EPL',
  'ENG.2': 'EPL',
  'ESP.1': 'LALIGA',
  'ESP.2': 'LALIGA',
  'GER.1': 'BUNDESLIGA',
  'GER.2': 'BUNDESLIGA',
  'ITA.1': 'SERIEA',
  'ITA.2': 'SERIEA',
  'FRA.1': 'LIGUE1',
  'FRA.2': 'LIGUE1',
  'UEFA.CHAMPIONS': 'UCL',
  'UEFA.EUROPA': 'UEL',
  'AFC.CHAMPIONS': 'ACL',
}

/** A feed or stored code ('eng.1', 'NBA', 'college-football') to its display group; null if unknown. */
export function leagueCode(code: string): LeagueCode | null {
  // A stored game's code is already one: a file's many rows skip the folding.
  if (Object.hasOwn(LEAGUES, code)) return code as LeagueCode
  const upper = code.trim().toUpperCase()
  if (upper in LEAGUES) return upper as LeagueCode
  return ALIASES[upper] ?? null
}

export function leagueInfo(code: string): LeagueInfo | null {
  const folded = leagueCode(code)
  return folded ? LEAGUES[folded] : null
}

/** The spec's sport label: 'College FB', 'Premier League'...; any other code shows as is. */
export function leagueLabel(code: string): string {
  return leagueInfo(code)?.label ?? code
}

export function isSoccer(code: string): boolean {
  return leagueInfo(code)?.sport === 'soccer'
}

/** Sort key for the spec's section order; unknown leagues go last. */
export function leagueRank(code: string): number {
  const folded = leagueCode(code)
  return folded ? LEAGUE_ORDER.indexOf(folded) : LEAGUE_ORDER.length
}

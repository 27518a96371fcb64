import type { OverUnder } from './bet'

/**
 * The selection text is what a bettor reads on a ticket: 'Lakers +3.5', 'Lakers -7', 'Over 8.5',
 * 'Under 220', 'Lakers ML', and 'Draw' for the soccer draw; 'Lakers Over 110.5' (a team total),
 * 'Arsenal DNB' (draw no bet) and '1X', 'X2' or '12' (double chance, decision 068); 'Chelsea +1 (3-way)' or
 * 'Draw (Chelsea +1)' (a three-way handicap: the team's handicap, backing the team or the draw under it) and
 * 'Arsenal by 2', 'Arsenal by 3+' or 'Draw' (winning margin, decision 069). It is composed from the parts
 * here and parsed back here, so that a suggestion can prefill the bet form. A bet on part of a game puts
 * its period first ('1H Over 1.5', periods.ts withPeriod), which its reader takes off (withoutPeriod)
 * before parsing the market.
 */
export type SelectionParts =
  | { betType: 'spread'; team: string; points: number }
  | { betType: 'total'; overUnder: OverUnder; points: number }
  | { betType: 'moneyline'; team: string }
  | { betType: 'team_total'; team: string; overUnder: OverUnder; points: number }
  | { betType: 'draw_no_bet'; team: string }
  | { betType: 'double_chance'; outcomes: DoubleChance }
  | { betType: 'three_way_handicap'; team: string; points: number; draw: boolean }
  | { betType: 'winning_margin'; team: string; margin: number; orMore: boolean }
  | { betType: 'both_teams_to_score'; yes: boolean }
  | { betType: 'correct_score'; home: number; away: number }

/**
 * Decision 074: the two markets that are no line on one axis of the score (both teams to score, a correct
 * score): their results are read cell by cell. Every other market is a step on an axis (settlement.ts).
 */
export const CELL_MARKETS = ['both_teams_to_score', 'correct_score'] as const
export type CellMarket = Extract<SelectionParts, { betType: (typeof CELL_MARKETS)[number] }>
export type LineMarket = Exclude<SelectionParts, CellMarket>

export function isCellMarket(market: SelectionParts): market is CellMarket {
  return isCellBetType(market.betType)
}

/** A bet type read cell by cell (a single's row names only its type). */
export function isCellBetType(betType: string): boolean {
  return (CELL_MARKETS as readonly string[]).includes(betType)
}

/** Double chance's three selections: home or draw, draw or away, either team (1 home, X draw, 2 away). */
export const DOUBLE_CHANCES = ['1X', 'X2', '12'] as const
export type DoubleChance = (typeof DOUBLE_CHANCES)[number]

/** The soccer three-way moneyline's third side (decision 004). */
export const DRAW = 'Draw'

/** Lines move in half points; anything else is a typo, but for soccer's quarter lines (isQuarterLine). */
export function isHalfPointStep(points: number): boolean {
  return Number.isFinite(points) && Number.isInteger(points * 2)
}

/** Decision 071: an Asian quarter line, at .25 or .75 (soccer only; the bet form says where it is allowed). */
export function isQuarterLine(points: number): boolean {
  return Number.isFinite(points) && Number.isInteger(points * 4) && !Number.isInteger(points * 2)
}

/** A line a selection text may hold: half points, or a quarter line (validated against the league elsewhere). */
export function isLineStep(points: number): boolean {
  return isHalfPointStep(points) || isQuarterLine(points)
}

export function formatPoints(points: number): string {
  return String(points)
}

export function formatSignedPoints(points: number): string {
  return points > 0 ? `+${points}` : formatPoints(points)
}

export function composeSelection(parts: SelectionParts): string {
  switch (parts.betType) {
    case 'spread':
      return `${parts.team.trim()} ${formatSignedPoints(parts.points)}`
    case 'total':
      return `${overUnderWord(parts.overUnder)} ${formatPoints(parts.points)}`
    case 'moneyline':
      return parts.team.trim() === DRAW ? DRAW : `${parts.team.trim()} ML`
    case 'team_total':
      return `${parts.team.trim()} ${overUnderWord(parts.overUnder)} ${formatPoints(parts.points)}`
    case 'draw_no_bet':
      return `${parts.team.trim()} DNB`
    case 'double_chance':
      return parts.outcomes
    case 'three_way_handicap': {
      const handicap = `${parts.team.trim()} ${formatSignedPoints(parts.points)}`
      return parts.draw ? `${DRAW} (${handicap})` : `${handicap} (3-way)`
    }
    case 'winning_margin':
      return parts.team === DRAW ? DRAW : `${parts.team.trim()} by ${parts.margin}${parts.orMore ? '+' : ''}`
    case 'both_teams_to_score':
      return `BTTS ${parts.yes ? 'Yes' : 'No'}`
    case 'correct_score':
      return `Correct Score ${parts.home}-${parts.away}`
  }
}

const overUnderWord = (side: OverUnder) => (side === 'over' ? 'Over' : 'Under')

const TOTAL = /^(over|under)\s+(\d+(?:\.\d+)?)$/i
const SPREAD = /^(.*\S)\s+(pk|[+-]?\d+(?:\.\d+)?)$/i
const MONEYLINE = /^(.*\S)\s+ml$/i
const TEAM_TOTAL = /^(.*\S)\s+(over|under)\s+(\d+(?:\.\d+)?)$/i
const DRAW_NO_BET = /^(.*\S)\s+dnb$/i
const THREE_WAY_TEAM = /^(.*\S)\s+([+-]?\d+)\s+\(3-way\)$/i
const THREE_WAY_DRAW = /^draw\s+\((.*\S)\s+([+-]?\d+)\)$/i
const WINNING_MARGIN = /^(.*\S)\s+by\s+(\d+)(\+?)$/i
const BOTH_TEAMS_TO_SCORE = /^(?:btts\s+|both teams to score:?\s+)?(yes|no)$/i
const CORRECT_SCORE = /^(?:correct score\s+)?(\d{1,2})\s*[-:]\s*(\d{1,2})$/i

/**
 * Parses a selection back into its parts; null when the text fits no bet type. The bet type, when known,
 * settles the ambiguous cases: a moneyline on a team written without ' ML', or a team named 'Over'. Without
 * one, only the spec's three markets are read, as they always were: 'Lakers Over 5' stays a spread's text.
 */
export function parseSelection(text: string, betType?: SelectionParts['betType']): SelectionParts | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  const parsers = betType ? [PARSERS[betType]] : [parseTotal, parseMoneyline, parseSpread]
  for (const parse of parsers) {
    const parts = parse(trimmed, betType !== undefined)
    if (parts) return parts
  }
  return null
}

type Parser = (text: string, typeKnown: boolean) => SelectionParts | null

const parseTotal: Parser = (text) => {
  const match = TOTAL.exec(text)
  if (!match?.[1] || !match[2]) return null
  const points = Number(match[2])
  return isLineStep(points) ? { betType: 'total', overUnder: overUnderOf(match[1]), points } : null
}

const parseSpread: Parser = (text) => {
  const match = SPREAD.exec(text)
  if (!match?.[1] || !match[2]) return null
  const points = /^pk$/i.test(match[2]) ? 0 : Number(match[2])
  return isLineStep(points) ? { betType: 'spread', team: match[1], points } : null
}

const parseMoneyline: Parser = (text, typeKnown) => {
  if (text.toLowerCase() === DRAW.toLowerCase()) return { betType: 'moneyline', team: DRAW }
  const match = MONEYLINE.exec(text)
  if (match?.[1]) return { betType: 'moneyline', team: match[1] }
  return typeKnown ? { betType: 'moneyline', team: text } : null
}

const parseTeamTotal: Parser = (text) => {
  const match = TEAM_TOTAL.exec(text)
  if (!match?.[1] || !match[2] || !match[3]) return null
  const points = Number(match[3])
  return isLineStep(points)
    ? { betType: 'team_total', team: match[1], overUnder: overUnderOf(match[2]), points }
    : null
}

const parseDrawNoBet: Parser = (text) => {
  const team = DRAW_NO_BET.exec(text)?.[1] ?? text
  return team.toLowerCase() === DRAW.toLowerCase() ? null : { betType: 'draw_no_bet', team }
}

const parseDoubleChance: Parser = (text) => {
  const outcomes = DOUBLE_CHANCES.find((chance) => chance === text.toUpperCase())
  return outcomes ? { betType: 'double_chance', outcomes } : null
}

const parseThreeWayHandicap: Parser = (text) => {
  const draw = THREE_WAY_DRAW.exec(text)
  const match = draw ?? THREE_WAY_TEAM.exec(text)
  if (!match?.[1] || !match[2]) return null
  return { betType: 'three_way_handicap', team: match[1], points: Number(match[2]), draw: draw !== null }
}

const parseWinningMargin: Parser = (text) => {
  if (text.toLowerCase() === DRAW.toLowerCase())
    return { betType: 'winning_margin', team: DRAW, margin: 0, orMore: false }
  const match = WINNING_MARGIN.exec(text)
  if (!match?.[1] || !match[2]) return null
  const margin = Number(match[2])
  return margin >= 1 ? { betType: 'winning_margin', team: match[1], margin, orMore: match[3] === '+' } : null
}

/** 'Yes' or 'No' on the wire; 'BTTS Yes' as composed (decision 074). */
const parseBothTeamsToScore: Parser = (text) => {
  const match = BOTH_TEAMS_TO_SCORE.exec(text)
  return match?.[1] ? { betType: 'both_teams_to_score', yes: match[1].toLowerCase() === 'yes' } : null
}

/** 'home-away' on the wire ('2-1'); 'Correct Score 2-1' as composed (decision 074). */
const parseCorrectScore: Parser = (text) => {
  const match = CORRECT_SCORE.exec(text)
  if (!match?.[1] || !match[2]) return null
  return { betType: 'correct_score', home: Number(match[1]), away: Number(match[2]) }
}

/**
 * A three-way handicap's selection backs the draw under the handicap: the wire's 'Draw', or the composed
 * 'Draw (Chelsea +1)' an edit or a stored leg sends back (decision 069).
 */
export function backsTheDraw(selection: string | null | undefined): boolean {
  const text = selection?.trim() ?? ''
  return text.toLowerCase() === DRAW.toLowerCase() || THREE_WAY_DRAW.test(text)
}

const PARSERS: Record<SelectionParts['betType'], Parser> = {
  spread: parseSpread,
  total: parseTotal,
  moneyline: parseMoneyline,
  team_total: parseTeamTotal,
  draw_no_bet: parseDrawNoBet,
  double_chance: parseDoubleChance,
  three_way_handicap: parseThreeWayHandicap,
  winning_margin: parseWinningMargin,
  both_teams_to_score: parseBothTeamsToScore,
  correct_score: parseCorrectScore,
}

function overUnderOf(word: string): OverUnder {
  return word.toLowerCase() === 'over' ? 'over' : 'under'
}

import type { BetTerms, BetType, OverUnder } from './bet'
import { isSoccer, leagueLabel } from './leagues'
import { type Cents, MAX_AMOUNT_CENTS, parseCents } from './money'
import { isValidOdds, MAX_ABS_ODDS } from './odds'
import {
  BET_PERIODS,
  type BetPeriod,
  FULL_GAME,
  givenPeriod,
  isBetPeriod,
  periodsOn,
  withoutPeriod,
  withPeriod,
} from './periods'
import { type PriceInput, readPrice } from './price'
import {
  backsTheDraw,
  composeSelection,
  DRAW,
  isHalfPointStep,
  isQuarterLine,
  parseSelection,
} from './selection'
import { BetTermsError, type Matchup, teamSide } from './settlement'
import type { Market } from './ticket'

/**
 * The bet form's rules (docs/spec/product-spec.md §5, decision 009), applied by the server to every new bet and by the form
 * before it sends one: the same messages on both sides. The result carries the terms as Grid stores
 * them: integer cents, team names as the game spells them, the selection composed from the parts.
 */
export const BET_FORM_MESSAGES = {
  amountRequired: 'Amount is required',
  amountFormat: 'Amount must be a number with at most 2 decimals',
  amountPositive: 'Amount must be greater than 0',
  amountTooLarge: 'Amount must be at most $1,000,000.00',
  odds: `Odds must be a whole number from -${MAX_ABS_ODDS} to -100 or from +100 to +${MAX_ABS_ODDS}`,
  requiredForType: 'Please fill in all required fields for the selected bet type',
  pointsStep: 'Points must be in steps of 0.5',
  quarterOnlySoccer: 'Quarter lines (.25 and .75) can only be bet on in soccer',
  pointsRange: 'Points must be between -200 and 200',
  totalPositive: 'Total points must be greater than 0',
  totalTooLarge: 'Total points must be at most 500',
  unknownTeam: 'Choose one of the two teams playing this game',
  drawOnlySoccer: 'A draw can only be bet on in soccer',
  threeWayOnlySoccer: 'Draw no bet and double chance can only be bet on in soccer',
  doubleChance: 'Double chance must be 1X, X2 or 12',
  threeWayWholeGoals: 'A three-way handicap is a whole number of goals',
  winningMargin: "Winning margin must be a team 'by' a number of goals (1 or more, '+' for or more), or Draw",
  goalMarketsOnlySoccer: 'Both teams to score and correct score can only be bet on in soccer',
  bothTeamsToScore: 'Both teams to score must be Yes or No',
  correctScore: 'Correct score must be the home goals and the away goals, such as 2-1 (at most 20 each)',
} as const

/** Spreads beyond 200 and totals beyond 500 are typos in every sport Grid follows. */
const MAX_SPREAD = 200
const MAX_TOTAL = 500

export interface BetFormInput extends PriceInput {
  betType: BetType
  selection?: string | null | undefined
  /** American odds; left out when the slip's exact price (`decimalOdds`, `fractionalOdds`) is given. */
  odds?: number | null | undefined
  amount?: string | number | null | undefined
  spreadTeam?: string | null | undefined
  spreadPoints?: number | null | undefined
  totalPoints?: number | null | undefined
  overUnder?: OverUnder | null | undefined
  /** The part of the game (decision 073): 'FT' when absent. */
  period?: BetPeriod | null | undefined
}

export type BetFormResult = { ok: true; terms: BetTerms } | { ok: false; field: string; message: string }
export type BetFormRefusal = { field: string; message: string }

const refuse = (field: string, message: string): BetFormResult => ({ ok: false, field, message })

export function validateBetForm(input: BetFormInput, matchup: Matchup): BetFormResult {
  const amount = readAmount(input.amount)
  if (typeof amount === 'string') return refuse('amount', amount)
  const price = readBetPrice(input)
  if ('message' in price) return refuse(price.field, price.message)
  const parts = readParts(input, matchup)
  if ('message' in parts) return refuse(parts.field, parts.message)
  const period = readPeriod(input.period, matchup)
  if ('message' in period) return refuse(period.field, period.message)
  return {
    ok: true,
    terms: {
      betType: input.betType,
      selection: withPeriod(period.period, composeSelection(parts.selection)),
      period: period.period,
      odds: price.odds,
      exactPrice: price.exactPrice,
      amount,
      spreadTeam: parts.spreadTeam ?? null,
      spreadPoints: parts.spreadPoints ?? null,
      totalPoints: parts.totalPoints ?? null,
      overUnder: parts.overUnder ?? null,
    },
  }
}

/**
 * Every refusal of the form at once, in validateBetForm's order (its refusal is the first): the form flags
 * all that is missing or wrong in one go, where the server answers the first. Without a game yet, the
 * bet type's fields cannot be checked against its teams and only the amount and the odds are.
 */
export function betFormRefusals(input: BetFormInput, matchup: Matchup | null): BetFormRefusal[] {
  const refusals: BetFormRefusal[] = []
  const amount = readAmount(input.amount)
  if (typeof amount === 'string') refusals.push({ field: 'amount', message: amount })
  const price = readBetPrice(input)
  if ('message' in price) refusals.push(price)
  const parts = matchup ? readParts(input, matchup) : null
  if (parts && 'message' in parts) refusals.push({ field: parts.field, message: parts.message })
  const period = matchup ? readPeriod(input.period, matchup) : null
  if (period && 'message' in period) refusals.push(period)
  return refusals
}

/**
 * The bet's period (decision 073): the full game when none is given; else one of the periods the game's
 * league takes bets on (periodsOffered), named in the refusal.
 */
export function readPeriod(
  value: string | null | undefined,
  matchup: Pick<Matchup, 'league'>,
): { period: BetPeriod } | BetFormRefusal {
  if (value === null || value === undefined || value === '') return { period: FULL_GAME }
  const offered = periodsOn(matchup.league)
  if (isBetPeriod(value) && offered.includes(value)) return { period: value }
  const where = `${leagueLabel(matchup.league)} games`
  const message = isBetPeriod(value)
    ? `${where} take no bets on ${value}: choose one of ${offered.join(', ')}`
    : `Period must be one of ${BET_PERIODS.join(', ')}`
  return { field: 'period', message }
}

/** The bet's price (decision 072): the exact one when given, its American rounding as the odds; else the odds. */
function readBetPrice(input: PriceInput): { odds: number; exactPrice: string | null } | BetFormRefusal {
  const price = readPrice(input)
  if (!price.ok) return { field: price.field, message: price.message }
  if (price.odds === null || !isValidOdds(price.odds))
    return { field: 'odds', message: BET_FORM_MESSAGES.odds }
  return { odds: price.odds, exactPrice: price.exactPrice }
}

/** Cents, or the message saying what is wrong with the amount. */
function readAmount(value: BetFormInput['amount']): number | string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return BET_FORM_MESSAGES.amountRequired
  }
  const cents = parseCents(value)
  if (cents === null)
    return isHugeAmount(value) ? BET_FORM_MESSAGES.amountTooLarge : BET_FORM_MESSAGES.amountFormat
  if (cents <= 0) return BET_FORM_MESSAGES.amountPositive
  if (cents > MAX_AMOUNT_CENTS) return BET_FORM_MESSAGES.amountTooLarge
  return cents
}

/** A well-formed positive amount too big for exact cents ('100000000000000', 1e21): too large, not malformed. */
function isHugeAmount(value: string | number): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && value * 100 > MAX_AMOUNT_CENTS
  return /^\+?\d+(\.\d{1,2})?$/.test(value.trim())
}

/** A market's terms as the form and the wire name them, every one given (null when the type has none). */
export type MarketTerms = Required<Omit<BetFormInput, 'betType' | keyof PriceInput | 'amount' | 'period'>>

/** No market terms: what a form sends for the fields its chosen bet type does not have. */
export const NO_MARKET_TERMS: MarketTerms = {
  selection: null,
  spreadTeam: null,
  spreadPoints: null,
  totalPoints: null,
  overUnder: null,
}

type Parts = {
  selection: Parameters<typeof composeSelection>[0]
  spreadTeam?: string
  spreadPoints?: number
  totalPoints?: number
  overUnder?: OverUnder
}
type Refusal = BetFormRefusal

/** A leg's market on its game, checked as the bet form checks a single's (a ticket's legs, ticket-entry.ts). */
export function readMarket(
  input: Omit<BetFormInput, keyof PriceInput | 'amount'>,
  matchup: Matchup,
): { market: Market } | BetFormRefusal {
  const parts = readParts(input, matchup)
  return 'message' in parts ? parts : { market: parts.selection }
}

/** Cents, or the message saying what is wrong with the amount (the form's rule for any stake). */
export function readStake(value: BetFormInput['amount']): { cents: Cents } | { message: string } {
  const amount = readAmount(value)
  return typeof amount === 'string' ? { message: amount } : { cents: amount }
}

function readParts(
  given: Omit<BetFormInput, keyof PriceInput | 'amount'>,
  matchup: Matchup,
): Parts | Refusal {
  // An edit sends back the composed text, its period's name first ('1H Arsenal ML', decision 073).
  const selection = given.selection && withoutPeriod(given.selection, givenPeriod(given.period))
  const input = { ...given, selection }
  const missing = { field: 'selection', message: BET_FORM_MESSAGES.requiredForType }
  switch (input.betType) {
    case 'spread': {
      const { spreadTeam, spreadPoints } = input
      if (!spreadTeam?.trim() || spreadPoints === null || spreadPoints === undefined) return missing
      const points = checkPoints('spreadPoints', spreadPoints, matchup)
      if (typeof points !== 'number') return points
      if (Math.abs(points) > MAX_SPREAD)
        return { field: 'spreadPoints', message: BET_FORM_MESSAGES.pointsRange }
      const team = gameTeam(spreadTeam, matchup)
      if (team === null) return { field: 'spreadTeam', message: BET_FORM_MESSAGES.unknownTeam }
      return { selection: { betType: 'spread', team, points }, spreadTeam: team, spreadPoints: points }
    }
    case 'total': {
      const { totalPoints, overUnder } = input
      if (!overUnder || totalPoints === null || totalPoints === undefined) return missing
      const points = checkTotal(totalPoints, matchup)
      if (typeof points !== 'number') return points
      return { selection: { betType: 'total', overUnder, points }, totalPoints: points, overUnder }
    }
    case 'moneyline': {
      const parsed = parseSelection(input.selection ?? '', 'moneyline')
      if (parsed?.betType !== 'moneyline') return missing
      if (parsed.team.toLowerCase() === DRAW.toLowerCase()) {
        if (!isSoccer(matchup.league))
          return { field: 'selection', message: BET_FORM_MESSAGES.drawOnlySoccer }
        return { selection: { betType: 'moneyline', team: DRAW } }
      }
      const team = gameTeam(parsed.team, matchup)
      if (team === null) return { field: 'selection', message: BET_FORM_MESSAGES.unknownTeam }
      return { selection: { betType: 'moneyline', team } }
    }
    case 'team_total': {
      const { spreadTeam, totalPoints, overUnder } = input
      if (!spreadTeam?.trim() || !overUnder || totalPoints === null || totalPoints === undefined)
        return missing
      const points = checkTotal(totalPoints, matchup)
      if (typeof points !== 'number') return points
      const team = gameTeam(spreadTeam, matchup)
      if (team === null) return { field: 'spreadTeam', message: BET_FORM_MESSAGES.unknownTeam }
      const selection = { betType: 'team_total', team, overUnder, points } as const
      return { selection, spreadTeam: team, totalPoints: points, overUnder }
    }
    case 'draw_no_bet': {
      if (!isSoccer(matchup.league))
        return { field: 'betType', message: BET_FORM_MESSAGES.threeWayOnlySoccer }
      const named = input.spreadTeam?.trim() || parseDrawNoBet(input.selection)
      if (!named) return missing
      const team = gameTeam(named, matchup)
      if (team === null) return { field: 'spreadTeam', message: BET_FORM_MESSAGES.unknownTeam }
      return { selection: { betType: 'draw_no_bet', team }, spreadTeam: team }
    }
    case 'double_chance': {
      if (!isSoccer(matchup.league))
        return { field: 'betType', message: BET_FORM_MESSAGES.threeWayOnlySoccer }
      if (!input.selection?.trim()) return missing
      const parsed = parseSelection(input.selection, 'double_chance')
      if (parsed?.betType !== 'double_chance')
        return { field: 'selection', message: BET_FORM_MESSAGES.doubleChance }
      return { selection: parsed }
    }
    case 'three_way_handicap': {
      if (!isSoccer(matchup.league))
        return { field: 'betType', message: BET_FORM_MESSAGES.threeWayOnlySoccer }
      const { spreadTeam, spreadPoints } = input
      if (!spreadTeam?.trim() || spreadPoints === null || spreadPoints === undefined) return missing
      if (!Number.isInteger(spreadPoints) || Math.abs(spreadPoints) > MAX_SPREAD)
        return { field: 'spreadPoints', message: BET_FORM_MESSAGES.threeWayWholeGoals }
      const team = gameTeam(spreadTeam, matchup)
      if (team === null) return { field: 'spreadTeam', message: BET_FORM_MESSAGES.unknownTeam }
      const draw = backsTheDraw(input.selection)
      const selection = { betType: 'three_way_handicap', team, points: spreadPoints, draw } as const
      return { selection, spreadTeam: team, spreadPoints }
    }
    case 'winning_margin': {
      if (!isSoccer(matchup.league))
        return { field: 'betType', message: BET_FORM_MESSAGES.threeWayOnlySoccer }
      if (!input.selection?.trim()) return missing
      const parsed = parseSelection(input.selection, 'winning_margin')
      if (parsed?.betType !== 'winning_margin' || parsed.margin > MAX_SPREAD)
        return { field: 'selection', message: BET_FORM_MESSAGES.winningMargin }
      if (parsed.team === DRAW) return { selection: parsed }
      const team = gameTeam(parsed.team, matchup)
      if (team === null) return { field: 'selection', message: BET_FORM_MESSAGES.unknownTeam }
      return { selection: { ...parsed, team } }
    }
    case 'both_teams_to_score':
    case 'correct_score': {
      if (!isSoccer(matchup.league))
        return { field: 'betType', message: BET_FORM_MESSAGES.goalMarketsOnlySoccer }
      if (!input.selection?.trim()) return missing
      const parsed = parseSelection(input.selection, input.betType)
      return parsed?.betType === input.betType && goalsInRange(parsed)
        ? { selection: parsed }
        : { field: 'selection', message: CELL_MESSAGES[input.betType] }
    }
  }
}

const CELL_MESSAGES = {
  both_teams_to_score: BET_FORM_MESSAGES.bothTeamsToScore,
  correct_score: BET_FORM_MESSAGES.correctScore,
} as const

/** Decision 074: no soccer side scores more than 20; a correct score beyond it is a typo. */
const MAX_CORRECT_SCORE_GOALS = 20

function goalsInRange(market: Market): boolean {
  return (
    market.betType !== 'correct_score' ||
    (market.home <= MAX_CORRECT_SCORE_GOALS && market.away <= MAX_CORRECT_SCORE_GOALS)
  )
}

function parseDrawNoBet(selection: string | null | undefined): string | null {
  const parsed = parseSelection(selection ?? '', 'draw_no_bet')
  return parsed?.betType === 'draw_no_bet' ? parsed.team : null
}

/** A total's or a team total's points: half-point steps (or soccer's quarters), above 0, at most MAX_TOTAL. */
function checkTotal(totalPoints: number, matchup: Matchup): number | Refusal {
  const points = checkPoints('totalPoints', totalPoints, matchup)
  if (typeof points !== 'number') return points
  if (points <= 0) return { field: 'totalPoints', message: BET_FORM_MESSAGES.totalPositive }
  if (points > MAX_TOTAL) return { field: 'totalPoints', message: BET_FORM_MESSAGES.totalTooLarge }
  return points
}

/** Half-point steps, and in soccer the quarter lines between them (decision 071). */
function checkPoints(field: string, points: number, matchup: Matchup): number | Refusal {
  if (isHalfPointStep(points)) return points
  if (!isQuarterLine(points)) return { field, message: BET_FORM_MESSAGES.pointsStep }
  return isSoccer(matchup.league) ? points : { field, message: BET_FORM_MESSAGES.quarterOnlySoccer }
}

/** The game's own spelling of the team the bettor named (decision 004: matched by name, never by position). */
function gameTeam(name: string, matchup: Matchup): string | null {
  try {
    return teamSide(name, matchup) === 'home' ? matchup.homeTeam : matchup.awayTeam
  } catch (error) {
    if (error instanceof BetTermsError) return null
    throw error
  }
}

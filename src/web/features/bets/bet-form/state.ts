import {
  BET_TYPES,
  type BetType,
  DEFAULT_SPORTSBOOK,
  isMarketBet,
  type OTHER_MARKET,
  type OverUnder,
  SOCCER_BET_TYPES,
} from '../../../../domain/bet'
import { type BetFormInput, type MarketTerms, NO_MARKET_TERMS } from '../../../../domain/bet-form'
import { DEFAULT_ODDS, ODDS_OPTIONS } from '../../../../domain/odds'
import { type BetPeriod, FULL_GAME, periodsOn, splitPeriod, withoutPeriod } from '../../../../domain/periods'
import {
  exactPriceOfWire,
  oddsInFormat,
  type PriceFormat,
  type PriceInput,
  priceFormatOf,
} from '../../../../domain/price'
import {
  backsTheDraw,
  composeSelection,
  type DoubleChance,
  DRAW,
  formatSignedPoints,
  parseSelection,
} from '../../../../domain/selection'
import { BetTermsError, teamSide } from '../../../../domain/settlement'
import type { Bet, Game } from '../../../types'

/**
 * The bet form's fields as typed (strings, so a half-typed number stays as the user left it), the
 * prefill from a selection text (spec: a suggestion's 'Lakers +3.5' is parsed back into its parts), and
 * the conversion to the domain's BetFormInput that validateBetForm checks.
 */
export const CUSTOM_ODDS = 'custom'

/** Which side of a three-way handicap the bettor backs: the team under its handicap, or the draw under it. */
export type HandicapBacking = 'team' | 'draw'

export interface BetFormState {
  betType: BetType
  /**
   * The spread's team, and a team total's, a draw no bet's or a three-way handicap's: the wire's spreadTeam
   * for all four.
   */
  spreadTeam: string
  /** The spread's points, and a three-way handicap's whole goals. */
  spreadPoints: string
  /** A total's side and points, and a team total's. */
  overUnder: OverUnder | ''
  totalPoints: string
  moneylineTeam: string
  doubleChance: DoubleChance | ''
  handicapBacking: HandicapBacking
  /** A winning margin's winner: one of the game's teams, DRAW, or '' until chosen. */
  marginTeam: string
  /** The goals a winning margin's team wins by, as typed; unused for the draw. */
  marginGoals: string
  marginOrMore: boolean
  /** Both teams to score: 'Yes', 'No', or '' until chosen (decision 074). */
  bothTeamsToScore: 'Yes' | 'No' | ''
  /** A correct score's home and away goals, as typed. */
  correctHome: string
  correctAway: string
  /** How the price is entered (decision 072): the American dropdown, or a decimal or fractional field. */
  priceFormat: PriceFormat
  /** An odds value from ODDS_OPTIONS as text, or CUSTOM_ODDS (American prices). */
  oddsChoice: string
  customOdds: string
  /** A decimal ('1.91') or fractional ('6/4') price as typed. */
  exactOdds: string
  amount: string
  sportsbook: string
  /** The part of the game (decision 073): the full game unless the bettor picks a period. */
  period: BetPeriod
}

type Teams = Pick<Game, 'homeTeam' | 'awayTeam'>

/** What opens the form filled in: a selection text, and from a suggestion its odds and amount too. */
export interface BetPrefill {
  selection?: string | undefined
  /**
   * The selection's bet type when known (an edit): it reads the text as that type's, where the untyped
   * reading knows only the spread, total and moneyline ('Celtics Over 110.5' would read as a spread).
   */
  betType?: BetType | undefined
  odds?: number | undefined
  /** The bet's own exact price (an edit of a decimal or fractional slip, decision 072). */
  exactPrice?: string | null | undefined
  /** The bet's own period (an edit, decision 073). */
  period?: BetPeriod | undefined
  /** The bettor's odds format (their setting): the price field the form opens with. */
  priceFormat?: PriceFormat | undefined
  /** Dollars as the amount field shows them ('25.00'). */
  amount?: string | undefined
  sportsbook?: string | undefined
}

/** Decision 008: an edit opens the form on the tentative bet's own terms. */
export function editPrefill(
  bet: Pick<
    Bet,
    'betType' | 'selection' | 'odds' | 'decimalOdds' | 'fractionalOdds' | 'amount' | 'sportsbook' | 'period'
  >,
): BetPrefill {
  return {
    selection: bet.selection,
    betType: isMarketBet(bet) ? bet.betType : undefined,
    odds: bet.odds,
    // The bet's own format, whatever the bettor's setting: an American bet stays American when edited.
    exactPrice: exactPriceOfWire(bet),
    priceFormat: priceFormatOf(exactPriceOfWire(bet)),
    period: bet.period,
    amount: bet.amount,
    sportsbook: bet.sportsbook,
  }
}

/**
 * The spread's team until the bettor picks one: the first team the form lists, the away team, as the
 * game reads 'Away @ Home' and sportsbooks list it, so a spread needs only its points.
 */
const defaultSpreadTeam = (game: Teams | null) => game?.awayTeam ?? ''

export function initialBetForm(game: Teams | null, prefill: BetPrefill = {}): BetFormState {
  // An edit opens on the bet's own period; a text alone names its period first ('1H Over 1.5').
  const period = prefill.period ?? splitPeriod(prefill.selection ?? '').period
  const text = withoutPeriod(prefill.selection ?? '', period)
  const blank: BetFormState = {
    betType: 'spread',
    spreadTeam: defaultSpreadTeam(game),
    spreadPoints: '',
    overUnder: '',
    totalPoints: '',
    moneylineTeam: '',
    doubleChance: '',
    handicapBacking: 'team',
    marginTeam: '',
    marginGoals: '',
    marginOrMore: false,
    bothTeamsToScore: '',
    correctHome: '',
    correctAway: '',
    ...priceFields(prefill),
    amount: prefill.amount ?? '',
    sportsbook: prefill.sportsbook ?? DEFAULT_SPORTSBOOK,
    period,
  }
  const parts = text ? parseSelection(text, prefill.betType) : null
  if (!parts) return blank
  switch (parts.betType) {
    case 'spread':
      return {
        ...blank,
        betType: 'spread',
        spreadTeam: gameTeam(parts.team, game),
        spreadPoints: String(parts.points),
      }
    case 'total':
      return { ...blank, betType: 'total', overUnder: parts.overUnder, totalPoints: String(parts.points) }
    case 'moneyline':
      return { ...blank, betType: 'moneyline', moneylineTeam: gameTeam(parts.team, game) }
    case 'team_total':
      return {
        ...blank,
        betType: 'team_total',
        spreadTeam: gameTeam(parts.team, game),
        overUnder: parts.overUnder,
        totalPoints: String(parts.points),
      }
    case 'draw_no_bet':
      return { ...blank, betType: 'draw_no_bet', spreadTeam: gameTeam(parts.team, game) }
    case 'double_chance':
      return { ...blank, betType: 'double_chance', doubleChance: parts.outcomes }
    case 'three_way_handicap':
      return {
        ...blank,
        betType: 'three_way_handicap',
        spreadTeam: gameTeam(parts.team, game),
        spreadPoints: String(parts.points),
        handicapBacking: parts.draw ? 'draw' : 'team',
      }
    case 'winning_margin': {
      const fields = marginFieldsOf(text)
      return { ...blank, betType: 'winning_margin', ...fields, marginTeam: gameTeam(fields.marginTeam, game) }
    }
    case 'both_teams_to_score':
      return { ...blank, betType: 'both_teams_to_score', bothTeamsToScore: parts.yes ? 'Yes' : 'No' }
    case 'correct_score':
      return {
        ...blank,
        betType: 'correct_score',
        correctHome: String(parts.home),
        correctAway: String(parts.away),
      }
  }
}

/**
 * Decisions 068 and 069: the bet types the form offers on a game; draw no bet, double chance, the three-way
 * handicap and the winning margin on soccer alone.
 */
export function offeredBetTypes(soccer: boolean): BetType[] {
  return BET_TYPES.filter((type) => soccer || !SOCCER_BET_TYPES.includes(type))
}

/**
 * A double chance as the bettor reads it, with the game's teams: '1X: Arsenal or Draw'. Without a game
 * (or off the feed) the sides are 'Home' and 'Away'.
 */
export function doubleChanceLabel(chance: DoubleChance, game: Teams | null): string {
  const home = game?.homeTeam || 'Home'
  const away = game?.awayTeam || 'Away'
  switch (chance) {
    case '1X':
      return `1X: ${home} or ${DRAW}`
    case 'X2':
      return `X2: ${DRAW} or ${away}`
    case '12':
      return `12: ${home} or ${away}`
  }
}

/**
 * The team side of a three-way handicap as the Backing choice reads it: 'Chelsea +1', or the team alone
 * while the handicap is not yet a whole number ('Team' while none is chosen).
 */
export function handicapTeamLabel(state: Pick<BetFormState, 'spreadTeam' | 'spreadPoints'>): string {
  const team = state.spreadTeam.trim() || 'Team'
  const points = pointsOf(state.spreadPoints)
  return points !== null && Number.isInteger(points) ? `${team} ${formatSignedPoints(points)}` : team
}

/**
 * The game's spelling of a team the text names ('Lakers' -> 'Los Angeles Lakers', matched as the server
 * matches it, decision 004), 'Draw' as is, or the text itself when no game is chosen yet.
 */
export function gameTeam(name: string, game: Teams | null): string {
  if (name === '' || name.toLowerCase() === DRAW.toLowerCase()) return name === '' ? '' : DRAW
  if (!game) return name
  try {
    return teamSide(name, game) === 'home' ? game.homeTeam : game.awayTeam
  } catch (error) {
    if (error instanceof BetTermsError) return ''
    throw error
  }
}

/**
 * The price fields the form opens with (decision 072): a bet's own exact price in its own format; else the
 * bettor's format, starting from the prefilled odds (a suggestion's) or -110. Decision 009: odds the
 * dropdown lists are chosen there; any other American price goes in the custom field.
 */
function priceFields(
  prefill: BetPrefill,
): Pick<BetFormState, 'priceFormat' | 'oddsChoice' | 'customOdds' | 'exactOdds'> {
  const odds = prefill.odds ?? DEFAULT_ODDS
  const listed = ODDS_OPTIONS.some((option) => option.value === odds)
  const american = listed
    ? { oddsChoice: String(odds), customOdds: '' }
    : { oddsChoice: CUSTOM_ODDS, customOdds: String(odds) }
  const exactPrice = prefill.exactPrice ?? null
  const priceFormat = exactPrice === null ? (prefill.priceFormat ?? 'american') : priceFormatOf(exactPrice)
  const exactOdds = exactPrice ?? (priceFormat === 'american' ? '' : oddsInFormat(odds, priceFormat))
  return { priceFormat, ...american, exactOdds }
}

/**
 * Another game chosen (or none): keep the team sides only where they name one of its teams; the spread's
 * falls back to the game's default. A bet type the game does not offer (draw no bet off soccer) falls back
 * to the spread, the form's first, as the dropdown no longer lists it.
 */
export function forGame(
  state: BetFormState,
  game: (Teams & { league?: string }) | null,
  soccer: boolean,
): BetFormState {
  const moneylineTeam = gameTeam(state.moneylineTeam, game)
  return {
    ...state,
    // A period the new game's league does not play falls back to the full game (decision 073).
    period: game && periodsOn(game.league ?? '').includes(state.period) ? state.period : FULL_GAME,
    betType: offeredBetTypes(soccer).includes(state.betType) ? state.betType : 'spread',
    spreadTeam: gameTeam(state.spreadTeam, game) || defaultSpreadTeam(game),
    moneylineTeam: moneylineTeam === DRAW && !soccer ? '' : moneylineTeam,
    marginTeam: gameTeam(state.marginTeam, game),
  }
}

/** The chosen odds: the dropdown's value, or the custom text as an integer (NaN when it is not one). */
export function oddsOf(state: BetFormState): number {
  if (state.oddsChoice !== CUSTOM_ODDS) return Number(state.oddsChoice)
  const text = state.customOdds.trim()
  return /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN
}

function pointsOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text)
}

export function betFormInput(state: BetFormState): BetFormInput {
  return {
    betType: state.betType,
    ...priceInput(state),
    amount: state.amount,
    ...marketInput(state),
    period: state.period,
  }
}

/** The price as the wire names it, in the form's format (decision 072). */
function priceInput(state: BetFormState): PriceInput {
  const typed = state.exactOdds.trim()
  switch (state.priceFormat) {
    case 'american':
      return { odds: oddsOf(state) }
    case 'decimal':
      return { decimalOdds: typed === '' ? null : typed }
    case 'fractional':
      return { fractionalOdds: typed === '' ? null : typed }
  }
}

/**
 * Only the chosen bet type's fields, as the wire names them: the fields another type left filled stay
 * unsent, so they cannot reach its check.
 */
function marketInput(state: BetFormState): MarketTerms {
  const none = NO_MARKET_TERMS
  switch (state.betType) {
    case 'spread':
      return { ...none, spreadTeam: state.spreadTeam, spreadPoints: pointsOf(state.spreadPoints) }
    case 'total':
      return { ...none, ...totalInput(state) }
    case 'moneyline':
      return { ...none, selection: state.moneylineTeam }
    case 'team_total':
      return { ...none, spreadTeam: state.spreadTeam, ...totalInput(state) }
    case 'draw_no_bet':
      return { ...none, spreadTeam: state.spreadTeam }
    case 'double_chance':
      return { ...none, selection: state.doubleChance }
    case 'three_way_handicap':
      return {
        ...none,
        spreadTeam: state.spreadTeam,
        spreadPoints: pointsOf(state.spreadPoints),
        // The wire backs the draw with the selection 'Draw'; the team side sends none.
        selection: state.handicapBacking === 'draw' ? DRAW : null,
      }
    case 'winning_margin':
      return { ...none, selection: marginSelection(state) }
    case 'both_teams_to_score':
      return { ...none, selection: state.bothTeamsToScore }
    case 'correct_score':
      return { ...none, selection: correctScoreSelection(state) }
  }
}

/** A correct score as the wire takes it, 'home-away' ('2-1'); '' until both are typed. */
function correctScoreSelection(state: Pick<BetFormState, 'correctHome' | 'correctAway'>): string {
  const [home, away] = [state.correctHome.trim(), state.correctAway.trim()]
  return home === '' || away === '' ? '' : `${home}-${away}`
}

function totalInput(state: BetFormState): Pick<MarketTerms, 'overUnder' | 'totalPoints'> {
  return {
    overUnder: state.overUnder === '' ? null : state.overUnder,
    totalPoints: pointsOf(state.totalPoints),
  }
}

/** A winning margin's parts as typed, in the bet form and off the feed alike. */
export type MarginFields = Pick<BetFormState, 'marginTeam' | 'marginGoals' | 'marginOrMore'>

/**
 * A winning margin as the wire takes it, its selection text ('Arsenal by 2', 'Arsenal by 3+', 'Draw'); null
 * while a part is missing, so the domain asks for the bet type's fields. A margin typed wrong (0, 1.5) is
 * composed as typed, for the domain to refuse with its own message.
 */
export function marginSelection(fields: MarginFields): string | null {
  const team = fields.marginTeam.trim()
  if (team === '') return null
  // Off the feed the winner is typed: 'draw' in any case is the draw.
  if (team.toLowerCase() === DRAW.toLowerCase()) return composeSelection(drawMargin)
  const margin = pointsOf(fields.marginGoals)
  if (margin === null) return null
  return composeSelection({ betType: 'winning_margin', team, margin, orMore: fields.marginOrMore })
}

/** A stored winning margin back in its fields ('Arsenal by 3+'); blank fields when the text is not one. */
export function marginFieldsOf(selection: string): MarginFields {
  const parts = parseSelection(selection, 'winning_margin')
  if (parts?.betType !== 'winning_margin') return { marginTeam: '', marginGoals: '', marginOrMore: false }
  const draw = parts.team === DRAW
  return { marginTeam: parts.team, marginGoals: draw ? '' : String(parts.margin), marginOrMore: parts.orMore }
}

const drawMargin = { betType: 'winning_margin', team: DRAW, margin: 0, orMore: false } as const

/**
 * A composed selection as the wire takes it back (a bet's edit, a slip's leg): a three-way handicap's is
 * 'Draw' when it backs the draw and none when it backs the team, as its team and handicap travel in
 * spreadTeam and spreadPoints; the text the bettor reads ('Draw (Chelsea +1)') would read as the team side.
 * Every other type's selection is its text.
 */
export function wireSelection(betType: BetType | typeof OTHER_MARKET, selection: string): string | null {
  if (betType !== 'three_way_handicap') return selection
  return backsTheDraw(selection) ? DRAW : null
}

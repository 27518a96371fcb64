import type { BetTerms, OverUnder, Result } from './bet'
import { isSoccer, leagueCode } from './leagues'
import { type Cents, divRound } from './money'
import { type BetPeriod, FULL_GAME, type PeriodScore, periodScore, withoutPeriod } from './periods'
import { type Priced, toWinAt } from './price'
import {
  backsTheDraw,
  type CellMarket,
  DRAW,
  isCellMarket,
  isQuarterLine,
  type LineMarket,
  parseSelection,
} from './selection'
import type { LegResult, Market } from './ticket'

/**
 * Settlement, the one money rule of Grid (decisions 002, 003, 004, 068 and 074). Almost every bet becomes a
 * line on one axis of the score: spreads, moneylines, draw no bet and double chance depend only on the
 * margin (home - away), totals only on the sum, a team total only on its team's score. The result is read
 * off the line, and the outcome grid reuses the same lines to fill whole diagonals, rows or columns at once.
 * Both teams to score and a correct score are read cell by cell (MarketRule). A bet on part of a game
 * reads its period's score (decision 073, scoreFor).
 */
export interface Score {
  home: number
  away: number
}

export interface Matchup {
  homeTeam: string
  awayTeam: string
  /** League code or feed alias; soccer leagues settle the moneyline three-way (decision 004). */
  league: string
}

export interface Settlement {
  result: Result
  /** Decision 002: what the book returns: stake + potentialWin when won, the stake on a push, 0 when lost. */
  payout: Cents
  /** payout - amount: +potentialWin, 0 or -amount. */
  net: Cents
}

/** The final score's axes a line can lie on: the margin, the sum, and each team's own score. */
export const AXES = ['margin', 'sum', 'home', 'away'] as const
export type Axis = (typeof AXES)[number]

/** A bet's result as a step function of one axis: below, at, and above the threshold. */
export interface BetLine {
  axis: Axis
  threshold: number
  below: Result
  at: Result
  above: Result
}

/**
 * How the score decides a market (decision 074): a step on one axis for every market but two; both teams to
 * score and a correct score are read cell by cell.
 */
export type MarketRule = { kind: 'line'; line: BetLine } | { kind: 'cells'; market: CellMarket }

/** The bet's terms do not fit the game (unknown team, missing points): the server validates first. */
export class BetTermsError extends Error {
  override name = 'BetTermsError'
}

/** A game as settlement reads it: its teams and league, its score, and its score by period (decision 070). */
export interface ScoredGame extends Matchup {
  homeScore: number | null
  awayScore: number | null
  periods: readonly PeriodScore[]
}

/**
 * The score a bet on `period` is read on (decision 073): the game's score for the full game, else the
 * period's own. With `complete` (settlement) a period with a part unplayed or unkept has none; without it
 * (a live game's standing, the period's grid) the parts played so far add up. Null when there is none.
 */
export function scoreFor(period: BetPeriod, game: ScoredGame, complete = true): Score | null {
  if (period === FULL_GAME)
    return game.homeScore === null || game.awayScore === null
      ? null
      : { home: game.homeScore, away: game.awayScore }
  const league = leagueCode(game.league)
  return league === null ? null : periodScore(league, period, game.periods, complete)
}

/**
 * A bet's settlement on its game: settle() at the score of the bet's period (scoreFor); null when that
 * score is not there. Every market settles on a period's score by its full-game rule (decision 073).
 */
export function settleOnGame(bet: BetTerms, game: ScoredGame, complete = true): Settlement | null {
  const score = scoreFor(bet.period ?? FULL_GAME, game, complete)
  return score && settle(bet, score, game)
}

/** A bet's settlement at a score: its period's score, which settleOnGame reads off a game. */
export function settle(bet: BetTerms, score: Score, matchup: Matchup): Settlement {
  return settlementFor(ruleResult(betRule(bet, matchup), score), bet.amount, bet)
}

/** A result's settlement at the bet's price: its American odds, or the slip's exact price (decision 072). */
export function settlementFor(result: Result, amount: Cents, price: Priced): Settlement {
  const payout = payoutFor(result, amount, toWinAt(amount, price))
  return { result, payout, net: payout - amount }
}

/**
 * Decision 002: what the book returns for a result, given the bet's To Win: the stake and its profit when won,
 * the stake back on a push (or a void ticket, decision 053), nothing when lost. A quarter line's half results
 * (decision 071) split the stake: half won returns the stake and half the To Win, half lost half the stake,
 * each half rounded half up to the cent.
 */
export function payoutFor(result: Result | 'void', amount: Cents, toWin: Cents): Cents {
  switch (result) {
    case 'won':
      return amount + toWin
    case 'push':
    case 'void':
      return amount
    case 'lost':
      return 0
    case 'half_won':
      return amount + divRound(toWin, 2)
    case 'half_lost':
      return divRound(amount, 2)
  }
}

/**
 * Each axis as a weighted sum of the two scores: the margin is home - away, the sum home + away, and each
 * team's own score its score alone. Hot loops (the grid) step along an axis by these weights.
 */
export const AXIS_WEIGHTS: Record<Axis, { home: number; away: number }> = {
  margin: { home: 1, away: -1 },
  sum: { home: 1, away: 1 },
  home: { home: 1, away: 0 },
  away: { home: 0, away: 1 },
}

export function axisValue(axis: Axis, score: Score): number {
  const weights = AXIS_WEIGHTS[axis]
  return weights.home * score.home + weights.away * score.away
}

/** One value per axis, made by `make`. */
export function perAxis<T>(make: (axis: Axis) => T): Record<Axis, T> {
  return { margin: make('margin'), sum: make('sum'), home: make('home'), away: make('away') }
}

/** The values an axis takes over the scores home x away (each a range of whole scores), by its weights. */
export function axisRange(
  axis: Axis,
  home: { min: number; max: number },
  away: { min: number; max: number },
): { min: number; max: number } {
  const weights = AXIS_WEIGHTS[axis]
  const low = (weight: number, range: { min: number; max: number }) =>
    weight * (weight >= 0 ? range.min : range.max)
  const high = (weight: number, range: { min: number; max: number }) =>
    weight * (weight >= 0 ? range.max : range.min)
  return {
    min: low(weights.home, home) + low(weights.away, away),
    max: high(weights.home, home) + high(weights.away, away),
  }
}

export function resultOnLine(line: BetLine, value: number): Result {
  if (value > line.threshold) return line.above
  return value === line.threshold ? line.at : line.below
}

/**
 * A bet's rule: its market's parts (the columns, else the selection parsed once) on the game (decision 004).
 * The grid and the suggestions call this with the single bets of the spec's Bet entity.
 */
export function betRule(bet: BetTerms, matchup: Matchup): MarketRule {
  return marketRule(betMarket(bet), matchup)
}

/** A market's rule on the game: its line (marketLine), or its cells (decision 074). */
export function marketRule(market: Market, matchup: Matchup): MarketRule {
  return isCellMarket(market)
    ? { kind: 'cells', market }
    : { kind: 'line', line: marketLine(market, matchup) }
}

/** A rule's result at a score: read off the line on its axis, or off the cell. */
export function ruleResult(rule: MarketRule, score: Score): Result {
  switch (rule.kind) {
    case 'line':
      return resultOnLine(rule.line, axisValue(rule.line.axis, score))
    case 'cells':
      return cellResult(rule.market, score)
  }
}

/**
 * Decision 074: both teams to score wins 'Yes' when each side scores and 'No' when one does not; a correct
 * score wins on its one cell. Neither pushes.
 */
function cellResult(market: CellMarket, score: Score): Result {
  switch (market.betType) {
    case 'both_teams_to_score':
      // Both scored, or not: the side backed wins when the answer is its own.
      return (score.home > 0 && score.away > 0) === market.yes ? 'won' : 'lost'
    case 'correct_score':
      return score.home === market.home && score.away === market.away ? 'won' : 'lost'
  }
}

/**
 * The parts of a bet's market: the explicit columns when the bet has them, else its selection text parsed
 * once for the market its bet type names. Throws BetTermsError when neither says enough.
 */
export function betMarket(bet: BetTerms): Market {
  // The stored text names the bet's period first ('1H Arsenal ML', decision 073): the market follows it.
  const selection = withoutPeriod(bet.selection, bet.period ?? FULL_GAME)
  switch (bet.betType) {
    case 'spread': {
      const parsed =
        bet.spreadTeam == null || bet.spreadPoints == null ? parseSelection(selection, 'spread') : null
      const team = bet.spreadTeam ?? (parsed?.betType === 'spread' ? parsed.team : null)
      const points = bet.spreadPoints ?? (parsed?.betType === 'spread' ? parsed.points : null)
      if (team == null || points == null) throw new BetTermsError(`Spread bet without team or points`)
      return { betType: 'spread', team, points }
    }
    case 'total': {
      const parsed =
        bet.overUnder == null || bet.totalPoints == null ? parseSelection(selection, 'total') : null
      const overUnder = bet.overUnder ?? (parsed?.betType === 'total' ? parsed.overUnder : null)
      const points = bet.totalPoints ?? (parsed?.betType === 'total' ? parsed.points : null)
      if (overUnder == null || points == null) throw new BetTermsError(`Total bet without side or points`)
      return { betType: 'total', overUnder, points }
    }
    case 'moneyline': {
      // A moneyline has no column for its team: the selection is the only place it is written.
      const parsed = parseSelection(selection, 'moneyline')
      if (parsed?.betType !== 'moneyline') throw new BetTermsError(`Moneyline bet without a team`)
      return parsed
    }
    case 'team_total': {
      const parsed =
        bet.spreadTeam == null || bet.overUnder == null || bet.totalPoints == null
          ? parseSelection(selection, 'team_total')
          : null
      const team = bet.spreadTeam ?? (parsed?.betType === 'team_total' ? parsed.team : null)
      const overUnder = bet.overUnder ?? (parsed?.betType === 'team_total' ? parsed.overUnder : null)
      const points = bet.totalPoints ?? (parsed?.betType === 'team_total' ? parsed.points : null)
      if (team == null || overUnder == null || points == null)
        throw new BetTermsError(`Team total bet without team, side or points`)
      return { betType: 'team_total', team, overUnder, points }
    }
    case 'draw_no_bet': {
      const parsed = bet.spreadTeam == null ? parseSelection(selection, 'draw_no_bet') : null
      const team = bet.spreadTeam ?? (parsed?.betType === 'draw_no_bet' ? parsed.team : null)
      if (team == null) throw new BetTermsError(`Draw no bet without a team`)
      return { betType: 'draw_no_bet', team }
    }
    case 'three_way_handicap': {
      const parsed =
        bet.spreadTeam == null || bet.spreadPoints == null ? parseSelection(selection, bet.betType) : null
      const team = bet.spreadTeam ?? (parsed?.betType === 'three_way_handicap' ? parsed.team : null)
      const points = bet.spreadPoints ?? (parsed?.betType === 'three_way_handicap' ? parsed.points : null)
      if (team == null || points == null)
        throw new BetTermsError(`Three-way handicap without team or handicap`)
      return { betType: 'three_way_handicap', team, points, draw: backsTheDraw(selection) }
    }
    case 'double_chance':
    case 'winning_margin':
    case 'both_teams_to_score':
    case 'correct_score': {
      // Like a moneyline's team, their parts are read off the selection the server composed from them.
      const parsed = parseSelection(selection, bet.betType)
      if (parsed?.betType !== bet.betType) throw new BetTermsError(`'${selection}' is not a ${bet.betType}`)
      return parsed
    }
  }
}

/**
 * A market's line on one axis of the final score, from its parts alone: no text is parsed here, so a
 * ticket's leg (decision 053) and a single bet settle by the same rule (decision 004).
 */
export function marketLine(market: LineMarket, matchup: Matchup): BetLine {
  switch (market.betType) {
    case 'spread':
      return quarterAware(market.points, (points) => spreadLine({ ...market, points }, matchup))
    case 'total':
      return quarterAware(market.points, (points) => overUnderLine('sum', { ...market, points }))
    case 'moneyline':
      return moneylineLine(market, matchup)
    case 'team_total': {
      const axis = teamSide(market.team, matchup)
      return quarterAware(market.points, (points) => overUnderLine(axis, { ...market, points }))
    }
    case 'draw_no_bet':
      return drawNoBetLine(market, matchup)
    case 'double_chance':
      return doubleChanceLine(market)
    case 'three_way_handicap':
      return threeWayHandicapLine(market, matchup)
    case 'winning_margin':
      return winningMarginLine(market, matchup)
  }
}

/** A market's result at a final score: the one place a leg on a feed game is settled (decisions 004 and 053). */
export function settleLeg(market: Market, score: Score, matchup: Matchup): LegResult {
  return ruleResult(marketRule(market, matchup), score)
}

/**
 * A leg's rule on its game, or null when the leg's team is neither of the game's: such a leg waits for the
 * bettor's hand result, and no grid, price or settlement reads it off the score.
 */
export function legRule(market: Market, matchup: Matchup): MarketRule | null {
  try {
    return marketRule(market, matchup)
  } catch (error) {
    if (error instanceof BetTermsError) return null
    throw error
  }
}

/**
 * A leg's result once its game is final (settleLeg's rule on the score of the leg's period, scoreFor); null
 * before, without that score, or when the leg does not fit the game (legLine).
 */
export function finalLegResult(
  market: Market,
  period: BetPeriod,
  game: ScoredGame & { status: string },
): LegResult | null {
  if (game.status !== 'final') return null
  const score = scoreFor(period, game)
  const rule = score && legRule(market, game)
  return rule && score && ruleResult(rule, score)
}

type MarketOf<K extends Market['betType']> = Extract<Market, { betType: K }>

/** Decision 004: the team's score + points against the opponent's; equal pushes (whole-number lines only). */
function spreadLine({ team, points }: MarketOf<'spread'>, matchup: Matchup): BetLine {
  const side = teamSide(team, matchup)
  // Home covers when margin + points > 0, i.e. margin > -points; away covers when margin < points.
  return side === 'home'
    ? { axis: 'margin', threshold: -points, below: 'lost', at: 'push', above: 'won' }
    : { axis: 'margin', threshold: points, below: 'won', at: 'push', above: 'lost' }
}

/**
 * Decision 071: a quarter line (an Asian line at .25 or .75) stakes half on each neighbouring line, one whole
 * and one half: -0.25 is half on 0 and half on -0.5. On whole scores both halves agree except where the whole
 * line pushes, and there the half line decides alone: half won or half lost. So a quarter line is still a
 * step on its axis, at the whole line's threshold. Other lines are `lineAt(points)` itself.
 */
function quarterAware(points: number, lineAt: (points: number) => BetLine): BetLine {
  if (!isQuarterLine(points)) return lineAt(points)
  const lower = points - 0.25
  const [whole, half] = Number.isInteger(lower) ? [lower, points + 0.25] : [points + 0.25, lower]
  const wholeLine = lineAt(whole)
  const halfResult = resultOnLine(lineAt(half), wholeLine.threshold)
  return { ...wholeLine, at: halfResult === 'won' ? 'half_won' : 'half_lost' }
}

/** A total's line on its axis: the game's sum, or a team total's team's own score (decision 068). */
function overUnderLine(axis: Axis, { overUnder, points }: { overUnder: OverUnder; points: number }): BetLine {
  return overUnder === 'over'
    ? { axis, threshold: points, below: 'lost', at: 'push', above: 'won' }
    : { axis, threshold: points, below: 'won', at: 'push', above: 'lost' }
}

/** Decision 068: the team wins and the bet wins; a draw gives the stake back; the other team wins and it loses. */
function drawNoBetLine({ team }: MarketOf<'draw_no_bet'>, matchup: Matchup): BetLine {
  return teamSide(team, matchup) === 'home'
    ? { axis: 'margin', threshold: 0, below: 'lost', at: 'push', above: 'won' }
    : { axis: 'margin', threshold: 0, below: 'won', at: 'push', above: 'lost' }
}

/**
 * Decision 069: the team's score plus its (whole-goal) handicap against the other's, with no push: the team
 * side wins when it is ahead, the draw side when they are level, and each loses otherwise.
 */
function threeWayHandicapLine(
  { team, points, draw }: MarketOf<'three_way_handicap'>,
  matchup: Matchup,
): BetLine {
  // Level under the handicap: margin = -points for a home handicap, margin = points for an away one.
  const home = teamSide(team, matchup) === 'home'
  const threshold = home ? -points : points
  if (draw) return { axis: 'margin', threshold, below: 'lost', at: 'won', above: 'lost' }
  return home
    ? { axis: 'margin', threshold, below: 'lost', at: 'lost', above: 'won' }
    : { axis: 'margin', threshold, below: 'won', at: 'lost', above: 'lost' }
}

/**
 * Decision 069: the team wins by exactly `margin` goals, or by at least that many (`orMore`); the draw side
 * wins on a level score. Everything else loses.
 */
function winningMarginLine({ team, margin, orMore }: MarketOf<'winning_margin'>, matchup: Matchup): BetLine {
  if (team === DRAW) return { axis: 'margin', threshold: 0, below: 'lost', at: 'won', above: 'lost' }
  const home = teamSide(team, matchup) === 'home'
  if (!orMore)
    return { axis: 'margin', threshold: home ? margin : -margin, below: 'lost', at: 'won', above: 'lost' }
  // By `margin` or more: past the half-goal before it, so no score lands on the line.
  return home
    ? { axis: 'margin', threshold: margin - 0.5, below: 'lost', at: 'lost', above: 'won' }
    : { axis: 'margin', threshold: -margin + 0.5, below: 'won', at: 'lost', above: 'lost' }
}

/** Decision 068: two of the three results win (1 home, X draw, 2 away), the third loses. */
function doubleChanceLine({ outcomes }: MarketOf<'double_chance'>): BetLine {
  switch (outcomes) {
    case '1X':
      return { axis: 'margin', threshold: 0, below: 'lost', at: 'won', above: 'won' }
    case 'X2':
      return { axis: 'margin', threshold: 0, below: 'won', at: 'won', above: 'lost' }
    case '12':
      return { axis: 'margin', threshold: 0, below: 'won', at: 'lost', above: 'won' }
  }
}

/**
 * Decision 004: the team with more points wins. A level final score pushes (the NFL tie), except in soccer, whose
 * moneyline is three-way: a draw loses both team sides and wins the 'Draw' side.
 */
function moneylineLine({ team }: MarketOf<'moneyline'>, matchup: Matchup): BetLine {
  if (team === DRAW) return { axis: 'margin', threshold: 0, below: 'lost', at: 'won', above: 'lost' }
  const tie: Result = isSoccer(matchup.league) ? 'lost' : 'push'
  return teamSide(team, matchup) === 'home'
    ? { axis: 'margin', threshold: 0, below: 'lost', at: tie, above: 'won' }
    : { axis: 'margin', threshold: 0, below: 'won', at: tie, above: 'lost' }
}

/**
 * Decision 004: sides are matched by team name, never by position. An exact (case-insensitive) name wins; else a
 * nickname that ends exactly one of the two full names ('Lakers' for 'Los Angeles Lakers').
 */
export function teamSide(team: string, matchup: Pick<Matchup, 'homeTeam' | 'awayTeam'>): 'home' | 'away' {
  const wanted = normalizeName(team)
  const home = normalizeName(matchup.homeTeam)
  const away = normalizeName(matchup.awayTeam)
  if (wanted === home && wanted !== away) return 'home'
  if (wanted === away && wanted !== home) return 'away'
  const homeEnds = home.endsWith(` ${wanted}`)
  const awayEnds = away.endsWith(` ${wanted}`)
  if (homeEnds !== awayEnds) return homeEnds ? 'home' : 'away'
  throw new BetTermsError(`'${team}' is neither ${matchup.awayTeam} nor ${matchup.homeTeam}`)
}

function normalizeName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase()
}

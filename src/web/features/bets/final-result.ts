import { isMarketBet, type LedgerResult, WHAT_IF_STATUS } from '../../../domain/bet'
import type { Cents } from '../../../domain/money'
import { BetTermsError, settleOnGame } from '../../../domain/settlement'
import { betNet } from '../../../domain/statistics'
import type { Bet, Game } from '../../types'
import { toRecordedBet } from './bet-money'

/**
 * A final game's grid is its result, not scenarios. Placed bets read their stored settlement
 * (decision 002); a tentative bet was never placed, so it is shown as a what-if with what it would have made at
 * the final score, by the same settle() the server settles with.
 */
export interface FinalBetLine {
  bet: Bet
  /** won, lost or push (the stored result, or what the what-if would have got); null when unsettled. */
  result: LedgerResult | null
  net: Cents | null
  whatIf: boolean
  status: string
}

export interface FinalResult {
  lines: FinalBetLine[]
  /** The placed bets' net and stake (settled ones only, decision 007). */
  placedNet: Cents
  placedStake: Cents
  /** What the what-if bets would have made together. */
  whatIfNet: Cents
  whatIfCount: number
}

export function finalResult(game: Game, bets: readonly Bet[]): FinalResult {
  const result: FinalResult = { lines: [], placedNet: 0, placedStake: 0, whatIfNet: 0, whatIfCount: 0 }
  for (const bet of bets) {
    const line = bet.betStatus === 'tentative' ? whatIfLine(game, bet) : placedLine(bet)
    result.lines.push(line)
    if (line.net === null) continue
    if (line.whatIf) {
      result.whatIfNet += line.net
      result.whatIfCount += 1
    } else {
      result.placedNet += line.net
      result.placedStake += toRecordedBet(bet).amount
    }
  }
  return result
}

const WOULD_HAVE: Record<LedgerResult, string> = {
  won: 'won',
  lost: 'lost',
  push: 'pushed',
  void: 'been void',
  half_won: 'half won',
  half_lost: 'half lost',
}

/** 'won', 'committed' (not settled yet), or 'not placed (what-if): would have lost'. */
export function lineStatus(line: FinalBetLine): string {
  if (!line.whatIf || line.result === null) return line.status
  return `${line.status}: would have ${WOULD_HAVE[line.result]}`
}

function placedLine(bet: Bet): FinalBetLine {
  const recorded = toRecordedBet(bet)
  return {
    bet,
    result: recorded.result,
    net: betNet(recorded),
    whatIf: false,
    status: recorded.result ?? 'committed',
  }
}

function whatIfLine(game: Game, bet: Bet): FinalBetLine {
  const line = { bet, result: null, net: null, whatIf: true, status: WHAT_IF_STATUS }
  if (game.homeScore === null || game.awayScore === null) return line
  // A what-if ticket of several legs, or one off the feed, has no one game's score to settle it by.
  const recorded = toRecordedBet(bet)
  if (!isMarketBet(recorded) || bet.legs.length > 0) return line
  try {
    const terms = {
      ...recorded,
      spreadTeam: bet.spreadTeam,
      spreadPoints: bet.spreadPoints,
      totalPoints: bet.totalPoints,
      overUnder: bet.overUnder,
      period: bet.period,
    }
    const settled = settleOnGame(terms, game)
    return settled ? { ...line, result: settled.result, net: settled.net } : line
  } catch (error) {
    if (error instanceof BetTermsError) return line
    throw error
  }
}

/**
 * On a final game a new bet is recorded as placed and settled at once (the server does it);
 * an edited tentative bet stays a what-if until it is confirmed.
 */
export function finalGameNote(
  game: Pick<Game, 'homeTeam' | 'awayTeam' | 'homeScore' | 'awayScore'>,
  editing: boolean,
): string {
  const score = `${game.awayTeam} ${game.awayScore ?? 0}, ${game.homeTeam} ${game.homeScore ?? 0}`
  return editing
    ? `This game is final (${score}). The bet stays a what-if, not placed, until you confirm it.`
    : `This game is final (${score}). The bet is recorded as placed and settled at once on this score.`
}

import { leagueInfo, type SportKind } from '../leagues'
import { formatDollars } from '../money'
import { averageBetOf, suggestedAmount } from './amounts'
import { finish, percent } from './finish'
import { notStartedReason } from './game-age'
import { marketSides, withAmount } from './market-sides'
import { chancesOf } from './prepared'
import { priceWords } from './pricing'
import type { RuleResult, ScorePoint, SuggestionContext } from './types'
import { direction, holds, lineOf, matchupOf } from './user-grid'

/**
 * Momentum: a scoring run in the last 10 minutes of the kept score history (one team's points minus the
 * other's, at least a sport's run: 8 in basketball, 10 in football, 3 runs, 2 goals). The score models play
 * the rest of the game at the pregame pace and carry no hot hand forward, so a run is a weak signal:
 * confidence 2 (3 for a run twice the size), high risk, the stake capped at the average bet, and the model's
 * own chance for the side shown beside it. Followed for less than the window, or with fewer than 3
 * updates, the game is too young and the rule says so.
 */
export const MOMENTUM_WINDOW_SECONDS = 600
export const MOMENTUM_MIN_UPDATES = 3
export const RUN_THRESHOLD: Readonly<Record<SportKind, number>> = {
  basketball: 8,
  football: 10,
  baseball: 3,
  hockey: 2,
  soccer: 2,
  tennis: Number.POSITIVE_INFINITY,
}

export interface Run {
  home: number
  away: number
  since: ScorePoint
}

export function momentumRule(context: SuggestionContext): RuleResult {
  if (context.bets.length === 0) return { suggestions: [], notes: [] }
  const young = notStartedReason(context) ?? youngHistory(context)
  if (young)
    return { suggestions: [], notes: [{ rule: 'momentum', reason: `No momentum read yet: ${young}.` }] }
  const run = recentRun(context.scoreHistory, context.now)
  const sport = leagueInfo(context.game.league)?.sport
  const threshold = sport ? RUN_THRESHOLD[sport] : Number.POSITIVE_INFINITY
  const net = run ? run.home - run.away : 0
  if (!run || Math.abs(net) < threshold) return { suggestions: [], notes: [] }
  const matchup = matchupOf(context.game)
  const way = net > 0 ? 'up' : 'down'
  const team = net > 0 ? context.game.homeTeam : context.game.awayTeam
  const sides = marketSides(context).filter(
    (s) =>
      s.market !== 'total' &&
      !holds(context.bets, s.terms.selection) &&
      direction(lineOf(s.terms, matchup)) === way,
  )
  // The spread first: a run moves the margin, and the spread prices the margin.
  const side = sides.find((s) => s.market === 'spread') ?? sides.find((s) => s.market === 'moneyline')
  if (!side) return { suggestions: [], notes: [] }
  const confidence = Math.abs(net) >= threshold * 2 ? 3 : 2
  const cap = averageBetOf(context.bets)
  const bet = withAmount(side, suggestedAmount('momentum', context.bets, confidence, cap))
  const runText = `${team} ${Math.max(run.home, run.away)}-${Math.min(run.home, run.away)} since ${run.since.at.toISOString().slice(11, 16)} UTC`
  const chance = chancesOf(context, side.terms).win
  return {
    suggestions: [
      finish(context, {
        type: 'momentum',
        title: `${team} on a run`,
        description: `${runText}. Ride it with $${formatDollars(bet.amount)} on ${bet.selection} ${priceWords(context, bet)}.`,
        bet,
        riskLevel: 'high',
        confidence,
        reasoning:
          `Run in the last ${MOMENTUM_WINDOW_SECONDS / 60} minutes: ${runText}. The score model does not carry runs forward; ` +
          `it gives ${bet.selection} ${percent(chance)} from the current score. The stake is capped at your average bet, $${formatDollars(cap)}.`,
        sensibleAmount: cap,
      }),
    ],
    notes: [],
  }
}

/** The points each side scored since the last update at least a window ago; null when none is. */
export function recentRun(history: readonly ScorePoint[], now: Date): Run | null {
  const start = now.getTime() - MOMENTUM_WINDOW_SECONDS * 1000
  const since = history.filter((p) => p.at.getTime() <= start).at(-1)
  const last = history.at(-1)
  if (!since || !last) return null
  return { home: last.homeScore - since.homeScore, away: last.awayScore - since.awayScore, since }
}

function youngHistory(context: SuggestionContext): string | null {
  const { scoreHistory, now } = context
  if (scoreHistory.length < MOMENTUM_MIN_UPDATES) {
    return `not enough data: ${scoreHistory.length} score update${scoreHistory.length === 1 ? '' : 's'} so far, momentum needs ${MOMENTUM_MIN_UPDATES}`
  }
  const first = scoreHistory[0]
  if (first && now.getTime() - first.at.getTime() < MOMENTUM_WINDOW_SECONDS * 1000) {
    return `not enough data: the score has been followed for less than ${MOMENTUM_WINDOW_SECONDS / 60} minutes`
  }
  return null
}

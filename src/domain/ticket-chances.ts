import { RESULTS, type Result, resultShares } from './bet'
import type { Cents } from './money'
import { fairOdds } from './odds'
import { forEachCell, type ScoreDistribution } from './probability/distribution'
import { type BetLine, type Matchup, marketRule, resultOnLine, ruleResult } from './settlement'
import { axisPmfs } from './suggestions/prepared'
import type { LegResult, Market } from './ticket'
import { type TicketTerms, ticketStanding } from './ticket-settlement'

/**
 * The chances of a ticket (decision 066): legs on different games are independent; the legs on one game
 * are read together from that game's joint distribution of final scores, so a same-game parlay's
 * correlation is the distribution's, never assumed. Each joint result of the legs is settled by the
 * ticket's own rule (ticketStanding), so pushes, voids, tie rules and reduced payouts price exactly as they
 * would settle.
 */

/** One game's pending legs of a ticket (their indexes in the ticket) and what they are bets on. */
export interface GameLegs {
  dist: ScoreDistribution
  matchup: Matchup
  legs: readonly { index: number; market: Market }[]
}

/** The joint results of one game's legs, each with its chance (the cells where the legs end so, summed). */
export interface GameOutcomes {
  indexes: readonly number[]
  outcomes: readonly { results: readonly LegResult[]; probability: number }[]
}

export function gameOutcomes({ dist, matchup, legs }: GameLegs): GameOutcomes {
  // Each leg's rule once (settleLeg's), then read at every cell: the rules match team names.
  const rules = legs.map(({ market }) => marketRule(market, matchup))
  const [only, ...more] = rules
  if (only?.kind === 'line' && more.length === 0)
    return { indexes: legs.map(({ index }) => index), outcomes: oneLine(dist, only.line) }
  const byResults = new Map<string, { results: LegResult[]; probability: number }>()
  forEachCell(dist, (home, away, p) => {
    if (p === 0) return
    const results = rules.map((rule) => ruleResult(rule, { home, away }))
    const key = results.join()
    const held = byResults.get(key)
    if (held) held.probability += p
    else byResults.set(key, { results, probability: p })
  })
  return { indexes: legs.map(({ index }) => index), outcomes: [...byResults.values()] }
}

/** One leg's results, from its axis' distribution alone (the axis is a few hundred values, the grid thousands). */
function oneLine(dist: ScoreDistribution, line: BetLine): GameOutcomes['outcomes'] {
  const axis = axisPmfs(dist)[line.axis]
  const mass = Object.fromEntries(RESULTS.map((result) => [result, 0])) as Record<Result, number>
  axis.p.forEach((p, i) => {
    mass[resultOnLine(line, axis.min + i)] += p
  })
  return RESULTS.filter((result) => mass[result] > 0).map((result) => ({
    results: [result],
    probability: mass[result],
  }))
}

export interface TicketChances {
  winProbability: number
  /** The stake comes back: a push, or every leg void or pushed. */
  pushProbability: number
  lossProbability: number
  /** Decided legs whose payout only the book knows (decision 060): no expected value is claimed then. */
  reviewProbability: number
  /** The price at which the ticket breaks even, from its chances to win and lose (pushes set aside). */
  fairOdds: number | null
  /** Expected profit in cents at the ticket's price; null while a payout the book decides is possible. */
  expectedValue: number | null
  /** The expected payout in cents over the results Grid settles (needs-review results contribute nothing). */
  settledReturn: number
  /** The share of the stake the book expects to keep (1 - expected return / stake); negative: the bettor's edge. */
  bookMargin: number | null
}

/** Joint results enumerated at most: a round robin of 11 legs on 11 games reaches 177,147 (3^11). */
export const MAX_TICKET_OUTCOMES = 200_000

/** How many joint results of these games' legs ticketChances would enumerate. */
export function outcomeCount(games: readonly GameOutcomes[]): number {
  return games.reduce((product, game) => product * Math.max(1, game.outcomes.length), 1)
}

/**
 * The ticket's chances, its legs' results fixed where decided and drawn from `games` where pending; null
 * when a pending leg is on no game given (a leg off the feed, a league without a model) or the joint
 * results outnumber MAX_TICKET_OUTCOMES.
 */
export function ticketChances(terms: TicketTerms, games: readonly GameOutcomes[]): TicketChances | null {
  const drawn = new Set(games.flatMap((game) => game.indexes))
  if (terms.legs.some((leg, index) => leg.result === null && !drawn.has(index))) return null
  if (outcomeCount(games) > MAX_TICKET_OUTCOMES) return null

  const results = terms.legs.map((leg) => leg.result)
  const tally = { won: 0, push: 0, lost: 0, review: 0, payout: 0 }
  // A lost leg loses every kind but a round robin at once, whatever the legs still to come.
  const lostLosesAll = terms.shape.kind !== 'round_robin'
  const visit = (gameIndex: number, probability: number): void => {
    const game = games[gameIndex]
    if (game === undefined) {
      settle(probability)
      return
    }
    for (const outcome of game.outcomes) {
      game.indexes.forEach((legIndex, i) => {
        results[legIndex] = outcome.results[i] ?? null
      })
      const mass = probability * outcome.probability
      if (lostLosesAll && outcome.results.includes('lost')) tally.lost += mass
      else visit(gameIndex + 1, mass)
    }
  }
  const settle = (probability: number) => {
    const standing = ticketStanding({
      ...terms,
      legs: terms.legs.map((leg, i) => ({ ...leg, result: results[i] ?? null })),
    })
    switch (standing.status) {
      case 'needs_review':
        tally.review += probability
        return
      case 'pending':
        throw new Error('Every leg of a priced ticket has a result')
      case 'settled': {
        tally.payout += probability * standing.payout
        // A half result is half a win or a loss and half a push (decision 071): its fair price stays exact.
        const shares = resultShares(standing.result)
        tally.won += probability * shares.won
        tally.push += probability * shares.push
        tally.lost += probability * shares.lost
        return
      }
    }
  }
  visit(0, 1)
  return chancesOf(tally, terms.amount)
}

function chancesOf(
  tally: { won: number; push: number; lost: number; review: number; payout: number },
  amount: Cents,
): TicketChances {
  const priced = tally.review === 0 && amount > 0
  return {
    winProbability: tally.won,
    pushProbability: tally.push,
    lossProbability: tally.lost,
    reviewProbability: tally.review,
    fairOdds: tally.won + tally.lost > 0 ? fairOdds(tally.won / (tally.won + tally.lost)) : null,
    expectedValue: priced ? tally.payout - amount : null,
    settledReturn: tally.payout,
    bookMargin: priced ? 1 - tally.payout / amount : null,
  }
}

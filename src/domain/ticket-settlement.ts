import { type Cents, divRoundBig } from './money'
import { oddsPayingAtLeast } from './odds'
import { type Priced, priceDecimalRatio } from './price'
import { BetTermsError, payoutFor } from './settlement'
import type { Boost, Leg, LegPrice, TicketResult, TicketShape, TicketStanding, TieRule } from './ticket'

/**
 * Where a ticket of legs stands, from its legs' results (decision 053): one function per kind of ticket,
 * each the rule of its decision (054 parlays, 055 same-game parlays, 056 teasers, 057 boosts, 058 round
 * robins, 060 what needs the bettor's payout). A leg's result is already the feed's or the bettor's hand
 * result (decision 059); a ticket-level hand result is applied by the writer above this, not here.
 *
 * Arithmetic: a price is an exact fraction of big integers (priceDecimalRatio of each leg, multiplied), the
 * stake is multiplied in, and the payout is rounded to the cent once, half away from zero, by divRoundBig
 * (decision 054). Up to 15 legs of six-digit prices outgrow a safe integer, hence bigint; no float is ever
 * rounded to a payout.
 */
export function ticketStanding(ticket: TicketTerms): TicketStanding {
  const { shape } = ticket
  switch (shape.kind) {
    case 'single':
      return singleStanding(ticket)
    case 'parlay':
      return parlayStanding(ticket)
    case 'same_game_parlay':
      return sameGameParlayStanding(ticket, shape)
    case 'teaser':
      return teaserStanding(ticket, shape)
    case 'round_robin':
      return roundRobinStanding(ticket, shape.sizes)
  }
}

/** What settlement reads of a ticket: the legs' results and odds, the stake, the slip's To Win and boost. */
export interface TicketTerms {
  shape: TicketShape
  legs: readonly (Pick<Leg, 'result'> & LegPrice)[]
  amount: Cents
  /** The slip's profit when every leg wins, boost included (decision 057). */
  potentialWin: Cents
  boost: Boost | null
}

type LegTerms = TicketTerms['legs'][number]
type ShapeOf<K extends TicketShape['kind']> = Extract<TicketShape, { kind: K }>

/** The reasons a decided ticket waits for the bettor's payout (decision 060). */
export const NEEDS_REVIEW = {
  legWithoutOdds: 'A leg pushed or was void and a remaining leg has no odds: enter what the book paid',
  sameGameParlayReduced:
    'A same-game parlay leg pushed or was void and the book reprices: enter what it paid',
  teaserReduced:
    'A teaser leg tied or was void and the reduced teaser price is unknown: enter what the book paid',
  roundRobinPriceBoost: 'A round robin with a boosted price: enter what the book paid',
} as const

const PENDING: TicketStanding = { status: 'pending' }

function settled(result: TicketResult, payout: Cents): TicketStanding {
  return { status: 'settled', result, payout }
}

function needsReview(reason: string): TicketStanding {
  return { status: 'needs_review', reason }
}

/**
 * The legs sorted by result: the won and half-won legs themselves (their odds price a reduced ticket), the
 * rest counted. A half result (a quarter line, decision 071) is neither a whole win nor a push: a half-won
 * leg prices the rest at its odds, a half-lost one halves it whatever its odds.
 */
interface Tally<L> {
  won: L[]
  halfWon: L[]
  halfLost: number
  lost: number
  push: number
  void: number
  pending: number
}

function tally<L extends LegTerms>(legs: readonly L[]): Tally<L> {
  const t: Tally<L> = { won: [], halfWon: [], halfLost: 0, lost: 0, push: 0, void: 0, pending: 0 }
  for (const leg of legs) {
    switch (leg.result) {
      case null:
        t.pending++
        break
      case 'won':
        t.won.push(leg)
        break
      case 'half_won':
        t.halfWon.push(leg)
        break
      case 'half_lost':
        t.halfLost++
        break
      case 'lost':
      case 'push':
      case 'void':
        t[leg.result]++
        break
    }
  }
  return t
}

/** Legs that did not simply win: pushed, void, or half decided; the slip's own To Win no longer applies. */
function reduced(t: Tally<unknown>): number {
  return t.push + t.void + t.halfWon.length + t.halfLost
}

/** Legs still priced into the ticket: won or half decided. */
function priced(t: Tally<unknown>): number {
  return t.won.length + t.halfWon.length + t.halfLost
}

/** Decision 054: nothing left to price (every leg pushed or was void) gives the stake back; 'void' only if all were. */
function stakeBack(t: Tally<LegTerms>, amount: Cents): TicketStanding {
  return settled(t.push === 0 ? 'void' : 'push', amount)
}

/** Decision 002's payout of a ticket whose every leg won: the stake and the slip's To Win. */
function slipWin(ticket: TicketTerms): TicketStanding {
  return settled('won', payoutFor('won', ticket.amount, ticket.potentialWin))
}

function singleStanding(ticket: TicketTerms): TicketStanding {
  const [leg, ...rest] = ticket.legs
  if (leg === undefined || rest.length > 0) throw new BetTermsError('A single has exactly one leg')
  return leg.result === null
    ? PENDING
    : settled(leg.result, payoutFor(leg.result, ticket.amount, ticket.potentialWin))
}

/**
 * Decision 054: a lost leg loses the parlay at once, even while other legs are pending; a pushed or void
 * leg is removed and the rest paid at their own decimal odds' product (with a profit boost, decision 057).
 */
function parlayStanding(ticket: TicketTerms): TicketStanding {
  const t = tally(ticket.legs)
  if (t.lost > 0) return settled('lost', 0)
  if (t.pending > 0) return PENDING
  if (reduced(t) === 0) return slipWin(ticket)
  if (priced(t) === 0) return stakeBack(t, ticket.amount)
  const price = reducedPrice(t)
  if (price === null) return needsReview(NEEDS_REVIEW.legWithoutOdds)
  const payout = parlayReturn(ticket.amount, price, ticket.boost)
  return settled(resultOfPayout(payout, ticket.amount, ticket.legs), payout)
}

/**
 * Decision 055: the legs of one game are priced together, so removing one changes the others' price in a
 * way only the book knows. Its void rule says whether it voids the ticket or reduces/reprices it.
 */
function sameGameParlayStanding(ticket: TicketTerms, shape: ShapeOf<'same_game_parlay'>): TicketStanding {
  const t = tally(ticket.legs)
  if (t.lost > 0) return settled('lost', 0)
  if (t.pending > 0) return PENDING
  if (reduced(t) === 0) return slipWin(ticket)
  if (priced(t) === 0) return stakeBack(t, ticket.amount)
  // A half-decided leg is not a void one: how the book prices it is the book's, like a reprice.
  if (t.halfWon.length + t.halfLost > 0) return needsReview(NEEDS_REVIEW.sameGameParlayReduced)
  switch (shape.voidRule) {
    case 'void':
      return settled('void', ticket.amount)
    case 'reduce':
    case 'reprice':
      return needsReview(NEEDS_REVIEW.sameGameParlayReduced)
  }
}

/** Decision 056: what a leg landing on its teased line ('push') does to the teaser. */
function tieEffect(ties: TieRule): 'lost' | 'push' | 'removed' {
  switch (ties) {
    case 'lose':
      return 'lost'
    case 'push':
      return 'push'
    case 'reduce':
      return 'removed'
  }
}

/**
 * Decision 056: legs hold the teased lines, so a 'push' leg is a tie, settled by the book's tie rule. A void
 * leg is never a loss: it is removed and the teaser reduced, whatever the tie rule (a postponed game is not a
 * tie). A reduced teaser is paid at the book's price for its remaining legs when the bettor gave it.
 */
function teaserStanding(ticket: TicketTerms, shape: ShapeOf<'teaser'>): TicketStanding {
  const t = tally(ticket.legs)
  const tie = t.push > 0 ? tieEffect(shape.ties) : null
  if (t.lost > 0 || tie === 'lost') return settled('lost', 0)
  if (t.pending > 0) return PENDING
  if (tie === 'push') return settled('push', ticket.amount)
  if (reduced(t) === 0) return slipWin(ticket)
  if (priced(t) === 0) return stakeBack(t, ticket.amount)
  // Teased lines are half points; a quarter line's half result has no teaser price the book publishes.
  if (t.halfWon.length + t.halfLost > 0) return needsReview(NEEDS_REVIEW.teaserReduced)
  const odds = shape.reducedOdds?.[t.won.length]
  if (odds === undefined) return needsReview(NEEDS_REVIEW.teaserReduced)
  return settled('won', parlayReturn(ticket.amount, priceOfOdds({ odds }), ticket.boost))
}

/**
 * Decision 058: every parlay of each size, each staked amount / count and settled as a parlay of its own legs
 * at their odds (no slip price: the slip shows one figure for them all). The ticket pays the parlays' sum;
 * it stands pending while any parlay is undecided, so one lost leg decides it when it loses every parlay.
 */
function roundRobinStanding(ticket: TicketTerms, sizes: readonly number[]): TicketStanding {
  const parlays = roundRobinParlays(ticket.legs, sizes)
  const stake = roundRobinStake(ticket.amount, parlays.length)
  let payout = 0
  let withoutOdds = false
  for (const legs of parlays) {
    const t = tally(legs)
    if (t.lost > 0) continue
    if (t.pending > 0) return PENDING
    const price = reducedPrice(t)
    if (price === null) withoutOdds = true
    // An all-push parlay's price is the empty product, 1: its stake comes back.
    else payout += parlayReturn(stake, price, ticket.boost)
  }
  if (withoutOdds) return needsReview(NEEDS_REVIEW.legWithoutOdds)
  if (payout > 0 && ticket.boost?.kind === 'price') return needsReview(NEEDS_REVIEW.roundRobinPriceBoost)
  return settled(resultOfPayout(payout, ticket.amount, ticket.legs), payout)
}

/**
 * Decision 058's result of a ticket from what it paid: `won` above the stake, `lost` below, `push` at it
 * (`void` when every leg was void). A round robin's, and a ticket's whose book gave only its payout
 * (decision 062).
 */
export function resultOfPayout(
  payout: Cents,
  amount: Cents,
  legs: readonly Pick<Leg, 'result'>[],
): TicketResult {
  if (legs.length > 0 && legs.every((leg) => leg.result === 'void')) return 'void'
  return payout > amount ? 'won' : payout < amount ? 'lost' : 'push'
}

/**
 * Decision 058: each parlay's stake, which must be a whole number of cents (the writer refuses a round robin
 * whose amount does not divide by roundRobinCount).
 */
export function roundRobinStake(amount: Cents, count: number): Cents {
  if (count < 1 || amount % count !== 0) {
    throw new BetTermsError(`A round robin of ${count} parlays cannot stake ${amount} cents evenly`)
  }
  return amount / count
}

/** Every parlay of each size in `sizes` from the legs, smallest size first, each in the legs' order. */
export function roundRobinParlays<L>(legs: readonly L[], sizes: readonly number[]): L[][] {
  return sizes.flatMap((size) => combinations(legs, size))
}

/** How many parlays roundRobinParlays makes: the sum of C(n, k) over the sizes. */
export function roundRobinCount(n: number, sizes: readonly number[]): number {
  return sizes.reduce((count, k) => count + binomial(n, k), 0)
}

function combinations<L>(items: readonly L[], size: number): L[][] {
  if (size === 0) return [[]]
  const out: L[][] = []
  items.forEach((item, i) => {
    for (const rest of combinations(items.slice(i + 1), size - 1)) out.push([item, ...rest])
  })
  return out
}

function binomial(n: number, k: number): number {
  if (!Number.isInteger(k) || k < 0 || k > n) return 0
  let c = 1
  // c stays C(n, i + 1) after each step, a whole number, so the division is exact.
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1)
  return c
}

/**
 * The To Win of a ticket whose slip gives none (decisions 054, 057 and 058). A parlay's is the product of its
 * legs' decimal odds less one (a profit boost on that profit); a round robin's the sum over its parlays; a
 * same-game parlay's or a teaser's comes only from the ticket's own odds, since its legs' prices do not
 * multiply. A price boost is in the ticket's odds, never in the legs'. Null when nothing gives a price.
 */
export function ticketPotentialWin(
  shape: TicketShape,
  legs: readonly LegPrice[],
  amount: Cents,
  boost: Boost | null,
  ticketPrice: Priced | null = null,
): Cents | null {
  const fromTicketOdds =
    ticketPrice === null ? null : parlayReturn(amount, priceOfOdds(ticketPrice), boost) - amount
  // The legs' prices are unboosted: with a price boost only the ticket's odds hold the boost.
  const legsPrice = boost?.kind === 'price' ? null : priceOf(legs)
  const fromLegs = legsPrice === null ? null : parlayReturn(amount, legsPrice, boost) - amount
  switch (shape.kind) {
    case 'single':
      return fromTicketOdds ?? fromLegs
    case 'parlay':
      // The legs' exact product before the ticket's odds, which are its rounding.
      return fromLegs ?? fromTicketOdds
    case 'same_game_parlay':
    case 'teaser':
      return fromTicketOdds
    case 'round_robin': {
      if (boost?.kind === 'price') return null
      const parlays = roundRobinParlays(legs, shape.sizes)
      const stake = roundRobinStake(amount, parlays.length)
      let toWin = 0
      for (const parlay of parlays) {
        const price = priceOf(parlay)
        if (price === null) return null
        toWin += parlayReturn(stake, price, boost) - stake
      }
      return toWin
    }
  }
}

/**
 * The American odds of a parlay of these legs, for the slip's odds field when the bettor gives only the legs:
 * the shortest price paying at least the product (oddsPayingAtLeast). Null when a leg has no odds or the
 * product is beyond decision 035's range.
 */
export function parlayOdds(legs: readonly LegPrice[]): number | null {
  const price = priceOf(legs)
  return price === null ? null : oddsPayingAtLeast(Number(price.numerator) / Number(price.denominator))
}

/** A decimal price as an exact fraction: the total return per unit staked. */
interface Price {
  numerator: bigint
  denominator: bigint
}

/** A price's decimal odds exactly: its American odds', or its exact price's (decision 072). */
function priceOfOdds(price: Priced): Price {
  const { numerator, denominator } = priceDecimalRatio(price)
  return { numerator: BigInt(numerator), denominator: BigInt(denominator) }
}

/**
 * The price of what is left of a decided ticket with no lost leg (decisions 054 and 071): the won legs'
 * decimal odds, a half-won leg's half stake at its odds beside half its stake back ((price + 1) / 2), and
 * a half-lost leg's half stake back (1 / 2); pushed and void legs are out. Null when a priced leg has no odds.
 */
function reducedPrice(t: Tally<LegPrice>): Price | null {
  const won = priceOf(t.won)
  if (won === null) return null
  let { numerator, denominator } = won
  for (const leg of t.halfWon) {
    if (leg.odds === null) return null
    const own = priceOfOdds({ odds: leg.odds, exactPrice: leg.exactPrice })
    numerator *= own.numerator + own.denominator
    denominator *= 2n * own.denominator
  }
  return { numerator, denominator: denominator * 2n ** BigInt(t.halfLost) }
}

/** The product of the legs' decimal odds, exactly; null when a leg has no odds. */
function priceOf(legs: readonly LegPrice[]): Price | null {
  let price: Price = { numerator: 1n, denominator: 1n }
  for (const leg of legs) {
    if (leg.odds === null) return null
    const own = priceOfOdds({ odds: leg.odds, exactPrice: leg.exactPrice })
    price = { numerator: price.numerator * own.numerator, denominator: price.denominator * own.denominator }
  }
  return price
}

/**
 * What a stake returns at a price, rounded to the cent once (decision 054). A profit boost multiplies the
 * profit by 1 + percent / 100 inside the same fraction (decision 057): with the percent in hundredths,
 * payout = stake + stake x (num - den) x (10000 + hundredths) / (den x 10000). A price boost adds nothing
 * here: it lives in the slip's own figures, and a price recomputed from legs is the unboosted one.
 */
function parlayReturn(stake: Cents, price: Price, boost: Boost | null): Cents {
  const scale = 10_000n + BigInt(profitBoostHundredths(boost))
  const stakeBig = BigInt(stake)
  const profit = divRoundBig(
    stakeBig * (price.numerator - price.denominator) * scale,
    price.denominator * 10_000n,
  )
  const payout = Number(stakeBig + profit)
  if (!Number.isSafeInteger(payout))
    throw new BetTermsError(`A payout of ${stakeBig + profit} cents is not a bet`)
  return payout
}

/** Decision 057: a profit boost's percent in hundredths of a percent (33.33 -> 3333); 0 without one. */
function profitBoostHundredths(boost: Boost | null): number {
  if (boost === null) return 0
  switch (boost.kind) {
    case 'profit': {
      const hundredths = Math.round(boost.percent * 100)
      if (!(hundredths >= 0) || Math.abs(hundredths - boost.percent * 100) > 1e-6) {
        throw new BetTermsError(`A profit boost of ${boost.percent}% is not a percent with two decimals`)
      }
      return hundredths
    }
    case 'price':
      return 0
  }
}

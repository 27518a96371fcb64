import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Cents } from '../../src/domain/money'
import { BetTermsError } from '../../src/domain/settlement'
import type { Boost, LegResult, TicketShape, TicketStanding } from '../../src/domain/ticket'
import {
  NEEDS_REVIEW,
  parlayOdds,
  roundRobinCount,
  roundRobinParlays,
  type TicketTerms,
  ticketPotentialWin,
  ticketStanding,
} from '../../src/domain/ticket-settlement'

type LegTerms = TicketTerms['legs'][number]

/** A leg as settlement reads it: its result (null while pending) and its odds (null when the slip hides them). */
function leg(result: LegResult | null, odds: number | null = -110): LegTerms {
  return { result, odds }
}

function ticket(
  shape: TicketShape,
  legs: LegTerms[],
  amount: Cents,
  potentialWin: Cents,
  boost: Boost | null = null,
): TicketTerms {
  return { shape, legs, amount, potentialWin, boost }
}

const settled = (result: string, payout: Cents): TicketStanding =>
  ({ status: 'settled', result, payout }) as TicketStanding
const PENDING: TicketStanding = { status: 'pending' }
const review = (reason: string): TicketStanding => ({ status: 'needs_review', reason })

const SINGLE: TicketShape = { kind: 'single' }
const PARLAY: TicketShape = { kind: 'parlay' }

describe('singles (decision 002 through a ticket of one leg)', () => {
  // $110 at -110 wins $100.
  const single = (result: LegResult | null) => ticket(SINGLE, [leg(result)], 11_000, 10_000)

  it("pays the leg's result as a single bet does", () => {
    expect(ticketStanding(single('won'))).toEqual(settled('won', 21_000))
    expect(ticketStanding(single('push'))).toEqual(settled('push', 11_000))
    expect(ticketStanding(single('void'))).toEqual(settled('void', 11_000))
    expect(ticketStanding(single('lost'))).toEqual(settled('lost', 0))
    expect(ticketStanding(single(null))).toEqual(PENDING)
  })

  it("pays the slip's To Win, boost included", () => {
    // A 50% profit boost on $110 at -110: the slip says $150 to win.
    const boosted = ticket(SINGLE, [leg('won')], 11_000, 15_000, { kind: 'profit', percent: 50 })
    expect(ticketStanding(boosted)).toEqual(settled('won', 26_000))
  })

  it('refuses a single of two legs', () => {
    expect(() => ticketStanding(ticket(SINGLE, [leg('won'), leg('won')], 100, 90))).toThrow(BetTermsError)
  })
})

describe('parlays (decision 054)', () => {
  // $10 on two -110 legs: 1.90909... x 1.90909... = 44100 / 12100 = 3.644628..., payout $36.446 -> $36.45.
  const twoLegs = (a: LegResult | null, b: LegResult | null) => ticket(PARLAY, [leg(a), leg(b)], 1_000, 2_645)
  // $10 on three -110 legs: 9261 / 1331 = 6.957926..., payout $69.58, To Win $59.58.
  const threeLegs = (results: (LegResult | null)[], boost: Boost | null = null, toWin = 5_958) =>
    ticket(
      PARLAY,
      results.map((r) => leg(r)),
      1_000,
      toWin,
      boost,
    )

  it("pays the slip's To Win when every leg wins", () => {
    expect(ticketStanding(twoLegs('won', 'won'))).toEqual(settled('won', 3_645))
    expect(ticketStanding(threeLegs(['won', 'won', 'won']))).toEqual(settled('won', 6_958))
  })

  it('loses on a lost leg at once, even while another leg is pending', () => {
    expect(ticketStanding(twoLegs('lost', null))).toEqual(settled('lost', 0))
    expect(ticketStanding(twoLegs('push', 'lost'))).toEqual(settled('lost', 0))
    expect(ticketStanding(twoLegs('won', null))).toEqual(PENDING)
    expect(ticketStanding(twoLegs('push', null))).toEqual(PENDING)
  })

  it("removes a pushed or void leg and pays the rest at their odds' product, rounded once", () => {
    // Three -110 legs, one pushed: the two others' product, $36.45 as above. Rounding after each leg would
    // give 1000 x 1.90909 = 1909.09 -> 1909, x 1.90909 = 3644.45 -> 3644: a cent short.
    expect(ticketStanding(threeLegs(['won', 'push', 'won']))).toEqual(settled('won', 3_645))
    expect(ticketStanding(threeLegs(['void', 'won', 'won']))).toEqual(settled('won', 3_645))
    // Two removed: a single at -110, $10 wins $9.09 (909.09 -> 909).
    expect(ticketStanding(threeLegs(['void', 'won', 'push']))).toEqual(settled('won', 1_909))
    // +150 and +250 left: 2.5 x 3.5 = 8.75, $87.50.
    const mixed = ticket(PARLAY, [leg('won', 150), leg('push', -200), leg('won', 250)], 1_000, 12_125)
    expect(ticketStanding(mixed)).toEqual(settled('won', 8_750))
  })

  it('refuses a payout beyond a safe number of cents', () => {
    // $1,000,000 on 15 legs at +100000: 1001^15 times the stake is no bet.
    const legs = Array.from({ length: 15 }, (_, i) => leg(i === 0 ? 'push' : 'won', 100_000))
    expect(() => ticketStanding(ticket(PARLAY, legs, 100_000_000, 0))).toThrow(BetTermsError)
  })

  it('gives the stake back when no leg is left: push, or void when every leg was void', () => {
    expect(ticketStanding(twoLegs('push', 'push'))).toEqual(settled('push', 1_000))
    expect(ticketStanding(twoLegs('push', 'void'))).toEqual(settled('push', 1_000))
    expect(ticketStanding(twoLegs('void', 'void'))).toEqual(settled('void', 1_000))
  })

  it('needs review when a remaining leg has no odds, never when the removed one has none', () => {
    const hidden = ticket(PARLAY, [leg('push'), leg('won', null), leg('won')], 1_000, 5_958)
    expect(ticketStanding(hidden)).toEqual(review(NEEDS_REVIEW.legWithoutOdds))
    // The pushed leg's odds do not matter: the rest are priced (one -110 leg: $19.09).
    const pushedHidden = ticket(PARLAY, [leg('push', null), leg('won')], 1_000, 2_645)
    expect(ticketStanding(pushedHidden)).toEqual(settled('won', 1_909))
    // Every leg won: the slip pays, hidden odds or not.
    expect(ticketStanding(ticket(PARLAY, [leg('won', null), leg('won')], 1_000, 2_645))).toEqual(
      settled('won', 3_645),
    )
  })

  it('applies a profit boost to the reduced profit, rounded once (decision 057)', () => {
    // 50% on two -110 legs left: profit 1000 x 32000 / 12100 = 2644.628..., x 1.5 = 3966.94 -> $39.67.
    // Rounding the profit first (2645 x 1.5 = 3967.5 -> 3968) would pay a cent more.
    const boost: Boost = { kind: 'profit', percent: 50 }
    expect(ticketStanding(threeLegs(['won', 'void', 'won'], boost, 8_937))).toEqual(settled('won', 4_967))
    // Every leg won: the slip's boosted To Win (5957.93 x 1.5 = 8936.89 -> $89.37).
    expect(ticketStanding(threeLegs(['won', 'won', 'won'], boost, 8_937))).toEqual(settled('won', 9_937))
  })

  it('pays a reduced price-boosted parlay at the unboosted odds of its remaining legs (decision 057)', () => {
    // Three +100 legs boosted from +700 to +800: $10 wins $80 when all win; one void leaves 2 x 2 = 4, $40.
    const boost: Boost = { kind: 'price', unboostedOdds: 700 }
    const legs = (r: LegResult) => [leg('won', 100), leg(r, 100), leg('won', 100)]
    expect(ticketStanding(ticket(PARLAY, legs('won'), 1_000, 8_000, boost))).toEqual(settled('won', 9_000))
    expect(ticketStanding(ticket(PARLAY, legs('void'), 1_000, 8_000, boost))).toEqual(settled('won', 4_000))
  })
})

describe('same-game parlays (decision 055)', () => {
  const sgp = (voidRule: 'void' | 'reduce' | 'reprice', results: (LegResult | null)[]) =>
    ticket(
      { kind: 'same_game_parlay', voidRule },
      results.map((r) => leg(r, null)),
      1_000,
      5_000,
    )

  it("loses on a lost leg, pays the slip's To Win when all win, waits while a leg is pending", () => {
    expect(ticketStanding(sgp('reduce', ['lost', null, 'won']))).toEqual(settled('lost', 0))
    expect(ticketStanding(sgp('void', ['push', 'lost']))).toEqual(settled('lost', 0))
    expect(ticketStanding(sgp('reprice', ['won', 'won', 'won']))).toEqual(settled('won', 6_000))
    expect(ticketStanding(sgp('void', ['won', null]))).toEqual(PENDING)
  })

  it('voids the ticket on a pushed or void leg under the void rule', () => {
    expect(ticketStanding(sgp('void', ['won', 'push', 'won']))).toEqual(settled('void', 1_000))
    expect(ticketStanding(sgp('void', ['void', 'won']))).toEqual(settled('void', 1_000))
  })

  it('needs review when the book reduces or reprices', () => {
    expect(ticketStanding(sgp('reduce', ['won', 'push', 'won']))).toEqual(
      review(NEEDS_REVIEW.sameGameParlayReduced),
    )
    expect(ticketStanding(sgp('reprice', ['void', 'won']))).toEqual(
      review(NEEDS_REVIEW.sameGameParlayReduced),
    )
  })

  it('gives the stake back when no leg is left, whatever the rule', () => {
    expect(ticketStanding(sgp('reduce', ['push', 'void']))).toEqual(settled('push', 1_000))
    expect(ticketStanding(sgp('reprice', ['void', 'void']))).toEqual(settled('void', 1_000))
  })
})

describe('teasers (decision 056)', () => {
  // A 6-point teaser: two legs at -120, three at +160. $12 at -120 wins $10; $10 at +160 wins $16.
  const teaser = (
    ties: 'lose' | 'push' | 'reduce',
    results: (LegResult | null)[],
    reducedOdds: Record<number, number> | null = null,
  ) =>
    ticket(
      { kind: 'teaser', teaserPoints: 6, ties, reducedOdds },
      results.map((r) => leg(r)),
      results.length === 2 ? 1_200 : 1_000,
      results.length === 2 ? 1_000 : 1_600,
    )

  it("pays the slip's To Win when every leg wins, and loses on a lost leg", () => {
    expect(ticketStanding(teaser('push', ['won', 'won']))).toEqual(settled('won', 2_200))
    expect(ticketStanding(teaser('push', ['won', 'lost', null]))).toEqual(settled('lost', 0))
    expect(ticketStanding(teaser('reduce', ['push', 'lost', 'won']))).toEqual(settled('lost', 0))
  })

  it('ties lose: a leg on the teased line loses the teaser, even while others are pending', () => {
    expect(ticketStanding(teaser('lose', ['push', 'won']))).toEqual(settled('lost', 0))
    expect(ticketStanding(teaser('lose', ['push', null]))).toEqual(settled('lost', 0))
  })

  it('ties push: the stake comes back once the other legs have won', () => {
    expect(ticketStanding(teaser('push', ['push', 'won', 'won']))).toEqual(settled('push', 1_000))
    expect(ticketStanding(teaser('push', ['push', null, 'won']))).toEqual(PENDING)
  })

  it("ties reduce: paid at the book's price for the remaining legs, else needs review", () => {
    // Three legs, one tie: the two-leg price -120 on $10 wins $8.33 (833.33 -> 833).
    expect(ticketStanding(teaser('reduce', ['won', 'push', 'won'], { 2: -120 }))).toEqual(
      settled('won', 1_833),
    )
    expect(ticketStanding(teaser('reduce', ['won', 'push', 'won']))).toEqual(
      review(NEEDS_REVIEW.teaserReduced),
    )
    expect(ticketStanding(teaser('reduce', ['won', 'push', 'won'], { 3: 160 }))).toEqual(
      review(NEEDS_REVIEW.teaserReduced),
    )
  })

  it('a void leg is never a loss: it reduces the teaser whatever the tie rule', () => {
    expect(ticketStanding(teaser('lose', ['won', 'void', 'won'], { 2: -120 }))).toEqual(settled('won', 1_833))
    expect(ticketStanding(teaser('lose', ['won', 'void', 'won']))).toEqual(review(NEEDS_REVIEW.teaserReduced))
    // Ties push and a void leg beside a tie: the tie pushes the whole teaser.
    expect(ticketStanding(teaser('push', ['push', 'void', 'won']))).toEqual(settled('push', 1_000))
  })

  it('gives the stake back when no leg is left', () => {
    expect(ticketStanding(teaser('reduce', ['push', 'push']))).toEqual(settled('push', 1_200))
    expect(ticketStanding(teaser('lose', ['void', 'void']))).toEqual(settled('void', 1_200))
  })
})

describe('round robins (decision 058)', () => {
  const byTwos: TicketShape = { kind: 'round_robin', sizes: [2] }
  // Three +100 legs by 2s: 3 parlays of $1 each; a winning parlay pays 1 x 2 x 2 = $4.
  const rr = (results: (LegResult | null)[], odds: (number | null)[] = [100, 100, 100]) =>
    ticket(
      byTwos,
      results.map((r, i) => leg(r, odds[i] ?? null)),
      300,
      900,
    )

  it('makes every parlay of each size, smallest first, in the legs order', () => {
    expect(roundRobinParlays(['a', 'b', 'c', 'd'], [2, 3])).toEqual([
      ['a', 'b'],
      ['a', 'c'],
      ['a', 'd'],
      ['b', 'c'],
      ['b', 'd'],
      ['c', 'd'],
      ['a', 'b', 'c'],
      ['a', 'b', 'd'],
      ['a', 'c', 'd'],
      ['b', 'c', 'd'],
    ])
    expect(roundRobinCount(4, [2, 3])).toBe(10)
    // 15 legs by every size from 2 to 14: 2^15 less the empty set, 15 singles and the full parlay.
    expect(roundRobinCount(15, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])).toBe(32_751)
  })

  it('counts what it makes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 4 }),
        (n, sizes) => {
          const legs = Array.from({ length: n }, (_, i) => i)
          expect(roundRobinParlays(legs, sizes)).toHaveLength(roundRobinCount(n, sizes))
        },
      ),
    )
  })

  it('pays the sum of its parlays', () => {
    expect(ticketStanding(rr(['won', 'won', 'won']))).toEqual(settled('won', 1_200))
    // One leg lost: only the other two's parlay pays, $4 on $3.
    expect(ticketStanding(rr(['won', 'lost', 'won']))).toEqual(settled('won', 400))
    expect(ticketStanding(rr(['lost', 'lost', 'won']))).toEqual(settled('lost', 0))
    // One push: its two parlays pay $2 each (the other leg alone), the third $4: $8.
    expect(ticketStanding(rr(['push', 'won', 'won']))).toEqual(settled('won', 800))
    // A push, a loss and a +200 winner: only {push, +200} pays, $1 x 3 = $3, the whole stake.
    expect(ticketStanding(rr(['push', 'lost', 'won'], [100, 100, 200]))).toEqual(settled('push', 300))
  })

  it('rounds each parlay to the cent once', () => {
    // Three -110 legs by 2s and 3s: 4 parlays of $1. A 2-leg one pays 100 x 3.644628 = 364.46 -> 364,
    // the 3-leg one 100 x 6.957926 = 695.79 -> 696: 3 x 364 + 696 = $17.88.
    const legs = [leg('won'), leg('won'), leg('won')]
    const shape: TicketShape = { kind: 'round_robin', sizes: [2, 3] }
    expect(ticketStanding(ticket(shape, legs, 400, 1_388))).toEqual(settled('won', 1_788))
    expect(ticketPotentialWin(shape, legs, 400, null)).toBe(1_388)
  })

  it('stands pending while a parlay is undecided, and is lost once every parlay has a lost leg', () => {
    expect(ticketStanding(rr(['lost', 'won', null]))).toEqual(PENDING)
    expect(ticketStanding(rr(['lost', 'lost', null]))).toEqual(settled('lost', 0))
  })

  it('gives the stake back when every leg pushes or is void', () => {
    expect(ticketStanding(rr(['push', 'void', 'push']))).toEqual(settled('push', 300))
    expect(ticketStanding(rr(['void', 'void', 'void']))).toEqual(settled('void', 300))
  })

  it('needs review without the odds of a leg a paying parlay holds', () => {
    expect(ticketStanding(rr(['won', 'won', 'won'], [100, null, 100]))).toEqual(
      review(NEEDS_REVIEW.legWithoutOdds),
    )
    // The leg without odds lost: every parlay holding it is lost, the rest are priced.
    expect(ticketStanding(rr(['won', 'lost', 'won'], [100, null, 100]))).toEqual(settled('won', 400))
  })

  it('refuses a stake that does not split evenly into its parlays', () => {
    expect(() => ticketStanding(ticket(byTwos, [leg('won'), leg('won'), leg('won')], 100, 0))).toThrow(
      BetTermsError,
    )
  })

  it("boosts each parlay's profit; a boosted price needs review (decision 057)", () => {
    // 50% on each $1 parlay's $3 profit: $4.50 profit, $5.50 back, three times: $16.50.
    const legs = [leg('won', 100), leg('won', 100), leg('won', 100)]
    const profit: Boost = { kind: 'profit', percent: 50 }
    expect(ticketStanding(ticket(byTwos, legs, 300, 1_350, profit))).toEqual(settled('won', 1_650))
    expect(ticketPotentialWin(byTwos, legs, 300, profit)).toBe(1_350)
    const price: Boost = { kind: 'price', unboostedOdds: 300 }
    expect(ticketStanding(ticket(byTwos, legs, 300, 1_000, price))).toEqual(
      review(NEEDS_REVIEW.roundRobinPriceBoost),
    )
    // Every parlay lost: nothing to pay, boosted or not.
    const lost = [leg('lost', 100), leg('lost', 100), leg('won', 100)]
    expect(ticketStanding(ticket(byTwos, lost, 300, 1_000, price))).toEqual(settled('lost', 0))
  })
})

describe('ticketPotentialWin and parlayOdds (decisions 054, 057 and 058)', () => {
  const minus110 = [{ odds: -110 }, { odds: -110 }]

  it("gives a parlay's To Win from its legs' product, rounded once", () => {
    // 1000 x (3.644628 - 1) = 2644.63 -> $26.45.
    expect(ticketPotentialWin(PARLAY, minus110, 1_000, null)).toBe(2_645)
    // The legs' exact product comes before the ticket's rounded odds.
    expect(ticketPotentialWin(PARLAY, minus110, 1_000, null, { odds: 265 })).toBe(2_645)
    // A leg without odds: the ticket's odds (+264 on $10 wins $26.40), else nothing.
    expect(ticketPotentialWin(PARLAY, [{ odds: -110 }, { odds: null }], 1_000, null, { odds: 264 })).toBe(
      2_640,
    )
    expect(ticketPotentialWin(PARLAY, [{ odds: -110 }, { odds: null }], 1_000, null)).toBeNull()
  })

  it('boosts the profit, rounded once; a price boost is only in the ticket odds', () => {
    // 25% on three -110 legs: 1000 x 7930 / 1331 x 1.25 = 7447.41 -> $74.47.
    const three = [...minus110, { odds: -110 }]
    expect(ticketPotentialWin(PARLAY, three, 1_000, { kind: 'profit', percent: 25 })).toBe(7_447)
    const price: Boost = { kind: 'price', unboostedOdds: 596 }
    expect(ticketPotentialWin(PARLAY, three, 1_000, price, { odds: 650 })).toBe(6_500)
    expect(ticketPotentialWin(PARLAY, three, 1_000, price)).toBeNull()
    expect(() => ticketPotentialWin(PARLAY, three, 1_000, { kind: 'profit', percent: 33.333 })).toThrow(
      BetTermsError,
    )
  })

  it("gives a single's from the ticket's odds, else its leg's", () => {
    expect(ticketPotentialWin(SINGLE, [{ odds: -110 }], 11_000, null)).toBe(10_000)
    expect(ticketPotentialWin(SINGLE, [{ odds: null }], 11_000, null, { odds: -110 })).toBe(10_000)
    expect(
      ticketPotentialWin(SINGLE, [{ odds: null }], 11_000, { kind: 'profit', percent: 50 }, { odds: -110 }),
    ).toBe(15_000)
  })

  it("gives a same-game parlay's or a teaser's only from the ticket's odds", () => {
    const sgp: TicketShape = { kind: 'same_game_parlay', voidRule: 'reduce' }
    const teaser: TicketShape = { kind: 'teaser', teaserPoints: 6, ties: 'push', reducedOdds: null }
    expect(ticketPotentialWin(sgp, minus110, 1_000, null, { odds: 300 })).toBe(3_000)
    expect(ticketPotentialWin(sgp, minus110, 1_000, null)).toBeNull()
    expect(ticketPotentialWin(teaser, minus110, 1_200, null, { odds: -120 })).toBe(1_000)
    expect(ticketPotentialWin(teaser, minus110, 1_200, null)).toBeNull()
  })

  it("prices a parlay's American odds as the shortest paying at least the product", () => {
    // 3.644628 -> +264.46, so +265 (+264 would pay less than the legs do).
    expect(parlayOdds(minus110)).toBe(265)
    expect(parlayOdds([{ odds: 100 }, { odds: 100 }])).toBe(300)
    expect(parlayOdds([{ odds: 100 }, { odds: null }])).toBeNull()
    // 11 legs at +300: 4^11 = 4194304, beyond the odds range.
    expect(parlayOdds(Array.from({ length: 11 }, () => ({ odds: 300 })))).toBeNull()
  })
})

describe('ticket settlement: properties', () => {
  const RESULTS: (LegResult | null)[] = ['won', 'lost', 'push', 'void', null]
  // A 6-point teaser's prices by leg count: more legs always pay more.
  const TEASER_ODDS: Record<number, number> = { 2: -120, 3: 160, 4: 250, 5: 400, 6: 600 }
  const arbLegOdds = fc.oneof(fc.integer({ min: -400, max: -100 }), fc.integer({ min: 100, max: 400 }))
  const arbBoost: fc.Arbitrary<Boost | null> = fc.oneof(
    fc.constant(null),
    fc.constantFrom(10, 25, 33.33, 50, 100).map((percent): Boost => ({ kind: 'profit', percent })),
    fc.constant<Boost>({ kind: 'price', unboostedOdds: 100 }),
  )

  const arbShape = (n: number): fc.Arbitrary<TicketShape> =>
    n === 1
      ? fc.constant(SINGLE)
      : fc.oneof(
          fc.constant(PARLAY),
          fc
            .constantFrom('void' as const, 'reduce' as const, 'reprice' as const)
            .map((voidRule): TicketShape => ({ kind: 'same_game_parlay', voidRule })),
          fc.tuple(fc.constantFrom('lose' as const, 'push' as const, 'reduce' as const), fc.boolean()).map(
            ([ties, known]): TicketShape => ({
              kind: 'teaser',
              teaserPoints: 6,
              ties,
              reducedOdds: known ? TEASER_ODDS : null,
            }),
          ),
          ...(n >= 3
            ? [
                fc
                  .uniqueArray(fc.integer({ min: 2, max: n - 1 }), { minLength: 1 })
                  .map((sizes): TicketShape => ({ kind: 'round_robin', sizes })),
              ]
            : []),
        )

  /**
   * A ticket as a book writes it: the slip's To Win agrees with its legs' true prices (the slip may hide some
   * of them), a teaser's with the teaser table, a same-game parlay's with its own price; a price boost adds
   * to what the slip pays.
   */
  const arbTicket: fc.Arbitrary<TicketTerms> = fc
    .integer({ min: 1, max: 6 })
    .chain((n) =>
      fc.record({
        shape: arbShape(n),
        trueOdds: fc.array(arbLegOdds, { minLength: n, maxLength: n }),
        shown: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
        results: fc.array(fc.constantFrom(...RESULTS), { minLength: n, maxLength: n }),
        stake: fc.integer({ min: 1, max: 100_000 }),
        boost: arbBoost,
        sgpOdds: fc.integer({ min: 100, max: 5_000 }),
        extra: fc.integer({ min: 0, max: 5_000 }),
      }),
    )
    .map(({ shape, trueOdds, shown, results, stake, boost, sgpOdds, extra }) => {
      const n = trueOdds.length
      const trueLegs = trueOdds.map((odds) => ({ odds }))
      const count = shape.kind === 'round_robin' ? roundRobinCount(n, shape.sizes) : 1
      const amount = stake * count
      const ticketOdds =
        shape.kind === 'teaser'
          ? (TEASER_ODDS[n] ?? null)
          : shape.kind === 'same_game_parlay'
            ? sgpOdds
            : null
      const unboosted = boost?.kind === 'price' ? null : boost
      const toWin =
        ticketPotentialWin(
          shape,
          trueLegs,
          amount,
          unboosted,
          ticketOdds === null ? null : { odds: ticketOdds },
        ) ?? 0
      return {
        shape,
        legs: trueOdds.map((odds, i) => ({
          odds: shown[i] || shape.kind === 'single' ? odds : null,
          result: results[i] ?? null,
        })),
        amount,
        potentialWin: toWin + (boost?.kind === 'price' ? extra : 0),
        boost,
      }
    })

  const withLeg = (t: TicketTerms, i: number, result: LegResult | null): TicketTerms => ({
    ...t,
    legs: t.legs.map((l, j) => (j === i ? { ...l, result } : l)),
  })

  it('never pays less than nothing, nor more back than a settled ticket could', () => {
    fc.assert(
      fc.property(arbTicket, (t) => {
        const standing = ticketStanding(t)
        if (standing.status !== 'settled') return
        expect(standing.payout).toBeGreaterThanOrEqual(0)
        expect(Number.isSafeInteger(standing.payout)).toBe(true)
        // The stake back means push or void, nothing back a loss (a round robin can lose with some back).
        if (standing.result === 'push' || standing.result === 'void') expect(standing.payout).toBe(t.amount)
        if (standing.result === 'won') expect(standing.payout).toBeGreaterThanOrEqual(t.amount)
        if (standing.result === 'lost') expect(standing.payout).toBeLessThan(t.amount)
      }),
      { numRuns: 2_000 },
    )
  })

  it('pays the stake and the To Win when every leg wins', () => {
    fc.assert(
      fc.property(arbTicket, (t) => {
        const allWon = { ...t, legs: t.legs.map((l) => ({ ...l, result: 'won' as const })) }
        const standing = ticketStanding(allWon)
        if (
          t.shape.kind === 'round_robin' &&
          (t.boost?.kind === 'price' || t.legs.some((l) => l.odds === null))
        ) {
          expect(standing.status).toBe('needs_review')
        } else {
          expect(standing).toEqual({ status: 'settled', result: 'won', payout: t.amount + t.potentialWin })
        }
      }),
      { numRuns: 1_000 },
    )
  })

  it('turning a won leg into a push or a void never raises the payout', () => {
    fc.assert(
      fc.property(arbTicket, fc.nat(), fc.constantFrom('push' as const, 'void' as const), (t, pick, to) => {
        const won = t.legs.flatMap((l, i) => (l.result === 'won' ? [i] : []))
        const i = won[pick % Math.max(won.length, 1)]
        if (i === undefined) return
        const before = ticketStanding(t)
        const after = ticketStanding(withLeg(t, i, to))
        if (before.status === 'settled' && after.status === 'settled') {
          expect(after.payout).toBeLessThanOrEqual(before.payout)
        }
        // A decided ticket stays decided: removing a leg never makes it pending again.
        if (before.status !== 'pending') expect(after.status).not.toBe('pending')
      }),
      { numRuns: 2_000 },
    )
  })

  it('only a lost leg, or a tie a teaser loses on, loses a ticket: a void or pushed leg never does', () => {
    fc.assert(
      fc.property(arbTicket, (t) => {
        const tieLoses = t.shape.kind === 'teaser' && t.shape.ties === 'lose'
        const losing = t.legs.some((l) => l.result === 'lost' || (tieLoses && l.result === 'push'))
        const standing = ticketStanding(t)
        if (!losing) expect(standing).not.toMatchObject({ status: 'settled', result: 'lost' })
        if (losing && t.shape.kind !== 'round_robin')
          expect(standing).toEqual({ status: 'settled', result: 'lost', payout: 0 })
      }),
      { numRuns: 2_000 },
    )
  })

  it('a void leg never changes a lost ticket', () => {
    fc.assert(
      fc.property(arbTicket, fc.nat(), (t, pick) => {
        const before = ticketStanding(t)
        if (before.status !== 'settled' || before.result !== 'lost') return
        // Void a leg that did not lose it: a won or pending leg, or a tie that the teaser does not lose on.
        const tieLoses = t.shape.kind === 'teaser' && t.shape.ties === 'lose'
        const candidates = t.legs.flatMap((l, i) =>
          l.result === 'won' || l.result === null || (l.result === 'push' && !tieLoses) ? [i] : [],
        )
        const i = candidates[pick % Math.max(candidates.length, 1)]
        if (i === undefined) return
        const after = ticketStanding(withLeg(t, i, 'void'))
        expect(after).toMatchObject({ status: 'settled', result: 'lost' })
        if (after.status === 'settled') expect(after.payout).toBeLessThanOrEqual(before.payout)
      }),
      { numRuns: 2_000 },
    )
  })
})

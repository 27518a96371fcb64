import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { potentialWin } from '../../src/domain/odds'
import { hedgeRule } from '../../src/domain/suggestions'
import { floorStake } from '../../src/domain/suggestions/stake'
import { floorOf, userGrid } from '../../src/domain/suggestions/user-grid'
import { arbBet, moneyline } from '../support/bets'
import {
  cellCents,
  context,
  gridFloor,
  handDistribution,
  LAKERS_CELTICS,
  lines,
} from '../support/suggestions'

const NBA = { min: 60, max: 170 }
const evenGame = handDistribution(NBA, [
  [110, 100, 1],
  [100, 110, 1],
])
const longShot = moneyline('Boston Celtics', 10_000, 1200)
const homeMl = { betType: 'moneyline' as const, selection: 'Los Angeles Lakers ML', odds: -140 }

describe('the equalising stake', () => {
  const ctx = context({
    matchup: LAKERS_CELTICS,
    distribution: evenGame,
    bets: [longShot],
    lines: lines({ homeMoneyline: -140, awayMoneyline: 120 }),
  })
  const grid = userGrid(ctx, ctx.bets)

  it('of $100 at +1200 hedged at -140 is $758.33, which leaves $441.66 whatever happens', () => {
    // By hand: x = (1200 + 100) / (1 + 100/140) = 758.333...; Celtics win: 1200 - 758.33 = 441.67;
    // Lakers win: -100 + 758.33 x 100/140 = -100 + 541.66 = 441.66.
    expect(floorStake(grid, LAKERS_CELTICS, homeMl)).toEqual({
      stake: 75_833,
      floor: 44_166,
      floorBefore: -10_000,
      // $140 at -140 wins exactly the $100 lost, so $140.01 is the least that makes every score a profit.
      lockFrom: 14_001,
    })
    expect(120_000 - 75_833).toBe(44_167)
    expect(-10_000 + potentialWin(75_833, -140)).toBe(44_166)
  })

  it('beats the $758.46 of decimal odds rounded to 1.714, which locks only $441.54', () => {
    // 1300 / 1.714 = 758.46: the Celtics then leave 441.54, the Lakers 441.76; the exact stake is 12 cents better.
    expect(120_000 - 75_846).toBe(44_154)
    expect(-10_000 + potentialWin(75_846, -140)).toBe(44_176)
  })

  it('is no hedge on a side that cannot lift the floor', () => {
    const awayMl = { betType: 'moneyline' as const, selection: 'Boston Celtics ML', odds: 120 }
    expect(floorStake(grid, LAKERS_CELTICS, awayMl)).toBeNull()
  })
})

describe('the hedge rule', () => {
  it("suggests the spec's 30% of exposure and shows the equalising stake and the lock beside it", () => {
    const ctx = context({
      matchup: LAKERS_CELTICS,
      distribution: evenGame,
      bets: [longShot],
      lines: lines({ homeMoneyline: -140, awayMoneyline: 120, linesAgeSeconds: 45 }),
    })
    const [hedge, ...rest] = hedgeRule(ctx).suggestions
    expect(rest).toEqual([])
    expect(hedge).toMatchObject({
      type: 'hedge',
      selection: 'Los Angeles Lakers ML',
      suggestedOdds: -140,
      suggestedAmount: 3_000,
      potentialProfit: 2_143,
      sensibleAmount: 75_833,
      floorAtSensibleAmount: 44_166,
      riskLevel: 'low',
      confidence: 5,
      linesAge: 45,
      title: 'Hedge to lock +$441.66',
    })
    expect(hedge?.description).toContain('The equalising stake is $758.33')
    // After $30 at -140: a Lakers win costs 100 - 21.43; a Celtics win pays 1200 - 30.
    expect(cellCents(hedge?.gridAfter ?? { outcomes: [] }, 110, 100)).toBe(-7_857)
    expect(cellCents(hedge?.gridAfter ?? { outcomes: [] }, 100, 110)).toBe(117_000)
    // Expected value of the $30 alone: half the time +21.43, half the time -30.
    expect(hedge?.expectedValue).toBe(Math.round(0.5 * 2_143 - 0.5 * 3_000))
    expect(hedge?.profitProbability).toBeCloseTo(0.5, 12)
  })

  it('never over-hedges: a $100 favourite at -1000 takes $13.75, not 30% of the exposure', () => {
    const ctx = context({
      matchup: LAKERS_CELTICS,
      distribution: evenGame,
      bets: [moneyline('Los Angeles Lakers', 10_000, -1000)],
      lines: lines({ homeMoneyline: -2000, awayMoneyline: 700 }),
    })
    const [hedge] = hedgeRule(ctx).suggestions
    // x = (10 + 100) / (1 + 7) = 13.75: a Lakers win leaves 10 - 13.75, a Celtics win -100 + 96.25.
    expect(hedge).toMatchObject({
      selection: 'Boston Celtics ML',
      suggestedAmount: 1_375,
      sensibleAmount: 1_375,
      floorAtSensibleAmount: -375,
    })
    expect(hedge?.title).toBe('Hedge to cap your loss at $3.75')
  })

  it('suggests no pregame hedge that only locks a loss, and none without bets', () => {
    const pregame = context({
      matchup: LAKERS_CELTICS,
      distribution: evenGame,
      status: 'scheduled',
      score: null,
      bets: [moneyline('Los Angeles Lakers', 11_000, -110)],
      lines: lines({ homeMoneyline: -110, awayMoneyline: -110 }),
    })
    expect(hedgeRule(pregame).suggestions).toEqual([])
    expect(hedgeRule({ ...pregame, bets: [] })).toEqual({ suggestions: [], notes: [] })
  })

  it('prices a hedge on a price older than the limit by the model, not at the old price (decision 029)', () => {
    const ctx = context({
      matchup: LAKERS_CELTICS,
      distribution: evenGame,
      bets: [longShot],
      lines: lines({ homeMoneyline: -140, linesAgeSeconds: 601 }),
    })
    const [hedge, ...rest] = hedgeRule(ctx).suggestions
    expect(rest).toEqual([])
    // The Lakers win half the time: fair -100, and it breaks even at 1 + 0.5 / 0.5 = 2.00, even money.
    expect(hedge).toMatchObject({
      selection: 'Los Angeles Lakers ML',
      priceSource: 'model',
      suggestedOdds: -100,
      fairOdds: -100,
      linesAge: 601,
      // A lock is 5; a price one doubling past the limit allows 4.
      confidence: 4,
    })
    expect(hedge?.description).toContain(
      "on Los Angeles Lakers ML at its break-even price, -100 or better (the model's fair price -100).",
    )
    expect(hedge?.reasoning).toContain("No book price to use: the feed's price is 601 s old (limit 600 s).")
  })
})

describe('hedge properties', () => {
  const HOCKEY = { homeTeam: 'Boston Bruins', awayTeam: 'New York Rangers', league: 'NHL' }
  const small = handDistribution({ min: 0, max: 12 }, [
    [3, 1, 2],
    [1, 3, 2],
    [2, 2, 1],
    [5, 4, 1],
    [0, 1, 1],
  ])
  const arbPrice = fc.oneof(fc.integer({ min: -400, max: -100 }), fc.integer({ min: 100, max: 900 }))

  it('never leaves a worse floor than before, and never stakes more than the equalising stake', () => {
    fc.assert(
      fc.property(
        fc.array(
          arbBet(HOCKEY).filter((b) => b.amount <= 1_000_000),
          { minLength: 1, maxLength: 4 },
        ),
        fc.tuple(arbPrice, arbPrice, arbPrice, arbPrice),
        fc.integer({ min: -3, max: 3 }).map((n) => n + 0.5),
        fc.integer({ min: 2, max: 8 }).map((n) => n + 0.5),
        (bets, [home, away, over, under], spread, total) => {
          const ctx = context({
            matchup: HOCKEY,
            distribution: small,
            bets,
            lines: lines({
              homeMoneyline: home,
              awayMoneyline: away,
              homeSpread: spread,
              total,
              overOdds: over,
              underOdds: under,
            }),
          })
          const before = floorOf(userGrid(ctx, bets))
          for (const hedge of hedgeRule(ctx).suggestions) {
            expect(gridFloor(hedge.gridAfter)).toBeGreaterThanOrEqual(before)
            expect(hedge.suggestedAmount).toBeLessThanOrEqual(hedge.sensibleAmount)
            expect(hedge.floorAtSensibleAmount ?? before).toBeGreaterThan(before)
          }
        },
      ),
      { numRuns: 150 },
    )
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decimalOdds, fairOdds, oddsPayingAtLeast } from '../../src/domain/odds'
import { suggestionsFor } from '../../src/domain/suggestions'
import { confidenceCap, modelPrice } from '../../src/domain/suggestions/pricing'
import { arbBet, moneyline, spread } from '../support/bets'
import { at, CHIEFS_BILLS, context, handDistribution, lines } from '../support/suggestions'

const NFL = { min: 0, max: 70 }
const PATRIOTS_JETS = { homeTeam: 'New England Patriots', awayTeam: 'New York Jets', league: 'NFL' }

describe('fair and break-even odds (odds.ts)', () => {
  it('turn a chance into American odds, without vig', () => {
    expect(fairOdds(0.25)).toBe(300)
    expect(fairOdds(0.75)).toBe(-300)
    expect(fairOdds(0.5)).toBe(-100)
    expect(fairOdds(1)).toBeNull()
    expect(fairOdds(0)).toBeNull()
    // +99,900 would be a 0.1% chance; less than that is no valid price.
    expect(fairOdds(0.0009)).toBeNull()
  })

  it("round a break-even price in the bettor's favour, so it pays at least the return asked", () => {
    expect(oddsPayingAtLeast(1.084)).toBe(-1190)
    expect(oddsPayingAtLeast(2.06)).toBe(106)
    expect(oddsPayingAtLeast(1)).toBeNull()
    fc.assert(
      fc.property(fc.double({ min: 1.001, max: 900, noNaN: true }), (decimal) => {
        const odds = oddsPayingAtLeast(decimal)
        if (odds !== null) expect(decimalOdds(odds)).toBeGreaterThanOrEqual(decimal - 1e-9)
      }),
    )
  })
})

describe('a live game priced on its pregame line (decision 029)', () => {
  // 10-30 in the 3rd: the Patriots come back about once in ten; the book's +210 was the pregame price.
  const dist = handDistribution(NFL, [
    [31, 30, 1],
    [17, 33, 5],
    [20, 37, 4],
  ])
  const ctx = context({
    matchup: PATRIOTS_JETS,
    distribution: dist,
    status: 'in_progress',
    score: [10, 30],
    bets: [moneyline('New England Patriots', 3_000, 210)],
    lines: lines({
      homeMoneyline: 210,
      awayMoneyline: -250,
      homeSpread: 6.5,
      linesAgeSeconds: 300,
      pregame: true,
    }),
  })
  const result = suggestionsFor(ctx)

  it('offers no bet at the pregame price: every side is priced by the model', () => {
    expect(result.suggestions.length).toBeGreaterThan(0)
    for (const s of result.suggestions) {
      expect(s.priceSource).toBe('model')
      expect(s.suggestedOdds).not.toBe(210)
      expect(s.suggestedOdds).not.toBe(-250)
    }
  })

  it("shows the model's fair price and the break-even price, in those words (decision 029)", () => {
    const jets = result.suggestions.find((s) => s.selection === 'New York Jets ML' && s.type !== 'insight')
    // The Jets win 90%: fair -900, and the bet breaks even at 1 + 0.1 / 0.9 = 1.111, -900.
    expect(jets).toMatchObject({ priceSource: 'model', fairOdds: -900, suggestedOdds: -900 })
    expect(jets?.description).toContain(
      "at its break-even price, -900 or better (the model's fair price -900)",
    )
    expect(jets?.reasoning).toContain(
      "the bet's break-even price is -900: take it only at that price or better",
    )
    expect(jets?.reasoning).toContain(
      "No book price to use: the feed's price is the pregame line and the game is under way.",
    )
    expect(result.notes).toContainEqual({
      rule: 'value',
      reason: "No value read: the feed's price is the pregame line and the game is under way.",
    })
  })

  it('uses the same price before the start, where the pregame line is the market', () => {
    const pregame = suggestionsFor({ ...ctx, game: { ...ctx.game, status: 'scheduled' } })
    expect(pregame.suggestions.every((s) => s.priceSource === 'feed')).toBe(true)
  })
})

describe('suggestions at their shown price (decision 029)', () => {
  // Chiefs -3.5 held; the over 44.5 only comes in on a Chiefs blowout, a quarter of the time.
  const ctx = context({
    matchup: CHIEFS_BILLS,
    distribution: handDistribution(NFL, [
      [30, 20, 1],
      [21, 17, 1],
      [17, 20, 2],
    ]),
    score: [14, 14],
    bets: [spread('Kansas City Chiefs', -3.5, 10_000)],
    lines: lines({ homeSpread: -3.5, total: 44.5 }),
  })
  const result = suggestionsFor(ctx)

  it('never offers a bet with a negative expected value, and says why in a note', () => {
    expect(result.suggestions.map((s) => s.selection)).not.toContain('Over 44.5')
    // 0.6 x the $100 held at -110 on a 25% over: 0.25 x $54.55 - 0.75 x $60 = -$31.36.
    expect(result.notes).toContainEqual({
      rule: 'cross-correlation',
      reason: 'Over 44.5 at -110 is not suggested: its expected value at that price is -$31.36 on $60.00.',
    })
  })

  it('keeps a hedge that trades expected value for a higher floor, and says so in those words', () => {
    const hedge = result.suggestions.find((s) => s.type === 'hedge')
    // $30 on the Bills +3.5 at -110, a coin flip: 0.5 x $27.27 - 0.5 x $30 = -$1.36.
    expect(hedge).toMatchObject({
      selection: 'Buffalo Bills +3.5',
      expectedValue: -136,
      tradesValueForFloor: true,
    })
    expect(hedge?.description).toContain('This hedge trades $1.36 of expected value for a higher floor.')
    for (const s of result.suggestions) expect(s.expectedValue >= 0 || s.tradesValueForFloor).toBe(true)
  })
})

describe('confidence and the price age', () => {
  it('allows 5 within the limit and one less per doubling past it', () => {
    expect(confidenceCap(600, 600)).toBe(5)
    expect(confidenceCap(601, 600)).toBe(4)
    expect(confidenceCap(3_600, 600)).toBe(2)
    expect(confidenceCap(7_013, 600)).toBe(1)
  })

  it('bounds every suggestion, and prices by the model exactly when the feed price is old or pregame in play', () => {
    const HOCKEY = { homeTeam: 'Boston Bruins', awayTeam: 'New York Rangers', league: 'NHL' }
    const dist = handDistribution({ min: 0, max: 12 }, [
      [3, 1, 3],
      [1, 3, 2],
      [2, 2, 1],
      [5, 4, 1],
      [0, 1, 1],
    ])
    const price = fc.oneof(fc.integer({ min: -300, max: -100 }), fc.integer({ min: 100, max: 600 }))
    fc.assert(
      fc.property(
        fc.array(arbBet(HOCKEY), { minLength: 1, maxLength: 3 }),
        fc.tuple(price, price),
        fc.integer({ min: 0, max: 20_000 }),
        fc.boolean(),
        fc.constantFrom('in_progress' as const, 'scheduled' as const),
        (bets, [home, away], age, pregame, status) => {
          const c = context({
            matchup: HOCKEY,
            distribution: dist,
            status,
            bets,
            scoreHistory: [{ at: at('18:00'), homeScore: 0, awayScore: 0 }],
            lines: lines({
              homeMoneyline: home,
              awayMoneyline: away,
              total: 5.5,
              linesAgeSeconds: age,
              pregame,
            }),
          })
          const model = age > 600 || (pregame && status === 'in_progress')
          for (const s of suggestionsFor(c).suggestions) {
            expect(s.confidence).toBeLessThanOrEqual(confidenceCap(age, 600))
            expect(s.priceSource).toBe(model ? 'model' : 'feed')
            expect(s.expectedValue >= 0 || s.tradesValueForFloor).toBe(true)
            if (model && s.bet) expect(s.suggestedOdds).toBe(modelPrice(c, s.bet).breakEven)
          }
        },
      ),
      { numRuns: 60 },
    )
  })

  it('caps the 5 of a lock at 1 on a price seen 7,013 s ago', () => {
    const evenGame = handDistribution({ min: 60, max: 170 }, [
      [110, 100, 1],
      [100, 110, 1],
    ])
    const ctx = context({
      matchup: { homeTeam: 'Louisville Cardinals', awayTeam: 'Duke Blue Devils', league: 'NCAAB' },
      distribution: evenGame,
      bets: [moneyline('Duke Blue Devils', 10_000, 1200)],
      lines: lines({ homeMoneyline: -140, linesAgeSeconds: 7_013 }),
    })
    const hedge = suggestionsFor(ctx).suggestions.find((s) => s.type === 'hedge')
    expect(hedge).toMatchObject({ confidence: 1, priceSource: 'model' })
  })
})

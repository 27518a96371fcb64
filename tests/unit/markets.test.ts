import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BetTerms } from '../../src/domain/bet'
import { validateBetForm } from '../../src/domain/bet-form'
import { addAt, emptyDistribution, normalize } from '../../src/domain/probability/distribution'
import {
  composeSelection,
  DOUBLE_CHANCES,
  parseSelection,
  type SelectionParts,
} from '../../src/domain/selection'
import { type Matchup, marketLine, settle, settleLeg } from '../../src/domain/settlement'
import { axisPmfs, lineChances } from '../../src/domain/suggestions/prepared'
import { lineOf } from '../../src/domain/suggestions/user-grid'
import { legMarketOf } from '../../src/domain/ticket'
import {
  arbHalfPoints,
  doubleChance,
  drawNoBet,
  LAKERS_CELTICS,
  teamTotal,
  threeWayHandicap,
  winningMargin,
} from '../support/bets'

const ARSENAL_CHELSEA: Matchup = { homeTeam: 'Arsenal', awayTeam: 'Chelsea', league: 'EPL' }

/** Decision 068, by hand at every boundary: the result and the cents a $100 stake returns. */
describe('team totals, draw no bet and double chance settle on the final score (decision 068)', () => {
  it("settles a team total on that team's score alone", () => {
    const over = teamTotal('Boston Celtics', 'over', 110.5, 11_000, -110)
    expect(settle(over, { home: 90, away: 110 }, LAKERS_CELTICS)).toEqual({
      result: 'lost',
      payout: 0,
      net: -11_000,
    })
    expect(settle(over, { home: 140, away: 111 }, LAKERS_CELTICS)).toEqual({
      result: 'won',
      payout: 21_000,
      net: 10_000,
    })
    const whole = teamTotal('Lakers', 'under', 112, 5_000, 150)
    expect(settle(whole, { home: 112, away: 130 }, LAKERS_CELTICS)).toEqual({
      result: 'push',
      payout: 5_000,
      net: 0,
    })
    expect(settle(whole, { home: 111, away: 80 }, LAKERS_CELTICS).net).toBe(7_500)
    expect(settle(whole, { home: 113, away: 80 }, LAKERS_CELTICS).net).toBe(-5_000)
  })

  it('gives the stake back on a draw with draw no bet', () => {
    const arsenal = drawNoBet('Arsenal', 10_000, -150)
    expect(settle(arsenal, { home: 1, away: 1 }, ARSENAL_CHELSEA)).toEqual({
      result: 'push',
      payout: 10_000,
      net: 0,
    })
    expect(settle(arsenal, { home: 2, away: 1 }, ARSENAL_CHELSEA).net).toBe(6_667)
    expect(settle(arsenal, { home: 0, away: 1 }, ARSENAL_CHELSEA).net).toBe(-10_000)
    expect(settle(drawNoBet('Chelsea'), { home: 0, away: 3 }, ARSENAL_CHELSEA).result).toBe('won')
  })

  it('wins double chance on two of the three results', () => {
    const results = (outcomes: (typeof DOUBLE_CHANCES)[number]) =>
      [
        { home: 2, away: 0 },
        { home: 1, away: 1 },
        { home: 0, away: 2 },
      ].map((score) => settle(doubleChance(outcomes), score, ARSENAL_CHELSEA).result)
    expect(results('1X')).toEqual(['won', 'won', 'lost'])
    expect(results('X2')).toEqual(['lost', 'won', 'won'])
    expect(results('12')).toEqual(['won', 'lost', 'won'])
    expect(settle(doubleChance('1X', 10_000, -250), { home: 0, away: 0 }, ARSENAL_CHELSEA).net).toBe(4_000)
  })

  it('settles a leg by the same line as a single', () => {
    const market: SelectionParts = { betType: 'team_total', team: 'Chelsea', overUnder: 'over', points: 1.5 }
    expect(settleLeg(market, { home: 0, away: 2 }, ARSENAL_CHELSEA)).toBe('won')
    expect(marketLine(market, ARSENAL_CHELSEA)).toEqual({
      axis: 'away',
      threshold: 1.5,
      below: 'lost',
      at: 'push',
      above: 'won',
    })
  })
})

/** Decision 069, by hand: a whole-goal three-way handicap and the winning margin, at every boundary. */
describe('three-way handicaps and winning margins settle on the final margin (decision 069)', () => {
  const results = (bet: BetTerms, margins: number[]) =>
    margins.map(
      (m) => settle(bet, { home: Math.max(m, 0) + 1, away: Math.max(-m, 0) + 1 }, ARSENAL_CHELSEA).result,
    )

  it('splits a three-way handicap into the team, the draw under it, and the other side, never a push', () => {
    // Arsenal -1 at +150: Arsenal must win by 2. The draw (Arsenal -1) is Arsenal by exactly 1.
    expect(results(threeWayHandicap('Arsenal', -1), [-1, 0, 1, 2, 3])).toEqual([
      'lost',
      'lost',
      'lost',
      'won',
      'won',
    ])
    expect(results(threeWayHandicap('Arsenal', -1, true), [-1, 0, 1, 2])).toEqual([
      'lost',
      'lost',
      'won',
      'lost',
    ])
    // Chelsea +1 is the same handicap from the other side: level under it at Arsenal by 1, so Chelsea +1
    // wins on any result but an Arsenal win, and its draw is again Arsenal by exactly 1.
    expect(results(threeWayHandicap('Chelsea', 1), [-1, 0, 1, 2])).toEqual(['won', 'won', 'lost', 'lost'])
    expect(results(threeWayHandicap('Chelsea', 1, true), [0, 1, 2])).toEqual(['lost', 'won', 'lost'])
    expect(
      settle(threeWayHandicap('Arsenal', -1, false, 10_000, 150), { home: 3, away: 1 }, ARSENAL_CHELSEA),
    ).toEqual({
      result: 'won',
      payout: 25_000,
      net: 15_000,
    })
  })

  it('pays a winning margin on the exact margin, or from it upward, and the draw on a level score', () => {
    expect(results(winningMargin('Arsenal', 2), [0, 1, 2, 3])).toEqual(['lost', 'lost', 'won', 'lost'])
    expect(results(winningMargin('Arsenal', 2, true), [0, 1, 2, 3, 5])).toEqual([
      'lost',
      'lost',
      'won',
      'won',
      'won',
    ])
    expect(results(winningMargin('Chelsea', 1), [-2, -1, 0, 1])).toEqual(['lost', 'won', 'lost', 'lost'])
    expect(results(winningMargin('Chelsea', 2, true), [-3, -2, -1, 0])).toEqual([
      'won',
      'won',
      'lost',
      'lost',
    ])
    expect(results(winningMargin('Draw', 0), [-1, 0, 1])).toEqual(['lost', 'won', 'lost'])
    expect(
      settle(winningMargin('Chelsea', 1, false, 2_000, 450), { home: 0, away: 1 }, ARSENAL_CHELSEA).net,
    ).toBe(9_000)
  })
})

describe('their selection texts', () => {
  it('compose and parse back, typed', () => {
    const markets: SelectionParts[] = [
      { betType: 'team_total', team: 'Boston Celtics', overUnder: 'over', points: 110.5 },
      { betType: 'team_total', team: 'Over Achievers', overUnder: 'under', points: 3 },
      { betType: 'draw_no_bet', team: 'Arsenal' },
      ...DOUBLE_CHANCES.map((outcomes): SelectionParts => ({ betType: 'double_chance', outcomes })),
      { betType: 'three_way_handicap', team: 'Chelsea', points: 1, draw: false },
      { betType: 'three_way_handicap', team: 'Arsenal', points: -2, draw: true },
      { betType: 'winning_margin', team: 'Arsenal', margin: 2, orMore: false },
      { betType: 'winning_margin', team: 'Chelsea', margin: 3, orMore: true },
      { betType: 'winning_margin', team: 'Draw', margin: 0, orMore: false },
    ]
    for (const market of markets)
      expect(parseSelection(composeSelection(market), market.betType)).toEqual(market)
    expect(composeSelection(markets[0] as SelectionParts)).toBe('Boston Celtics Over 110.5')
    expect(composeSelection({ betType: 'draw_no_bet', team: 'Arsenal' })).toBe('Arsenal DNB')
    expect(composeSelection({ betType: 'three_way_handicap', team: 'Chelsea', points: 1, draw: false })).toBe(
      'Chelsea +1 (3-way)',
    )
    expect(composeSelection({ betType: 'three_way_handicap', team: 'Arsenal', points: -1, draw: true })).toBe(
      'Draw (Arsenal -1)',
    )
    expect(composeSelection({ betType: 'winning_margin', team: 'Chelsea', margin: 3, orMore: true })).toBe(
      'Chelsea by 3+',
    )
  })

  it('leave untyped text to the three markets it always meant', () => {
    expect(parseSelection('Lakers Over 5')).toEqual({ betType: 'spread', team: 'Lakers Over', points: 5 })
    expect(parseSelection('1X', 'double_chance')).toEqual({ betType: 'double_chance', outcomes: '1X' })
    expect(parseSelection('1x2', 'double_chance')).toBeNull()
  })
})

describe('their chances come from the joint distribution', () => {
  it("equal the summed cells where each wins, pushes or loses, on the market's own axis", () => {
    const arbDist = fc
      .array(
        fc.tuple(
          fc.integer({ min: 0, max: 6 }),
          fc.integer({ min: 0, max: 6 }),
          fc.double({ min: 0.01, max: 1, noNaN: true }),
        ),
        {
          minLength: 1,
          maxLength: 20,
        },
      )
      .map((cells) => {
        const dist = emptyDistribution({ min: 0, max: 6 }, { min: 0, max: 6 })
        for (const [h, a, p] of cells) addAt(dist, h, a, p)
        return normalize(dist)
      })
    const arbMarket = fc.oneof(
      fc
        .tuple(
          fc.constantFrom('Arsenal', 'Chelsea'),
          fc.constantFrom('over' as const, 'under' as const),
          arbHalfPoints(0, 6),
        )
        .map(([team, side, points]) => teamTotal(team, side, points)),
      fc.constantFrom('Arsenal', 'Chelsea').map((team) => drawNoBet(team)),
      fc.constantFrom(...DOUBLE_CHANCES).map((outcomes) => doubleChance(outcomes)),
      fc
        .tuple(fc.constantFrom('Arsenal', 'Chelsea'), fc.integer({ min: -3, max: 3 }), fc.boolean())
        .map(([team, points, draw]) => threeWayHandicap(team, points, draw)),
      fc
        .tuple(fc.constantFrom('Arsenal', 'Chelsea'), fc.integer({ min: 1, max: 4 }), fc.boolean())
        .map(([team, margin, orMore]) => winningMargin(team, margin, orMore)),
    )
    fc.assert(
      fc.property(arbDist, arbMarket, (dist, bet) => {
        const line = lineOf(bet, ARSENAL_CHELSEA)
        const byCells = { win: 0, push: 0, loss: 0 }
        for (let h = 0; h <= 6; h++)
          for (let a = 0; a <= 6; a++) {
            const p = dist.p[h * 7 + a] ?? 0
            const { result } = settle(bet, { home: h, away: a }, ARSENAL_CHELSEA)
            byCells[result === 'won' ? 'win' : result === 'push' ? 'push' : 'loss'] += p
          }
        const chances = lineChances(axisPmfs(dist), line)
        expect(chances.win).toBeCloseTo(byCells.win, 12)
        expect(chances.push).toBeCloseTo(byCells.push, 12)
        expect(chances.loss).toBeCloseTo(byCells.loss, 12)
      }),
      { numRuns: 200 },
    )
  })
})

describe('the form and the API take them where they exist (decision 068)', () => {
  const base = { odds: -110, amount: '50' }

  it('takes a team total on any league, naming the game’s team', () => {
    const checked = validateBetForm(
      { ...base, betType: 'team_total', spreadTeam: 'celtics', overUnder: 'over', totalPoints: 110.5 },
      LAKERS_CELTICS,
    )
    expect(checked).toEqual({
      ok: true,
      terms: expect.objectContaining({
        selection: 'Boston Celtics Over 110.5',
        spreadTeam: 'Boston Celtics',
      }),
    })
    expect(
      validateBetForm(
        { ...base, betType: 'team_total', spreadTeam: 'Celtics', overUnder: 'over', totalPoints: 0 },
        LAKERS_CELTICS,
      ),
    ).toEqual({ ok: false, field: 'totalPoints', message: 'Total points must be greater than 0' })
  })

  it('takes draw no bet and double chance in soccer only', () => {
    expect(
      validateBetForm({ ...base, betType: 'draw_no_bet', spreadTeam: 'Chelsea' }, ARSENAL_CHELSEA),
    ).toMatchObject({
      ok: true,
      terms: { selection: 'Chelsea DNB' },
    })
    expect(
      validateBetForm({ ...base, betType: 'double_chance', selection: 'x2' }, ARSENAL_CHELSEA),
    ).toMatchObject({
      ok: true,
      terms: { selection: 'X2' },
    })
    expect(validateBetForm({ ...base, betType: 'double_chance', selection: '1' }, ARSENAL_CHELSEA)).toEqual({
      ok: false,
      field: 'selection',
      message: 'Double chance must be 1X, X2 or 12',
    })
    expect(
      validateBetForm(
        {
          ...base,
          betType: 'three_way_handicap',
          spreadTeam: 'arsenal',
          spreadPoints: -1,
          selection: 'Draw',
        },
        ARSENAL_CHELSEA,
      ),
    ).toMatchObject({
      ok: true,
      terms: { selection: 'Draw (Arsenal -1)', spreadTeam: 'Arsenal', spreadPoints: -1 },
    })
    expect(
      validateBetForm(
        { ...base, betType: 'three_way_handicap', spreadTeam: 'Arsenal', spreadPoints: -1.5 },
        ARSENAL_CHELSEA,
      ),
    ).toEqual({
      ok: false,
      field: 'spreadPoints',
      message: 'A three-way handicap is a whole number of goals',
    })
    // An edit sends back the text the server composed: it still backs the draw.
    expect(
      validateBetForm(
        {
          ...base,
          betType: 'three_way_handicap',
          spreadTeam: 'Arsenal',
          spreadPoints: -1,
          selection: 'Draw (Arsenal -1)',
        },
        ARSENAL_CHELSEA,
      ),
    ).toMatchObject({ ok: true, terms: { selection: 'Draw (Arsenal -1)' } })
    // A stored leg off the feed keeps the slip's 'Draw'; its columns hold the team and handicap.
    expect(
      legMarketOf({
        market: 'three_way_handicap',
        selection: 'Draw',
        spreadTeam: 'Chelsea',
        spreadPoints: 1,
        totalPoints: null,
        overUnder: null,
      }),
    ).toEqual({ betType: 'three_way_handicap', team: 'Chelsea', points: 1, draw: true })
    expect(
      validateBetForm({ ...base, betType: 'winning_margin', selection: 'chelsea by 2+' }, ARSENAL_CHELSEA),
    ).toMatchObject({ ok: true, terms: { selection: 'Chelsea by 2+' } })
    expect(
      validateBetForm({ ...base, betType: 'winning_margin', selection: 'Chelsea by 0' }, ARSENAL_CHELSEA),
    ).toMatchObject({ ok: false, field: 'selection' })
    expect(
      validateBetForm({ ...base, betType: 'winning_margin', selection: 'Draw' }, LAKERS_CELTICS),
    ).toMatchObject({
      ok: false,
      field: 'betType',
    })
    expect(
      validateBetForm({ ...base, betType: 'draw_no_bet', spreadTeam: 'Lakers' }, LAKERS_CELTICS),
    ).toEqual({
      ok: false,
      field: 'betType',
      message: 'Draw no bet and double chance can only be bet on in soccer',
    })
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BetTerms } from '../../src/domain/bet'
import {
  BET_FORM_MESSAGES,
  type BetFormInput,
  type BetFormResult,
  betFormRefusals,
  validateBetForm,
} from '../../src/domain/bet-form'
import { formatCents } from '../../src/domain/money'
import { parseSelection } from '../../src/domain/selection'
import type { Matchup } from '../../src/domain/settlement'
import { arbAmount, arbHalfPoints, arbOdds, LAKERS_CELTICS } from '../support/bets'

const ARSENAL_CHELSEA: Matchup = { homeTeam: 'Arsenal', awayTeam: 'Chelsea', league: 'EPL' }
const M = BET_FORM_MESSAGES

const refused = (field: string, message: string): BetFormResult => ({ ok: false, field, message })

/** The smallest valid form of each bet type; a test overrides the one field it is about. */
const moneylineForm = (overrides: Partial<BetFormInput> = {}): BetFormInput => ({
  betType: 'moneyline',
  selection: 'Lakers ML',
  odds: -110,
  amount: '100',
  ...overrides,
})
const spreadForm = (overrides: Partial<BetFormInput> = {}): BetFormInput => ({
  betType: 'spread',
  spreadTeam: 'Lakers',
  spreadPoints: -3.5,
  odds: -110,
  amount: '100',
  ...overrides,
})
const totalForm = (overrides: Partial<BetFormInput> = {}): BetFormInput => ({
  betType: 'total',
  overUnder: 'over',
  totalPoints: 8.5,
  odds: -110,
  amount: '100',
  ...overrides,
})

/** The terms of an accepted form, or a test failure naming the refusal. */
function accepted(input: BetFormInput, matchup: Matchup = LAKERS_CELTICS): BetTerms {
  const result = validateBetForm(input, matchup)
  if (!result.ok) throw new Error(`refused: ${result.field}: ${result.message}`)
  return result.terms
}

describe('BET_FORM_MESSAGES', () => {
  it("carries the spec's own texts (section 5)", () => {
    expect(M.amountRequired).toBe('Amount is required')
    expect(M.requiredForType).toBe('Please fill in all required fields for the selected bet type')
  })

  it('states the decision 009 odds range with its real bounds', () => {
    expect(M.odds).toBe('Odds must be a whole number from -100000 to -100 or from +100 to +100000')
  })
})

describe('validateBetForm: amount (decision 001, integer cents)', () => {
  it.each<[string, BetFormInput['amount']]>([
    ['undefined', undefined],
    ['null', null],
    ['empty', ''],
    ['blank', '   '],
  ])('%s is required', (_, amount) => {
    expect(validateBetForm(moneylineForm({ amount }), LAKERS_CELTICS)).toEqual(
      refused('amount', 'Amount is required'),
    )
  })

  it('treats a form without the amount key as missing', () => {
    const { amount: _, ...rest } = moneylineForm()
    expect(validateBetForm(rest as BetFormInput, LAKERS_CELTICS)).toEqual(refused('amount', M.amountRequired))
  })

  it.each<BetFormInput['amount']>([
    'abc',
    1.005,
    '1.005',
    '1e5',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    'Infinity',
    '1,000',
    '$5',
    '.5',
    '5.',
    1e-7,
  ])('refuses the format of %j', (amount) => {
    expect(validateBetForm(moneylineForm({ amount }), LAKERS_CELTICS)).toEqual(
      refused('amount', 'Amount must be a number with at most 2 decimals'),
    )
  })

  it.each<BetFormInput['amount']>([0, -5, '-5', '0', '0.00', '-0.01', -0])(
    'refuses %j as not positive',
    (amount) => {
      expect(validateBetForm(moneylineForm({ amount }), LAKERS_CELTICS)).toEqual(
        refused('amount', 'Amount must be greater than 0'),
      )
    },
  )

  it.each<BetFormInput['amount']>([1e12, 1_000_000.01, '1000000.01', 100_000_001, '1000000000000'])(
    'refuses %j as above $1,000,000.00',
    (amount) => {
      expect(validateBetForm(moneylineForm({ amount }), LAKERS_CELTICS)).toEqual(
        refused('amount', 'Amount must be at most $1,000,000.00'),
      )
    },
  )

  // Too big for safe-integer cents (over ~$90 trillion), yet well formed: still 'too large'.
  it.each<BetFormInput['amount']>(['100000000000000', '99999999999999.99', 1e15, 1e21])(
    'refuses the well-formed %j as above $1,000,000.00',
    (amount) => {
      expect(validateBetForm(moneylineForm({ amount }), LAKERS_CELTICS)).toEqual(
        refused('amount', M.amountTooLarge),
      )
    },
  )

  it.each<[BetFormInput['amount'], number]>([
    [1_000_000, 100_000_000],
    ['1000000', 100_000_000],
    ['1000000.00', 100_000_000],
    ['12.5', 1_250],
    [' 12.50 ', 1_250],
    [12.5, 1_250],
    [0.01, 1],
    ['0.01', 1],
    ['+7', 700],
    ['100', 10_000],
  ])('accepts %j as %i cents', (amount, cents) => {
    expect(accepted(moneylineForm({ amount })).amount).toBe(cents)
  })
})

describe('validateBetForm: odds (decision 009)', () => {
  it.each([-99, 0, 99, -100.5, 100.5, 150.25, -100_001, 100_001, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %d',
    (odds) => {
      expect(validateBetForm(moneylineForm({ odds }), LAKERS_CELTICS)).toEqual(refused('odds', M.odds))
    },
  )

  it.each([-100, 100, -110, 150, -100_000, 100_000])('accepts %d as is', (odds) => {
    expect(accepted(moneylineForm({ odds })).odds).toBe(odds)
  })
})

describe('validateBetForm: spread', () => {
  it('stores a nickname as the game spells the team and composes the selection (decision 004)', () => {
    expect(accepted(spreadForm({ spreadTeam: 'Lakers', spreadPoints: -3.5, amount: '110' }))).toEqual({
      betType: 'spread',
      selection: 'Los Angeles Lakers -3.5',
      odds: -110,
      exactPrice: null,
      period: 'FT',
      amount: 11_000,
      spreadTeam: 'Los Angeles Lakers',
      spreadPoints: -3.5,
      totalPoints: null,
      overUnder: null,
    })
  })

  it.each<[string, number, string]>([
    ['boston celtics', 3.5, 'Boston Celtics +3.5'],
    ['  Celtics ', 7, 'Boston Celtics +7'],
    ['Los  Angeles   Lakers', -1, 'Los Angeles Lakers -1'],
    ['Lakers', 0, 'Los Angeles Lakers 0'],
    ['Celtics', 200, 'Boston Celtics +200'],
    ['Celtics', -200, 'Boston Celtics -200'],
  ])('%j %d is %s', (spreadTeam, spreadPoints, selection) => {
    expect(accepted(spreadForm({ spreadTeam, spreadPoints }))).toMatchObject({ selection, spreadPoints })
  })

  it('ignores a stray selection text and composes its own', () => {
    expect(accepted(spreadForm({ selection: 'Over 8.5' })).selection).toBe('Los Angeles Lakers -3.5')
  })

  it.each<[string, Partial<BetFormInput>]>([
    ['no team', { spreadTeam: undefined }],
    ['a null team', { spreadTeam: null }],
    ['an empty team', { spreadTeam: '' }],
    ['a blank team', { spreadTeam: '   ' }],
    ['no points', { spreadPoints: undefined }],
    ['null points', { spreadPoints: null }],
    ['neither', { spreadTeam: null, spreadPoints: null }],
  ])('%s asks for the required fields on the selection field', (_, overrides) => {
    expect(validateBetForm(spreadForm(overrides), LAKERS_CELTICS)).toEqual(
      refused('selection', 'Please fill in all required fields for the selected bet type'),
    )
  })

  it.each([3.3, -0.1, 1.7, 0.125, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %d points off the 0.5 step',
    (p) => {
      expect(validateBetForm(spreadForm({ spreadPoints: p }), LAKERS_CELTICS)).toEqual(
        refused('spreadPoints', 'Points must be in steps of 0.5'),
      )
    },
  )

  it.each([3.25, -1.75])('refuses the quarter line %d outside soccer (decision 071)', (p) => {
    expect(validateBetForm(spreadForm({ spreadPoints: p }), LAKERS_CELTICS)).toEqual(
      refused('spreadPoints', 'Quarter lines (.25 and .75) can only be bet on in soccer'),
    )
  })

  it.each([-0.25, 0.75, -1.75])('takes the Asian quarter line %d in soccer', (spreadPoints) => {
    const terms = accepted(spreadForm({ spreadTeam: 'Arsenal', spreadPoints }), ARSENAL_CHELSEA)
    expect(terms).toMatchObject({ spreadTeam: 'Arsenal', spreadPoints })
    expect(terms.selection).toBe(`Arsenal ${spreadPoints > 0 ? '+' : ''}${spreadPoints}`)
  })

  it.each([250, -250, 200.5, -200.5])('refuses %d points out of range', (spreadPoints) => {
    expect(validateBetForm(spreadForm({ spreadPoints }), LAKERS_CELTICS)).toEqual(
      refused('spreadPoints', 'Points must be between -200 and 200'),
    )
  })

  it.each(['Knicks', 'Angeles', 'akers', 'Los Angeles', 'Draw'])(
    'refuses %j, not a team of this game',
    (team) => {
      expect(validateBetForm(spreadForm({ spreadTeam: team }), LAKERS_CELTICS)).toEqual(
        refused('spreadTeam', 'Choose one of the two teams playing this game'),
      )
    },
  )

  it('refuses a nickname both teams end with (decision 004: never guess a side)', () => {
    const rangers: Matchup = { homeTeam: 'New York Rangers', awayTeam: 'Texas Rangers', league: 'NHL' }
    expect(validateBetForm(spreadForm({ spreadTeam: 'Rangers' }), rangers)).toEqual(
      refused('spreadTeam', M.unknownTeam),
    )
    expect(accepted(spreadForm({ spreadTeam: 'texas rangers' }), rangers).spreadTeam).toBe('Texas Rangers')
  })
})

describe('validateBetForm: total', () => {
  it("composes 'Over 8.5' and keeps the side and points", () => {
    expect(accepted(totalForm())).toEqual({
      betType: 'total',
      selection: 'Over 8.5',
      odds: -110,
      exactPrice: null,
      period: 'FT',
      amount: 10_000,
      spreadTeam: null,
      spreadPoints: null,
      totalPoints: 8.5,
      overUnder: 'over',
    })
  })

  it.each<[BetFormInput['overUnder'], number, string]>([
    ['under', 140.5, 'Under 140.5'],
    ['over', 0.5, 'Over 0.5'],
    ['under', 200, 'Under 200'],
  ])('%s %d is %s', (overUnder, totalPoints, selection) => {
    expect(accepted(totalForm({ overUnder, totalPoints }))).toMatchObject({
      selection,
      overUnder,
      totalPoints,
    })
  })

  it.each<[string, Partial<BetFormInput>]>([
    ['no side', { overUnder: undefined }],
    ['a null side', { overUnder: null }],
    ['no points', { totalPoints: undefined }],
    ['null points', { totalPoints: null }],
  ])('%s asks for the required fields on the selection field', (_, overrides) => {
    expect(validateBetForm(totalForm(overrides), LAKERS_CELTICS)).toEqual(
      refused('selection', M.requiredForType),
    )
  })

  it.each([0, -1, -0, -0.5, -200])('refuses %d as not above 0', (totalPoints) => {
    expect(validateBetForm(totalForm({ totalPoints }), LAKERS_CELTICS)).toEqual(
      refused('totalPoints', 'Total points must be greater than 0'),
    )
  })

  it.each([8.3, 0.1, -0.3])('refuses %d off the 0.5 step', (totalPoints) => {
    expect(validateBetForm(totalForm({ totalPoints }), LAKERS_CELTICS)).toEqual(
      refused('totalPoints', M.pointsStep),
    )
  })

  it('takes a quarter-line total in soccer only (decision 071)', () => {
    expect(validateBetForm(totalForm({ totalPoints: 220.25 }), LAKERS_CELTICS)).toEqual(
      refused('totalPoints', M.quarterOnlySoccer),
    )
    expect(accepted(totalForm({ totalPoints: 2.25 }), ARSENAL_CHELSEA).selection).toBe('Over 2.25')
  })

  it.each([220.5, 201, 235, 500])('accepts the basketball-sized total %d', (totalPoints) => {
    expect(accepted(totalForm({ overUnder: 'under', totalPoints })).selection).toBe(`Under ${totalPoints}`)
  })

  it.each([500.5, 1000])('refuses the total %d as too large', (totalPoints) => {
    expect(validateBetForm(totalForm({ overUnder: 'over', totalPoints }), LAKERS_CELTICS)).toEqual(
      refused('totalPoints', M.totalTooLarge),
    )
  })
})

describe('validateBetForm: moneyline (decision 004)', () => {
  it.each(['Lakers ML', 'Lakers', 'lakers ml', '  Los Angeles Lakers ML ', 'LOS ANGELES LAKERS'])(
    "stores %j as 'Los Angeles Lakers ML'",
    (selection) => {
      expect(accepted(moneylineForm({ selection }))).toEqual({
        betType: 'moneyline',
        selection: 'Los Angeles Lakers ML',
        odds: -110,
        exactPrice: null,
        period: 'FT',
        amount: 10_000,
        spreadTeam: null,
        spreadPoints: null,
        totalPoints: null,
        overUnder: null,
      })
    },
  )

  it('accepts the away side by nickname', () => {
    expect(accepted(moneylineForm({ selection: 'Celtics ML' })).selection).toBe('Boston Celtics ML')
  })

  it.each<[string, BetFormInput['selection']]>([
    ['undefined', undefined],
    ['null', null],
    ['empty', ''],
    ['blank', '  '],
  ])('a %s selection asks for the required fields', (_, selection) => {
    expect(validateBetForm(moneylineForm({ selection }), LAKERS_CELTICS)).toEqual(
      refused('selection', M.requiredForType),
    )
  })

  it.each(['Draw', 'draw', 'DRAW ML'])('refuses %j outside soccer', (selection) => {
    expect(validateBetForm(moneylineForm({ selection }), LAKERS_CELTICS)).toEqual(
      refused('selection', 'A draw can only be bet on in soccer'),
    )
  })

  it.each<[string, Matchup]>([
    ['Draw', ARSENAL_CHELSEA],
    ['draw', ARSENAL_CHELSEA],
    ['Draw ML', ARSENAL_CHELSEA],
    ['Draw', { ...ARSENAL_CHELSEA, league: 'eng.1' }],
  ])("stores %j as 'Draw' in soccer (three-way)", (selection, matchup) => {
    expect(accepted(moneylineForm({ selection }), matchup)).toMatchObject({
      betType: 'moneyline',
      selection: 'Draw',
    })
  })

  it('accepts a soccer team side', () => {
    expect(accepted(moneylineForm({ selection: 'chelsea' }), ARSENAL_CHELSEA).selection).toBe('Chelsea ML')
  })

  it.each(['Knicks ML', 'Knicks', 'Lakers -3.5', 'Over 8.5'])(
    'refuses %j, not a team of this game',
    (selection) => {
      expect(validateBetForm(moneylineForm({ selection }), LAKERS_CELTICS)).toEqual(
        refused('selection', 'Choose one of the two teams playing this game'),
      )
    },
  )
})

describe('validateBetForm: the order of the checks', () => {
  it('answers for the amount first, whatever else is wrong', () => {
    const allWrong = { odds: 0, spreadTeam: 'Knicks', spreadPoints: 3.3 }
    expect(validateBetForm(spreadForm({ ...allWrong, amount: '' }), LAKERS_CELTICS)).toEqual(
      refused('amount', M.amountRequired),
    )
    expect(validateBetForm(spreadForm({ ...allWrong, amount: 'abc' }), LAKERS_CELTICS)).toEqual(
      refused('amount', M.amountFormat),
    )
    expect(validateBetForm(spreadForm({ ...allWrong, amount: '0' }), LAKERS_CELTICS)).toEqual(
      refused('amount', M.amountPositive),
    )
    expect(validateBetForm(spreadForm({ ...allWrong, amount: 1e12 }), LAKERS_CELTICS)).toEqual(
      refused('amount', M.amountTooLarge),
    )
  })

  it('answers for the odds before the bet-type fields', () => {
    expect(validateBetForm(spreadForm({ odds: 99, spreadTeam: null }), LAKERS_CELTICS)).toEqual(
      refused('odds', M.odds),
    )
    expect(validateBetForm(totalForm({ odds: 99, totalPoints: -1 }), LAKERS_CELTICS)).toEqual(
      refused('odds', M.odds),
    )
    expect(validateBetForm(moneylineForm({ odds: 99, selection: 'Draw' }), LAKERS_CELTICS)).toEqual(
      refused('odds', M.odds),
    )
  })

  it('spread: missing fields, then the step, then the range, then the team', () => {
    const check = (overrides: Partial<BetFormInput>) => validateBetForm(spreadForm(overrides), LAKERS_CELTICS)
    expect(check({ spreadTeam: 'Knicks', spreadPoints: null })).toEqual(
      refused('selection', M.requiredForType),
    )
    expect(check({ spreadTeam: 'Knicks', spreadPoints: 3.3 })).toEqual(refused('spreadPoints', M.pointsStep))
    expect(check({ spreadTeam: 'Knicks', spreadPoints: 250 })).toEqual(refused('spreadPoints', M.pointsRange))
    expect(check({ spreadTeam: 'Knicks', spreadPoints: 3 })).toEqual(refused('spreadTeam', M.unknownTeam))
  })

  it('total: missing fields, then the step, then above 0', () => {
    const check = (overrides: Partial<BetFormInput>) => validateBetForm(totalForm(overrides), LAKERS_CELTICS)
    expect(check({ overUnder: null, totalPoints: -0.25 })).toEqual(refused('selection', M.requiredForType))
    expect(check({ totalPoints: -0.3 })).toEqual(refused('totalPoints', M.pointsStep))
    expect(check({ totalPoints: -1 })).toEqual(refused('totalPoints', M.totalPositive))
  })

  it('moneyline: the draw rule before the team lookup', () => {
    expect(validateBetForm(moneylineForm({ selection: 'Draw' }), LAKERS_CELTICS)).toEqual(
      refused('selection', M.drawOnlySoccer),
    )
  })
})

describe('betFormRefusals: everything wrong at once', () => {
  it('names each wrong field of a form, in the order validateBetForm checks them', () => {
    const allWrong = spreadForm({ amount: '', odds: 0, spreadTeam: 'Knicks', spreadPoints: 3 })
    expect(betFormRefusals(allWrong, LAKERS_CELTICS)).toEqual([
      { field: 'amount', message: M.amountRequired },
      { field: 'odds', message: M.odds },
      { field: 'spreadTeam', message: M.unknownTeam },
    ])
    const empty = totalForm({ amount: null, overUnder: null, totalPoints: null })
    expect(betFormRefusals(empty, LAKERS_CELTICS)).toEqual([
      { field: 'amount', message: M.amountRequired },
      { field: 'selection', message: M.requiredForType },
    ])
    expect(betFormRefusals(moneylineForm(), LAKERS_CELTICS)).toEqual([])
  })

  it('checks only the amount and the odds before a game is chosen', () => {
    expect(betFormRefusals(moneylineForm({ amount: '0', selection: '' }), null)).toEqual([
      { field: 'amount', message: M.amountPositive },
    ])
  })

  it('starts with the refusal validateBetForm answers', () => {
    const field = fc.option(fc.constantFrom('', '0', 'abc', '12', 'Knicks', 'Lakers'), { nil: null })
    const points = fc.option(fc.constantFrom(-3.25, 3, 250, -0.5), { nil: null })
    fc.assert(
      fc.property(field, fc.integer({ min: -200, max: 200 }), field, points, (amount, odds, team, spread) => {
        const input = spreadForm({ amount, odds, spreadTeam: team, spreadPoints: spread })
        const result = validateBetForm(input, LAKERS_CELTICS)
        const [first] = betFormRefusals(input, LAKERS_CELTICS)
        expect(result.ok ? undefined : { field: result.field, message: result.message }).toEqual(first)
      }),
    )
  })
})

describe('validateBetForm: properties', () => {
  const teams = fc.constantFrom(
    ['Los Angeles Lakers', 'Los Angeles Lakers'],
    ['lakers', 'Los Angeles Lakers'],
    ['Boston Celtics', 'Boston Celtics'],
    [' Celtics ', 'Boston Celtics'],
  )
  /** One amount of cents as the form or a client may send it: '12.50', '12.5' or the number 12.5. */
  const arbAmountInput = fc
    .tuple(arbAmount, fc.constantFrom('fixed', 'short', 'number'))
    .map(([cents, style]) => ({
      cents,
      input: style === 'fixed' ? formatCents(cents) : style === 'short' ? String(cents / 100) : cents / 100,
    }))

  it('accepts every valid spread and round-trips its terms (decisions 001, 004 and 009)', () => {
    fc.assert(
      fc.property(arbAmountInput, arbOdds, teams, arbHalfPoints(-200, 200), (amount, odds, team, points) => {
        const [typed, stored] = team
        const terms = accepted(
          spreadForm({ amount: amount.input, odds, spreadTeam: typed, spreadPoints: points }),
        )
        expect(terms.amount).toBe(amount.cents)
        expect(terms.odds).toBe(odds)
        expect(terms.spreadTeam).toBe(stored)
        expect(terms.spreadPoints).toBe(points)
        const parts = { betType: 'spread', team: stored, points }
        expect(parseSelection(terms.selection)).toEqual(parts)
        expect(parseSelection(terms.selection, 'spread')).toEqual(parts)
      }),
    )
  })

  it('accepts every valid total and round-trips its terms', () => {
    const side = fc.constantFrom('over' as const, 'under' as const)
    fc.assert(
      fc.property(
        arbAmountInput,
        arbOdds,
        side,
        arbHalfPoints(0.5, 200),
        (amount, odds, overUnder, points) => {
          const terms = accepted(totalForm({ amount: amount.input, odds, overUnder, totalPoints: points }))
          expect(terms).toMatchObject({ amount: amount.cents, odds, overUnder, totalPoints: points })
          expect(parseSelection(terms.selection)).toEqual({ betType: 'total', overUnder, points })
        },
      ),
    )
  })

  it('accepts every valid moneyline and round-trips its team', () => {
    const suffix = fc.constantFrom('', ' ML', ' ml')
    fc.assert(
      fc.property(arbAmountInput, arbOdds, teams, suffix, (amount, odds, [typed, stored], ml) => {
        const terms = accepted(moneylineForm({ amount: amount.input, odds, selection: `${typed}${ml}` }))
        expect(terms).toMatchObject({ amount: amount.cents, odds, selection: `${stored} ML` })
        expect(parseSelection(terms.selection)).toEqual({ betType: 'moneyline', team: stored })
      }),
    )
  })

  it('refuses every quarter-line spread but in soccer, where it takes them all', () => {
    const quarter = fc
      .integer({ min: -800, max: 800 })
      .filter((n) => n % 2 !== 0)
      .map((n) => n / 4)
    fc.assert(
      fc.property(quarter, (points) => {
        expect(validateBetForm(spreadForm({ spreadPoints: points }), LAKERS_CELTICS)).toEqual(
          refused('spreadPoints', M.quarterOnlySoccer),
        )
        const soccer = validateBetForm(
          spreadForm({ spreadTeam: 'Chelsea', spreadPoints: points }),
          ARSENAL_CHELSEA,
        )
        expect(soccer).toMatchObject({ ok: true, terms: { spreadPoints: points } })
      }),
    )
  })

  it('refuses every amount above $1,000,000.00 with the too-large message', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000_001, max: 100_000_000_000 }), (cents) => {
        expect(validateBetForm(moneylineForm({ amount: formatCents(cents) }), LAKERS_CELTICS)).toEqual(
          refused('amount', M.amountTooLarge),
        )
      }),
    )
  })
})

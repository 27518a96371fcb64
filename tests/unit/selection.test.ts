import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  composeSelection,
  DRAW,
  isHalfPointStep,
  parseSelection,
  type SelectionParts,
} from '../../src/domain/selection'
import { arbHalfPoints } from '../support/bets'

describe('composeSelection', () => {
  it.each<[SelectionParts, string]>([
    [{ betType: 'spread', team: 'Lakers', points: 3.5 }, 'Lakers +3.5'],
    [{ betType: 'spread', team: 'Lakers', points: -7 }, 'Lakers -7'],
    [{ betType: 'spread', team: 'Lakers', points: 0 }, 'Lakers 0'],
    [{ betType: 'total', overUnder: 'over', points: 8.5 }, 'Over 8.5'],
    [{ betType: 'total', overUnder: 'under', points: 220 }, 'Under 220'],
    [{ betType: 'moneyline', team: 'Lakers' }, 'Lakers ML'],
    [{ betType: 'moneyline', team: 'Draw' }, 'Draw'],
    [{ betType: 'spread', team: '  Los Angeles Lakers ', points: 1.5 }, 'Los Angeles Lakers +1.5'],
  ])('%j -> %s', (parts, text) => {
    expect(composeSelection(parts)).toBe(text)
  })
})

describe('parseSelection', () => {
  it.each<[string, SelectionParts]>([
    ['Lakers +3.5', { betType: 'spread', team: 'Lakers', points: 3.5 }],
    ['Los Angeles Lakers -7', { betType: 'spread', team: 'Los Angeles Lakers', points: -7 }],
    ['Lakers PK', { betType: 'spread', team: 'Lakers', points: 0 }],
    ['Over 8.5', { betType: 'total', overUnder: 'over', points: 8.5 }],
    ['under 220', { betType: 'total', overUnder: 'under', points: 220 }],
    ['Lakers ML', { betType: 'moneyline', team: 'Lakers' }],
    ['draw', { betType: 'moneyline', team: 'Draw' }],
    ['Schalke 04 ML', { betType: 'moneyline', team: 'Schalke 04' }],
    ['Schalke 04 -1.5', { betType: 'spread', team: 'Schalke 04', points: -1.5 }],
    // Asian quarter lines (decision 071): the text reads back; the league is checked by the bet form.
    ['Schalke 04 -0.75', { betType: 'spread', team: 'Schalke 04', points: -0.75 }],
    ['Under 2.25', { betType: 'total', overUnder: 'under', points: 2.25 }],
  ])('%s', (text, parts) => {
    expect(parseSelection(text)).toEqual(parts)
  })

  it('uses the bet type to settle ambiguous text', () => {
    expect(parseSelection('Lakers', 'moneyline')).toEqual({ betType: 'moneyline', team: 'Lakers' })
    expect(parseSelection('Over 0', 'spread')).toEqual({ betType: 'spread', team: 'Over', points: 0 })
    expect(parseSelection('Over 8.5', 'spread')).toEqual({ betType: 'spread', team: 'Over', points: 8.5 })
  })

  it.each(['', '   ', 'Lakers', 'Over', 'Over 8.3', 'Lakers +3.3', 'Lakers +3.125'])(
    'refuses %j without a bet type',
    (text) => {
      expect(parseSelection(text)).toBeNull()
    },
  )

  it('refuses a total text for a spread and a spread text for a total', () => {
    expect(parseSelection('Lakers +3.5', 'total')).toBeNull()
    expect(parseSelection('Lakers', 'spread')).toBeNull()
  })
})

const arbTeam = fc
  .array(fc.stringMatching(/^[A-Za-z0-9.'&]{1,10}$/), { minLength: 1, maxLength: 4 })
  .map((words) => words.join(' '))
  .filter((team) => !/^(over|under|draw)$/i.test(team) && !/ ml$/i.test(team))

const arbParts: fc.Arbitrary<SelectionParts> = fc.oneof(
  fc.record({ betType: fc.constant('spread' as const), team: arbTeam, points: arbHalfPoints(-60, 60) }),
  fc.record({
    betType: fc.constant('total' as const),
    overUnder: fc.constantFrom('over' as const, 'under' as const),
    points: arbHalfPoints(0, 400),
  }),
  fc.record({ betType: fc.constant('moneyline' as const), team: fc.oneof(arbTeam, fc.constant(DRAW)) }),
)

describe('compose then parse', () => {
  it('returns the parts, with and without the bet type', () => {
    fc.assert(
      fc.property(arbParts, (parts) => {
        const text = composeSelection(parts)
        expect(parseSelection(text, parts.betType)).toEqual(parts)
        expect(parseSelection(text)).toEqual(parts)
      }),
      { numRuns: 500 },
    )
  })

  it('knows half-point steps', () => {
    expect(isHalfPointStep(3.5)).toBe(true)
    expect(isHalfPointStep(-7)).toBe(true)
    expect(isHalfPointStep(3.25)).toBe(false)
    expect(isHalfPointStep(Number.NaN)).toBe(false)
  })
})

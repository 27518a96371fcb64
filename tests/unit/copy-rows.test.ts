import { describe, expect, it } from 'vitest'
import { betLegs, bets } from '../../src/server/db/bets-schema'
import { copyRows } from '../../src/server/db/copy-out'
import { driverRow } from '../../src/server/db/driver-row'

const FIELDS = {
  gameId: bets.gameId,
  selection: bets.selection,
  payoutCents: bets.payoutCents,
  placedAt: bets.placedAt,
  spreadPoints: betLegs.spreadPoints,
}

/** Lines as PostgreSQL's COPY text writes them: tabs between values, \N for null, escapes in values. */
const text = [
  '7\tLakers -3.5\t1910\t2026-11-20 00:30:00.25+00\t-3.5',
  '8\tTab\\there, line\\nbreak, back\\\\slash, \\\\N kept\t\\N\t2026-11-21 18:00:00+00\t\\N',
  '9\t\t0\t2026-11-22 01:00:00+00\t0.5',
].join('\n')

describe('copyRows: COPY text straight into rows', () => {
  it('reads each value through its column as driverRow reads the same values', () => {
    const values = [
      ['7', 'Lakers -3.5', '1910', '2026-11-20 00:30:00.25+00', '-3.5'],
      ['8', 'Tab\there, line\nbreak, back\\slash, \\N kept', null, '2026-11-21 18:00:00+00', null],
      ['9', '', '0', '2026-11-22 01:00:00+00', '0.5'],
    ]
    const rows = copyRows(FIELDS)(`${text}\n`)
    expect(rows).toEqual(values.map(driverRow(FIELDS)))
    expect(rows[0]).toEqual({
      gameId: 7,
      selection: 'Lakers -3.5',
      payoutCents: 1910,
      placedAt: new Date('2026-11-20T00:30:00.250Z'),
      spreadPoints: -3.5,
    })
    // An escaped backslash before N is text, not a null; an empty text is an empty string.
    expect(rows[1]?.selection).toBe('Tab\there, line\nbreak, back\\slash, \\N kept')
    expect(rows[1]?.payoutCents).toBeNull()
    expect(rows[2]?.selection).toBe('')
  })

  it('reads a last line without its line break, nothing from an empty text, and adds the extra keys', () => {
    expect(copyRows(FIELDS)(text)).toHaveLength(3)
    expect(copyRows(FIELDS)('')).toEqual([])
    const [row] = copyRows(FIELDS, { game: null })(text)
    expect(Object.keys(row ?? {})).toEqual([
      'gameId',
      'selection',
      'payoutCents',
      'placedAt',
      'spreadPoints',
      'game',
    ])
  })

  it('reads whole numbers as numbers, the serial id too, and a number too long to add up exactly through its mapping', () => {
    const numbers = { id: bets.id, odds: bets.odds, amountCents: bets.amountCents, betId: betLegs.betId }
    const rows = copyRows(numbers)('12\t-110\t0\t3\n13\t150\t9007199254740993\t7')
    expect(rows).toEqual([
      { id: 12, odds: -110, amountCents: 0, betId: 3 },
      { id: 13, odds: 150, amountCents: Number('9007199254740993'), betId: 7 },
    ])
    // The same values as a driver hands them over, typed, read by driverRow.
    expect(rows[0]).toEqual(driverRow(numbers)([12, -110, 0, 3]))
  })

  it('reads a value with an escape after plain ones, and plain ones after it, on one line and across lines', () => {
    const two = { selection: bets.selection, gameId: bets.gameId }
    expect(copyRows(two)('a\t1\nb\\tc\t2\nd\t\\N\n\\\\\t4')).toEqual([
      { selection: 'a', gameId: 1 },
      { selection: 'b\tc', gameId: 2 },
      { selection: 'd', gameId: null },
      { selection: '\\', gameId: 4 },
    ])
  })
})

describe('rows of one read (rowMaker)', () => {
  it('are new objects with every key in the fields’ order, nulls included, the extra keys last, keys of any spelling', () => {
    const odd = { "it's": bets.gameId, 'two words': bets.selection, 'a"quote': bets.payoutCents }
    const fromCopy = copyRows(odd, { game: null, ticket: 'kept' })('1\t\\N\t5\n\\N\tx\t\\N')
    const fromDriver = [
      [1, null, 5],
      [null, 'x', null],
    ].map(driverRow(odd, { game: null, ticket: 'kept' }))
    for (const rows of [fromCopy, fromDriver]) {
      expect(rows).toEqual([
        { "it's": 1, 'two words': null, 'a"quote': 5, game: null, ticket: 'kept' },
        { "it's": null, 'two words': 'x', 'a"quote': null, game: null, ticket: 'kept' },
      ])
      for (const row of rows) expect(Object.keys(row)).toEqual([...Object.keys(odd), 'game', 'ticket'])
      expect(rows[0]).not.toBe(rows[1])
    }
  })

  it('leaves the values a driver handed over as they were', () => {
    const values = ['7', '2026-11-20 00:30:00+00']
    const row = driverRow({ gameId: bets.gameId, placedAt: bets.placedAt })(values)
    expect(row).toEqual({ gameId: 7, placedAt: new Date('2026-11-20T00:30:00Z') })
    expect(values).toEqual(['7', '2026-11-20 00:30:00+00'])
  })
})

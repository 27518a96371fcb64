import { describe, expect, it } from 'vitest'
import {
  columnIndexes,
  GRID_MAPPING,
  guessMapping,
  isGridExport,
  readDay,
  readLeague,
  readOdds,
  readRow,
  readStake,
  termsOnGame,
} from '../../src/domain/bet-import'
import { CSV_COLUMNS } from '../../src/domain/csv'
import { parseDelimited } from '../../src/domain/delimited'

describe('delimited text', () => {
  it('reads RFC 4180 quoting, CRLF, a BOM, and tabs', () => {
    expect(parseDelimited('\ufeffa,b\r\n"x, ""y""",2\r\n\r\n')).toEqual([
      ['a', 'b'],
      ['x, "y"', '2'],
    ])
    expect(parseDelimited('a\tb\nc\td')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    expect(() => parseDelimited('a,"b')).toThrow(RangeError)
  })
})

describe('cells', () => {
  it('reads American, decimal and fractional odds (D9)', () => {
    expect(readOdds('-110')).toBe(-110)
    expect(readOdds('+150')).toBe(150)
    expect(readOdds('EVEN')).toBe(100)
    expect(readOdds('1.91')).toBe(-110)
    expect(readOdds('2.50')).toBe(150)
    expect(readOdds('2')).toBe(100)
    expect(readOdds('5/2')).toBe(250)
    expect(readOdds('1/2')).toBe(-200)
    expect(readOdds('50')).toBe(4900) // decimal: any number between 1 and 100
    expect(readOdds('1')).toBeNull()
    expect(readOdds('abc')).toBeNull()
  })

  it('reads dates in the usual orders', () => {
    expect(readDay('2026-03-21')).toBe('2026-03-21')
    expect(readDay('2026-03-21T19:00:00Z')).toBe('2026-03-21')
    expect(readDay('03/21/2026')).toBe('2026-03-21')
    expect(readDay('21/03/2026')).toBe('2026-03-21')
    expect(readDay('3/21/26')).toBe('2026-03-21')
    expect(readDay('21.03.2026')).toBe('2026-03-21')
    expect(readDay('2026-02-30')).toBeNull()
  })

  it('reads stakes and leagues', () => {
    expect(readStake('$1,100.50')).toBe(110_050)
    expect(readStake('0')).toBe('Stake must be greater than 0')
    expect(readStake('1.234')).toMatch(/at most 2 decimals/)
    expect(readLeague('College FB')).toBe('NCAAF')
    expect(readLeague('Premier League')).toBe('EPL')
    expect(readLeague('eng.1')).toBe('EPL')
    expect(readLeague('nfl')).toBe('NFL')
    expect(readLeague('Curling')).toBeNull()
  })
})

describe('rows', () => {
  it("knows Grid's export by its header", () => {
    expect(isGridExport([...CSV_COLUMNS])).toBe(true)
    expect(isGridExport(['Date', 'Game'])).toBe(false)
  })

  it("reads a row of Grid's export", () => {
    const header = [...CSV_COLUMNS]
    const mapped = columnIndexes(header, GRID_MAPPING)
    if (!mapped.ok) throw new Error(mapped.message)
    const row = readRow(
      [
        '2026-03-21',
        'Liverpool @ Brighton & Hove Albion',
        'Premier League',
        'Spread',
        'Liverpool -0.5',
        '+105',
        '50.00',
        'committed',
        'lost',
        '0.00',
        '-50.00',
        '-100.0',
      ],
      mapped.indexes,
    )
    expect(row).toMatchObject({
      ok: true,
      draft: {
        day: '2026-03-21',
        league: 'EPL',
        betType: 'spread',
        side: { kind: 'team', team: 'Liverpool' },
        points: -0.5,
        odds: 105,
        amount: 5000,
        result: 'lost',
        betStatus: 'committed',
      },
    })
  })

  it('reads a generic row through a mapping, with the line in its own column', () => {
    const header = [
      'Placed',
      'Sport',
      'Away',
      'Home',
      'Type',
      'Pick',
      'Line',
      'Price',
      'Risk',
      'Outcome',
      'Book',
    ]
    const mapping = guessMapping(header)
    expect(mapping).toMatchObject({
      date: 'Placed',
      league: 'Sport',
      away: 'Away',
      home: 'Home',
      market: 'Type',
      selection: 'Pick',
      line: 'Line',
      odds: 'Price',
      stake: 'Risk',
      result: 'Outcome',
      sportsbook: 'Book',
    })
    const mapped = columnIndexes(header, mapping)
    if (!mapped.ok) throw new Error(mapped.message)
    const row = readRow(
      [
        '09/17/2022',
        'MLB',
        'Marlins',
        'Nationals',
        'Total',
        'Under',
        '8.5',
        '1.91',
        '$110',
        'W',
        'DraftKings',
      ],
      mapped.indexes,
    )
    expect(row).toMatchObject({
      ok: true,
      draft: {
        betType: 'total',
        side: { kind: 'under' },
        points: 8.5,
        odds: -110,
        amount: 11_000,
        result: 'won',
        sportsbook: 'DraftKings',
      },
    })
  })

  it('keeps a number that is part of a team name when the line has its own column', () => {
    const header = ['Date', 'Event', 'Market', 'Selection', 'Line', 'Odds', 'Stake']
    const mapped = columnIndexes(header, guessMapping(header))
    if (!mapped.ok) throw new Error(mapped.message)
    const row = readRow(
      ['2026-03-21', 'Leverkusen @ Heidenheim', 'Spread', '1. FC Heidenheim 1846', '+1.5', '-110', '10'],
      mapped.indexes,
    )
    expect(row).toMatchObject({
      ok: true,
      draft: { side: { kind: 'team', team: '1. FC Heidenheim 1846' }, points: 1.5 },
    })
  })

  it('gives each bad row its reason', () => {
    const header = ['Date', 'Event', 'Selection', 'Odds', 'Stake', 'Result']
    const mapped = columnIndexes(header, guessMapping(header))
    if (!mapped.ok) throw new Error(mapped.message)
    expect(readRow(['yesterday', 'A @ B', 'A', '-110', '10', ''], mapped.indexes)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not a date/),
    })
    expect(readRow(['2026-01-01', 'A @ B', 'A', '-90', '10', ''], mapped.indexes)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Odds/),
    })
    expect(readRow(['2026-01-01', 'A @ B', 'A', '-110', '-10', ''], mapped.indexes)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Stake/),
    })
    expect(readRow(['2026-01-01', 'A @ B', 'A', '-110', '10', 'half won'], mapped.indexes)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Result/),
    })
    expect(columnIndexes(header, {})).toMatchObject({ ok: false, field: 'date' })
  })

  it("puts the team on the game's own spelling, refusing a team of neither side", () => {
    const header = ['Date', 'Event', 'Market', 'Selection', 'Odds', 'Stake']
    const mapped = columnIndexes(header, guessMapping(header))
    if (!mapped.ok) throw new Error(mapped.message)
    const row = readRow(
      ['2026-01-01', 'LA Rams @ Seattle', 'Moneyline', 'LA Rams', '+120', '10'],
      mapped.indexes,
    )
    if (!row.ok) throw new Error(row.reason)
    const game = { id: 1, league: 'NFL', awayTeam: 'Los Angeles Rams', homeTeam: 'Seattle Seahawks' }
    expect(termsOnGame(row.draft, game)).toMatchObject({
      ok: true,
      terms: { selection: 'Los Angeles Rams ML' },
    })
    expect(termsOnGame(row.draft, { ...game, awayTeam: 'Dallas Cowboys' })).toMatchObject({ ok: false })
  })
})

import { describe, expect, it } from 'vitest'
import {
  columnIndexes,
  gridMapping,
  guessMapping,
  isGridExport,
  readDay,
  readLeague,
  readOdds,
  readPlaced,
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
  it('reads American, decimal and fractional odds (decision 009)', () => {
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

  it("knows Grid's export made before the Sportsbook and Placed columns", () => {
    const before = CSV_COLUMNS.slice(0, 12)
    expect(isGridExport(before)).toBe(true)
    expect(gridMapping(before)).not.toHaveProperty('sportsbook')
    expect(gridMapping(before)).not.toHaveProperty('placed')
  })

  it("reads back the sportsbook and the placed time of Grid's export", () => {
    const header = [...CSV_COLUMNS]
    expect(header.slice(12)).toEqual(['Sportsbook', 'Placed'])
    const mapped = columnIndexes(header, gridMapping(header))
    if (!mapped.ok) throw new Error(mapped.message)
    const cells = ['2026-03-21', 'Boston Celtics @ Los Angeles Lakers', 'NBA', 'Moneyline', 'Lakers ML']
    const row = readRow(
      [
        ...cells,
        '-150',
        '30.00',
        'committed',
        'won',
        '50.00',
        '20.00',
        '66.7',
        'FanDuel',
        '2026-03-21T18:05:00.000Z',
      ],
      mapped.indexes,
    )
    expect(row).toMatchObject({
      ok: true,
      draft: { sportsbook: 'FanDuel', placed: { instant: new Date('2026-03-21T18:05:00.000Z') } },
    })
  })

  it('reads a placed time as an instant with its offset, or a wall time of the day', () => {
    expect(readPlaced('2026-03-21T18:05:00-04:00')).toEqual({ instant: new Date('2026-03-21T22:05:00Z') })
    expect(readPlaced('2026-03-21 19:05')).toEqual({ day: '2026-03-21', time: '19:05' })
    expect(readPlaced('3/21/2026 7:05 PM')).toEqual({ day: '2026-03-21', time: '19:05' })
    expect(readPlaced('3/21/2026, 12:30 am')).toEqual({ day: '2026-03-21', time: '00:30' })
    expect(readPlaced('21.03.2026')).toEqual({ day: '2026-03-21', time: '00:00' })
    expect(readPlaced('2026-03-21 25:00')).toBeUndefined()
    expect(readPlaced('yesterday')).toBeUndefined()
    expect(guessMapping(['Date', 'Placed At', 'Event', 'Pick', 'Odds', 'Stake'])).toMatchObject({
      date: 'Date',
      placed: 'Placed At',
    })
  })

  it("reads a row of Grid's export", () => {
    const header = [...CSV_COLUMNS]
    const mapped = columnIndexes(header, gridMapping(header))
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
        'Manual Entry',
        '2026-03-21T14:00:00.000Z',
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

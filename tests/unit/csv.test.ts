import { describe, expect, it } from 'vitest'
import {
  buildCsv,
  CSV_COLUMNS,
  type CsvBet,
  csvCells,
  csvField,
  csvFileName,
  csvLine,
  csvRow,
  csvRows,
} from '../../src/domain/csv'
import { moneyline, recorded, spread, total } from '../support/bets'

const game = {
  homeTeam: 'Los Angeles Lakers',
  awayTeam: 'Boston Celtics',
  sport: 'NBA',
  startTime: '2026-11-21T03:30:00.000Z',
}

function csvBet(overrides: Partial<CsvBet> & Pick<CsvBet, 'betType'>): CsvBet {
  return {
    ...recorded(spread('Lakers', -3.5)),
    sportsbook: 'DraftKings',
    placedAt: '2026-11-20T20:00:00.000Z',
    game,
    ...overrides,
  }
}

describe('CSV rows', () => {
  it('writes the same rows through csvRows, whose day memo is bounded, as through csvRow', () => {
    // 6,000 distinct instants across DST changes, each twice: the memo fills, clears and refills.
    const bets = Array.from({ length: 12_000 }, (_, i) =>
      csvBet({
        betType: 'spread',
        game: { ...game, startTime: new Date(Date.parse('2026-03-01T00:00:00Z') + (i % 6_000) * 3_500_000) },
      }),
    )
    for (const zone of ['America/Chicago', 'Asia/Kolkata']) {
      const row = csvRows(zone)
      expect(bets.map(row)).toEqual(bets.map((bet) => csvRow(bet, zone)))
    }
  })

  it("has the spec's columns", () => {
    expect(buildCsv([], 'America/Chicago')).toBe(
      'Date,Game,Sport,Bet Type,Selection,Odds,Amount,Status,Result,Payout,Profit/Loss,ROI %,Sportsbook,Placed\r\n',
    )
    expect(CSV_COLUMNS).toHaveLength(14)
  })

  it('keeps the sportsbook and the placed instant, in UTC whatever the zone', () => {
    const bet = csvBet({
      betType: 'spread',
      sportsbook: 'FanDuel',
      placedAt: new Date('2026-11-20T20:05:00Z'),
    })
    expect(csvCells(bet, 'America/Chicago').slice(12)).toEqual(['FanDuel', '2026-11-20T20:05:00.000Z'])
    expect(csvCells(bet, 'Asia/Tokyo').slice(12)).toEqual(['FanDuel', '2026-11-20T20:05:00.000Z'])
  })

  it('writes a won bet with 2-decimal money and 1-decimal ROI, dated in the user time zone', () => {
    const won = {
      ...recorded(spread('Lakers', -3.5, 11_000, -110), { result: 'won' }),
      sportsbook: 'BetMGM',
      placedAt: '2026-11-20T20:00:00.000Z',
      game,
    }
    // 03:30 UTC on the 21st is 21:30 on the 20th in Chicago.
    expect(csvCells(won, 'America/Chicago')).toEqual([
      '2026-11-20',
      'Boston Celtics @ Los Angeles Lakers',
      'NBA',
      'Spread',
      'Lakers -3.5',
      '-110',
      '110.00',
      'committed',
      'won',
      '210.00',
      '100.00',
      '90.9',
      'BetMGM',
      '2026-11-20T20:00:00.000Z',
    ])
    expect(csvCells(won, 'Asia/Tokyo')[0]).toBe('2026-11-21')
  })

  it('writes lost, push and pending bets', () => {
    const lost = {
      ...recorded(total('over', 220.5, 5_000, 120), { result: 'lost' }),
      sportsbook: 'BetMGM',
      placedAt: '2026-11-20T20:00:00.000Z',
      game,
    }
    expect(csvCells(lost, 'UTC').slice(3)).toEqual([
      'Over/Under',
      'Over 220.5',
      '+120',
      '50.00',
      'committed',
      'lost',
      '0.00',
      '-50.00',
      '-100.0',
      'BetMGM',
      '2026-11-20T20:00:00.000Z',
    ])
    const push = {
      ...recorded(moneyline('Lakers', 2_000, -200), { result: 'push' }),
      sportsbook: 'BetMGM',
      placedAt: '2026-11-20T20:00:00.000Z',
      game,
    }
    expect(csvCells(push, 'UTC').slice(8, 12)).toEqual(['push', '20.00', '0.00', '0.0'])
    const pending = csvBet({ betType: 'spread', betStatus: 'tentative' })
    expect(csvCells(pending, 'UTC').slice(7, 12)).toEqual(['tentative', 'pending', '', '', ''])
  })

  it('dates a bet by its placement when the game has no start time', () => {
    const bet = csvBet({ betType: 'spread', game: { ...game, startTime: null } })
    expect(csvCells(bet, 'America/Chicago')[0]).toBe('2026-11-20')
  })

  it('names the file bet-history-{date}.csv', () => {
    expect(csvFileName('2026-11-23')).toBe('bet-history-2026-11-23.csv')
  })
})

describe('CSV fields (RFC 4180, formula-inert)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['+cmd', "'+cmd"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['-110', '-110'],
    ['+150', '+150'],
    ['-25.00', '-25.00'],
    ['', ''],
  ])('%j -> %j', (value, field) => {
    expect(csvField(value)).toBe(field)
  })

  it('ends lines with CRLF', () => {
    expect(csvLine(['a', 'b,c'])).toBe('a,"b,c"\r\n')
  })

  it('neutralises a hostile team name inside a full row', () => {
    const hostile = csvBet({ betType: 'spread', game: { ...game, homeTeam: '=1+1' } })
    expect(buildCsv([hostile], 'UTC').split('\r\n')[1]).toContain('Boston Celtics @ =1+1')
    const lead = csvBet({ betType: 'spread', game: { ...game, awayTeam: '=1+1' } })
    expect(buildCsv([lead], 'UTC').split('\r\n')[1]).toContain("'=1+1 @ Los Angeles Lakers")
  })
})

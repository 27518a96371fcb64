import { describe, expect, it } from 'vitest'
import { csvRow } from '../../src/domain/csv'
import { parseDelimited } from '../../src/domain/delimited'
import { readLegsCell } from '../../src/domain/ticket-csv'
import { attachmentName, csvBet, csvFile } from '../../src/web/features/history/csv-export'
import { apiBet, apiGame, apiLeg } from '../support/web-fixtures'

describe('the CSV export', () => {
  it("reads the file name of the server's Content-Disposition, plain or RFC 5987", () => {
    expect(attachmentName('attachment; filename="bet-history-2026-11-23.csv"')).toBe(
      'bet-history-2026-11-23.csv',
    )
    expect(attachmentName("attachment; filename*=UTF-8''bet%20history.csv")).toBe('bet history.csv')
    expect(attachmentName('attachment; filename=plain.csv')).toBe('plain.csv')
    expect(attachmentName(null)).toBeNull()
    expect(attachmentName('attachment')).toBeNull()
  })

  it('never lets the header steer the download into a folder', () => {
    expect(attachmentName('attachment; filename="../../etc/passwd"')).toBe('passwd')
    expect(attachmentName('attachment; filename="C:\\\\temp\\\\x.csv"')).toBe('x.csv')
  })

  it("hands the domain's CSV row the same bet the server would, money in cents", () => {
    const bet = apiBet(apiGame(), { result: 'won', payout: '210.00' })
    const row = csvBet(bet)
    expect(row).toMatchObject({
      amount: 11_000,
      payout: 21_000,
      result: 'won',
      sportsbook: 'DraftKings',
      placedAt: bet.placedAt,
    })
    expect(row.game).toEqual({
      homeTeam: 'Kansas City Chiefs',
      awayTeam: 'Buffalo Bills',
      sport: 'NFL',
      startTime: '2026-11-22T18:00:00.000Z',
    })
    expect(csvRow(row, 'America/Chicago')).toBe(
      '2026-11-22,Buffalo Bills @ Kansas City Chiefs,NFL,Moneyline,Kansas City Chiefs,-110,110.00,committed,won,210.00,100.00,90.9,DraftKings,2026-11-22T17:00:00.000Z\r\n',
    )
  })

  it('writes a ticket as the server does when the server fails: its row, with the Legs column read back', () => {
    const chiefs = apiGame({ id: 1 })
    const broncos = apiGame({ id: 2, homeTeam: 'Denver Broncos', awayTeam: 'Las Vegas Raiders' })
    const parlay = apiBet(chiefs, {
      id: 10,
      betType: 'parlay',
      selection: 'Kansas City Chiefs -3 | Over 44.5',
      odds: 264,
      amount: '10.00',
      potentialWin: '26.45',
      profitBoostPercent: 10,
      legs: [
        apiLeg(broncos, {
          id: 2,
          position: 1,
          betType: 'total',
          selection: 'Over 44.5',
          overUnder: 'over',
          totalPoints: 44.5,
          odds: -110,
        }),
        apiLeg(chiefs, {
          id: 1,
          position: 0,
          betType: 'spread',
          selection: 'Kansas City Chiefs -3',
          spreadTeam: 'Kansas City Chiefs',
          spreadPoints: -3,
          odds: -110,
          result: 'won',
        }),
      ],
    })
    const single = apiBet(chiefs, { id: 11 })
    const [header, ticketRow, singleRow] = parseDelimited(csvFile([parlay, single], 'America/Chicago'), ',')
    expect(header?.at(-1)).toBe('Legs')
    expect(ticketRow?.slice(1, 5)).toEqual([
      'Buffalo Bills @ Kansas City Chiefs | Las Vegas Raiders @ Denver Broncos',
      'NFL',
      'Parlay',
      'Kansas City Chiefs -3 | Over 44.5',
    ])
    expect(readLegsCell(ticketRow?.at(-1) ?? '')).toMatchObject({
      shape: { kind: 'parlay' },
      potentialWin: 2645,
      boost: { kind: 'profit', percent: 10 },
      legs: [
        { market: { betType: 'spread', team: 'Kansas City Chiefs', points: -3 }, odds: -110, result: 'won' },
        { market: { betType: 'total', overUnder: 'over', points: 44.5 }, odds: -110, result: null },
      ],
    })
    expect(singleRow?.at(-1)).toBe('')
  })
})

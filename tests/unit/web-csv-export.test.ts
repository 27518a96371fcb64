import { describe, expect, it } from 'vitest'
import { csvRow } from '../../src/domain/csv'
import { attachmentName, csvBet } from '../../src/web/features/history/csv-export'
import { apiBet, apiGame } from '../support/web-fixtures'

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
})

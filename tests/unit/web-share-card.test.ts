import { describe, expect, it } from 'vitest'
import { groupByGame } from '../../src/web/features/history/history-data'
import { shareCardText, ticketShareCardText } from '../../src/web/features/history/share-card'
import { instagramCaption, shareText } from '../../src/web/features/history/share-links'
import { apiBet, apiGame, apiLeg } from '../support/web-fixtures'

/** Decision 067: a won ticket's own share card, and the tickets a game's card names. */
const first = apiGame({ id: 1, startTime: '2026-11-20T18:00:00.000Z' })
const second = apiGame({ id: 2, startTime: '2026-11-22T18:00:00.000Z', homeTeam: 'Denver Broncos' })
const parlay = apiBet(first, {
  id: 7,
  betType: 'parlay',
  selection: 'Kansas City Chiefs ML | Denver Broncos ML',
  result: 'won',
  payout: '364.00',
  amount: '100.00',
  legs: [
    apiLeg(first, { id: 1, position: 0, result: 'won', selection: 'Kansas City Chiefs ML' }),
    apiLeg(second, { id: 2, position: 1, result: 'won', selection: 'Denver Broncos ML' }),
  ],
})

describe("a won ticket's share card", () => {
  it('names the ticket and its legs, and shows its profit, stake and payout', () => {
    const card = ticketShareCardText(parlay, 'America/Chicago', 'https://grid.test', 'help@grid.test')
    expect(card).toMatchObject({
      pill: 'Parlay · WON',
      title: '2-Leg Parlay',
      score: null,
      profit: '+$264',
      roi: '+264.0%',
      tiles: [
        { name: 'ROI', value: '+264.0%' },
        { name: 'Stake', value: '$100' },
        { name: 'Paid', value: '$364' },
      ],
      productUrl: 'grid.test',
    })
    expect(card.lines).toHaveLength(2)
    expect(card.lines[0]).toMatch(/^Kansas City Chiefs ML · /)
    expect(card.fileName).toMatch(/^grid-win-parlay-7-2026-11-\d\d\.png$/)
    expect(shareText(card)).toContain('Cashed +$264 (+264.0% ROI) on 2-Leg Parlay.')
    expect(instagramCaption(card, 'https://grid.test')).toContain('ROI +264.0% · Stake $100 · Paid $364')
  })

  it('lists three legs and how many more', () => {
    const legs = Array.from({ length: 5 }, (_, i) => apiLeg(first, { id: i + 1, position: i, result: 'won' }))
    const card = ticketShareCardText({ ...parlay, legs }, 'UTC', 'https://grid.test', 'help@grid.test')
    expect(card.title).toBe('5-Leg Parlay')
    expect(card.lines).toHaveLength(4)
    expect(card.lines[3]).toBe('and 2 more')
  })
})

describe("a winning game's share card", () => {
  it('names the tickets that won on it', () => {
    const single = apiBet(first, {
      id: 8,
      result: 'won',
      payout: '210.00',
      amount: '110.00',
      potentialWin: '100.00',
    })
    const [entry] = groupByGame([parlay, single])
    if (!entry) throw new Error('the game is grouped')
    const card = shareCardText(entry, 'UTC', 'https://grid.test', 'help@grid.test')
    expect(card.title).toBe(`${first.awayTeam} @ ${first.homeTeam}`)
    expect(card.lines).toEqual(['Parlay won +$264'])
    expect(card.tiles.map((tile) => tile.name)).toEqual(['ROI', 'Wagered', 'Record (W-L)'])
  })
})

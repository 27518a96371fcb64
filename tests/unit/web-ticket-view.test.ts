import { describe, expect, it } from 'vitest'
import { toRecordedBet } from '../../src/web/features/bets/bet-money'
import {
  betKindLabel,
  boostText,
  canSettleByHand,
  handLineBets,
  handResultRequest,
  isOffFeed,
  isTicket,
  legChip,
  legEventText,
  orderedLegs,
  PAYOUT_NEEDED,
  settleProblemOf,
  uniqueBets,
} from '../../src/web/features/bets/ticket-view'
import { apiBet, apiGame, apiLeg } from '../support/web-fixtures'

const chiefs = apiGame({ id: 1 })
const broncos = apiGame({ id: 2, homeTeam: 'Denver Broncos', awayTeam: 'Las Vegas Raiders' })
const offFeed = apiGame({ id: 3, provider: 'unlinked', homeTeam: 'Oscars', awayTeam: 'Best Picture' })
const parlay = apiBet(chiefs, {
  id: 10,
  betType: 'parlay',
  selection: '2-leg parlay',
  odds: 264,
  legs: [
    apiLeg(broncos, { id: 2, position: 1, selection: 'Denver Broncos', odds: null, result: 'won' }),
    apiLeg(chiefs, { id: 1, position: 0, selection: 'Kansas City Chiefs', odds: -110 }),
  ],
})
const single = apiBet(chiefs, { id: 11 })

describe('a ticket as the web reads it', () => {
  it('names its boost as the slip said it: a profit boost, or the price before a boosted price', () => {
    expect(boostText(apiBet(chiefs, { profitBoostPercent: 25 }))).toBe('Profit boost 25%')
    expect(boostText(apiBet(chiefs, { odds: 650, unboostedOdds: 500 }))).toBe('Boosted from +500')
    expect(boostText(parlay)).toBeNull()
  })

  it('is a bet with legs, named by its kind', () => {
    expect(isTicket(parlay)).toBe(true)
    expect(isTicket(single)).toBe(false)
    expect(betKindLabel(parlay)).toBe('Parlay')
    expect(betKindLabel(apiBet(chiefs, { betType: 'same_game_parlay' }))).toBe('Same-Game Parlay')
  })

  it('lists its legs in slip order, each on its game or its event, pending until decided', () => {
    const [first, second] = orderedLegs(parlay)
    expect([first?.id, second?.id]).toEqual([1, 2])
    expect(first && legEventText(first)).toBe('Buffalo Bills @ Kansas City Chiefs')
    const oscar = apiLeg(offFeed, {
      event: { name: 'Best Picture 2027', league: null, startTime: offFeed.startTime },
    })
    expect(legEventText(oscar)).toBe('Best Picture 2027')
    expect(first && legChip(first)).toBe('pending')
    expect(second && legChip(second)).toBe('won')
    expect(legChip({ result: 'void' })).toBe('void')
  })

  it('keeps a void ticket void, not pending', () => {
    expect(toRecordedBet(apiBet(chiefs, { result: 'void', payout: '110.00' })).result).toBe('void')
  })
})

describe('settling by hand', () => {
  it('is offered for a placed ticket or a placed bet off the feed, never a tentative one', () => {
    expect(canSettleByHand(parlay, parlay.game)).toBe(true)
    expect(canSettleByHand(single, single.game)).toBe(false)
    // A single the feed settled can be corrected.
    expect(canSettleByHand({ ...single, result: 'won' }, single.game)).toBe(true)
    const offSingle = apiBet(offFeed, { id: 12, betType: 'other' })
    expect(isOffFeed(offSingle, offSingle.game)).toBe(true)
    expect(canSettleByHand(offSingle, offSingle.game)).toBe(true)
    expect(canSettleByHand({ ...offSingle, betStatus: 'tentative' }, offSingle.game)).toBe(false)
    const offLeg = apiBet(chiefs, { legs: [apiLeg(offFeed)] })
    expect(isOffFeed(offLeg)).toBe(true)
  })

  it('sends a leg’s result without a payout, and the ticket’s with the payout typed', () => {
    expect(handResultRequest(parlay, { target: 2, result: 'lost', payout: '12' })).toEqual({
      body: { result: 'lost', legId: 2 },
    })
    expect(handResultRequest(parlay, { target: 'ticket', result: 'won', payout: ' ' })).toEqual({
      body: { result: 'won' },
    })
    expect(handResultRequest(parlay, { target: 'ticket', result: 'won', payout: '$1,234.50' })).toEqual({
      body: { result: 'won', payout: '1234.50' },
    })
    expect(handResultRequest(parlay, { target: 'ticket', result: 'push', payout: '0' })).toEqual({
      body: { result: 'push', payout: '0' },
    })
    // Clearing sends a null result, with no payout even if one was typed, for the ticket or a leg.
    expect(handResultRequest(parlay, { target: 'ticket', result: 'clear', payout: '5' })).toEqual({
      body: { result: null },
    })
    expect(handResultRequest(parlay, { target: 2, result: 'clear', payout: '' })).toEqual({
      body: { result: null, legId: 2 },
    })
  })

  it('names the payout field when a ticket that needs review has none, or the amount is not one', () => {
    const review = { ...parlay, needsReview: true }
    expect(handResultRequest(review, { target: 'ticket', result: 'won', payout: '' })).toEqual({
      problem: { field: 'payout', message: PAYOUT_NEEDED },
    })
    expect(handResultRequest(review, { target: 'ticket', result: 'won', payout: '12.345' })).toMatchObject({
      problem: { field: 'payout' },
    })
    expect(handResultRequest(review, { target: 'ticket', result: 'won', payout: '-5' })).toMatchObject({
      problem: { field: 'payout' },
    })
    // A leg's result needs no payout, even on a ticket under review.
    expect(handResultRequest(review, { target: 1, result: 'won', payout: '' })).toEqual({
      body: { result: 'won', legId: 1 },
    })
  })

  it('shows the server’s refusal beside the payout field when it names it, else under the form', () => {
    expect(settleProblemOf('Enter what the book paid', 'payout')).toEqual({
      field: 'payout',
      message: 'Enter what the book paid',
    })
    expect(settleProblemOf('Confirm the bet before entering its result', null).field).toBeNull()
    expect(settleProblemOf('legId must be one of the ticket’s legs', 'legId').field).toBeNull()
  })
})

describe('a ticket under several games', () => {
  it('counts once by bet id, in the order first seen', () => {
    const underBroncos = { ...parlay, game: broncos }
    expect(uniqueBets([parlay, single, underBroncos]).map((bet) => [bet.id, bet.game.id])).toEqual([
      [10, 1],
      [11, 1],
    ])
  })

  it('lists tickets, bets off the feed and bets to review on their own lines', () => {
    const offSingle = apiBet(offFeed, { id: 12, betType: 'other' })
    const review = apiBet(chiefs, { id: 13, needsReview: true, reviewReason: 'A leg was void' })
    expect(handLineBets([parlay, single, offSingle, review]).map((bet) => bet.id)).toEqual([10, 12, 13])
  })
})

import { describe, expect, it } from 'vitest'
import { BET_FORM_MESSAGES } from '../../src/domain/bet-form'
import { TICKET_ENTRY_MESSAGES } from '../../src/domain/ticket-entry'
import { formSlipLeg } from '../../src/web/features/bets/bet-form/slip-leg'
import { initialBetForm } from '../../src/web/features/bets/bet-form/state'
import {
  EMPTY_OFF_FEED,
  offFeedErrorField,
  offFeedFormOf,
  offFeedSingleBody,
  offFeedSlipLeg,
} from '../../src/web/features/slip/off-feed'
import {
  addLeg,
  allowedKinds,
  checkSlip,
  EMPTY_SLIP,
  feedLeg,
  legInput,
  legsOdds,
  messageAt,
  previewToWin,
  readStoredSlip,
  SLIP_MESSAGES,
  type SlipLeg,
  type SlipState,
  type SlipTerms,
  sizeChoices,
  slipErrorTarget,
  slipOfTicket,
  slipReducer,
  ticketBody,
} from '../../src/web/features/slip/slip-state'
import { apiBet, apiGame, apiLeg } from '../support/web-fixtures'

const BILLS = { id: 1, homeTeam: 'Kansas City Chiefs', awayTeam: 'Buffalo Bills', league: 'nfl' }
const JETS = { id: 2, homeTeam: 'New York Jets', awayTeam: 'Miami Dolphins', league: 'nfl' }
const LAKERS = { id: 3, homeTeam: 'Los Angeles Lakers', awayTeam: 'Boston Celtics', league: 'nba' }

const billsSpread = feedLeg(BILLS, { betType: 'spread', team: 'Buffalo Bills', points: 3.5 }, -110)
const billsTotal = feedLeg(BILLS, { betType: 'total', overUnder: 'over', points: 47.5 }, -110)
const jetsTotal = feedLeg(JETS, { betType: 'total', overUnder: 'under', points: 41 }, -110)
const lakersMoneyline = feedLeg(LAKERS, { betType: 'moneyline', team: 'Los Angeles Lakers' }, 150)
const prop: Omit<SlipLeg, 'key'> = {
  game: null,
  event: { name: 'Lakers at Celtics props', league: 'NBA', startTime: null },
  betType: 'other',
  selection: 'LeBron James over 25.5 points',
  exactPrice: null,
  spreadTeam: null,
  spreadPoints: null,
  totalPoints: null,
  overUnder: null,
  odds: 120,
  period: 'FT',
}

/** A slip of these legs, added in order, with these terms. */
function slipOf(legs: Omit<SlipLeg, 'key'>[], terms: Partial<SlipTerms> = {}): SlipState {
  let state = EMPTY_SLIP
  for (const leg of legs) state = slipReducer(state, { type: 'add', leg })
  return slipReducer(state, { type: 'terms', terms })
}

describe('adding legs to the slip', () => {
  it('keys each leg, and refuses the same market twice and a sixteenth leg', () => {
    const one = addLeg(EMPTY_SLIP, billsSpread)
    expect(one.refused).toBeNull()
    expect(one.state.legs.map((leg) => [leg.key, leg.selection])).toEqual([['leg-1', 'Buffalo Bills +3.5']])
    // Other odds on the same selection of the same game: the same leg.
    expect(addLeg(one.state, { ...billsSpread, odds: -105 }).refused).toBe(SLIP_MESSAGES.twice)

    let full = EMPTY_SLIP
    for (let n = 0; n < 15; n++)
      full = addLeg(
        full,
        feedLeg({ ...BILLS, id: 100 + n }, { betType: 'moneyline', team: 'Buffalo Bills' }, 100),
      ).state
    expect(full.legs).toHaveLength(15)
    expect(addLeg(full, billsSpread).refused).toBe(SLIP_MESSAGES.full)
  })

  it('gives a new leg a key no other leg holds after a removal', () => {
    const two = slipOf([billsSpread, jetsTotal])
    const removed = slipReducer(two, { type: 'remove', key: 'leg-1' })
    const again = slipReducer(removed, { type: 'add', leg: lakersMoneyline })
    expect(new Set(again.legs.map((leg) => leg.key)).size).toBe(2)
  })

  it('clears the legs and terms but keeps the sportsbook', () => {
    const cleared = slipReducer(slipOf([billsSpread, jetsTotal], { sportsbook: 'FanDuel', amount: '20' }), {
      type: 'clear',
    })
    expect(cleared.legs).toEqual([])
    expect(cleared.terms).toMatchObject({ sportsbook: 'FanDuel', amount: '' })
  })
})

describe('the kinds the legs allow', () => {
  it('offers a parlay and a teaser on spreads and totals of different games, a round robin from 3 legs', () => {
    expect(allowedKinds(slipOf([billsSpread]).legs)).toEqual([])
    expect(allowedKinds(slipOf([billsSpread, jetsTotal]).legs)).toEqual(['parlay', 'teaser'])
    expect(allowedKinds(slipOf([billsSpread, jetsTotal, lakersMoneyline]).legs)).toEqual([
      'parlay',
      'round_robin',
    ])
    expect(allowedKinds(slipOf([billsSpread, jetsTotal, prop]).legs)).toEqual(['parlay', 'round_robin'])
  })

  it('offers a same-game parlay (and a teaser) when the legs are on one game', () => {
    expect(allowedKinds(slipOf([billsSpread, billsTotal]).legs)).toEqual(['same_game_parlay', 'teaser'])
  })

  it('moves to an allowed kind when the legs change, and fits round robin sizes to the legs', () => {
    const robin = slipOf([billsSpread, jetsTotal, lakersMoneyline], { kind: 'round_robin', sizes: [2] })
    expect(robin.terms.kind).toBe('round_robin')
    const fewer = slipReducer(robin, { type: 'remove', key: 'leg-3' })
    expect(fewer.terms.kind).toBe('parlay')
    const sameGame = slipOf([billsSpread, billsTotal])
    expect(sameGame.terms.kind).toBe('same_game_parlay')
  })
})

describe("the slip's To Win", () => {
  it('multiplies a parlay’s legs’ odds, with a profit boost on the profit', () => {
    const parlay = slipOf([billsSpread, jetsTotal], { amount: '10' })
    // (21/11)^2 = 441/121: $10 returns $36.45, $26.45 of it profit.
    expect(previewToWin(parlay)).toBe(2645)
    expect(previewToWin(slipReducer(parlay, { type: 'terms', terms: { boost: '10' } }))).toBe(2909)
    const check = checkSlip(parlay)
    expect(check.ok && check.value.potentialWin).toBe(2645)
  })

  it('takes the ticket’s price in any format, and a leg’s exact price from the bet form (decision 072)', () => {
    // A same-game parlay at 7.00: $10 wins $60; at 6/1 the same.
    const decimal = slipOf([billsSpread, billsTotal], { amount: '10', odds: '7.00' })
    expect(previewToWin(decimal)).toBe(6000)
    expect(ticketBody(decimal)).toMatchObject({ decimalOdds: '7.00' })
    expect(ticketBody(decimal)).not.toHaveProperty('odds')
    const fraction = slipReducer(decimal, { type: 'terms', terms: { odds: '6/1' } })
    expect(previewToWin(fraction)).toBe(6000)
    expect(ticketBody(fraction)).toMatchObject({ fractionalOdds: '6/1' })
    expect(checkSlip(slipReducer(decimal, { type: 'terms', terms: { odds: '0.5' } }))).toMatchObject({
      ok: false,
      field: 'decimalOdds',
    })
    expect(slipErrorTarget('decimalOdds')).toEqual({ kind: 'term', term: 'odds' })
    // A leg at 1.91 and one at -110: 10 x 1.91 x 21/11 = $36.46, To Win $26.46.
    const exact = feedLeg(BILLS, { betType: 'spread', team: 'Buffalo Bills', points: 3.5 }, -110, '1.91')
    expect(legInput({ ...exact, key: 'leg-1' })).toMatchObject({ odds: -110, decimalOdds: 1.91 })
    expect(previewToWin(slipOf([exact, jetsTotal], { amount: '10' }))).toBe(2646)
  })

  it('prices a boosted price from the boosted odds, keeps the price before it, and takes one boost only', () => {
    const boosted = slipOf([billsSpread, jetsTotal], { amount: '10', odds: '+300', unboosted: '+264' })
    expect(previewToWin(boosted)).toBe(3000)
    expect(ticketBody(boosted)).toMatchObject({ odds: 300, unboostedOdds: 264, profitBoostPercent: null })
    expect(checkSlip(boosted).ok).toBe(true)
    const both = slipReducer(boosted, { type: 'terms', terms: { boost: '10' } })
    expect(previewToWin(both)).toBeNull()
    expect(checkSlip(both)).toMatchObject({ ok: false, field: 'profitBoostPercent' })
    expect(previewToWin(slipReducer(boosted, { type: 'terms', terms: { unboosted: '+50' } }))).toBeNull()
  })

  it('takes the slip’s own To Win, and needs the ticket’s odds on a same-game parlay', () => {
    const sameGame = slipOf([billsSpread, billsTotal], { amount: '10' })
    expect(previewToWin(sameGame)).toBeNull()
    expect(checkSlip(sameGame)).toEqual({ ok: false, field: 'odds', message: TICKET_ENTRY_MESSAGES.price })
    expect(previewToWin(slipReducer(sameGame, { type: 'terms', terms: { odds: '+300' } }))).toBe(3000)
    expect(previewToWin(slipReducer(sameGame, { type: 'terms', terms: { toWin: '31.50' } }))).toBe(3150)
  })

  it('sums a round robin’s parlays, and is blank while the stake is', () => {
    const robin = slipOf([billsSpread, jetsTotal, lakersMoneyline], { kind: 'round_robin', amount: '30' })
    expect(previewToWin(slipReducer(robin, { type: 'terms', terms: { amount: '' } }))).toBeNull()
    const toWin = previewToWin(robin)
    expect(toWin).not.toBeNull()
    const check = checkSlip(robin)
    expect(check.ok && check.value.potentialWin).toBe(toWin)
  })
})

describe("the slip's hints", () => {
  it('prices a parlay from its legs’ odds, and lists the round robin sizes the legs allow', () => {
    // 441/121 = 3.6446 returns: +265 is the shortest American price paying at least that.
    expect(legsOdds(slipOf([billsSpread, jetsTotal]))).toBe(265)
    expect(legsOdds(slipOf([billsSpread, { ...prop, odds: null }]))).toBeNull()
    expect(legsOdds(slipOf([billsSpread, billsTotal]))).toBeNull()
    expect(sizeChoices(3)).toEqual([2])
    expect(sizeChoices(5)).toEqual([2, 3, 4])
  })

  it('folds and opens, and opens again when a leg is added', () => {
    const folded = slipReducer(slipOf([billsSpread]), { type: 'expanded', expanded: false })
    expect(folded.expanded).toBe(false)
    expect(slipReducer(folded, { type: 'add', leg: jetsTotal }).expanded).toBe(true)
  })
})

describe("the slip's check and body", () => {
  it('refuses as the server does, naming the field', () => {
    expect(checkSlip(slipOf([billsSpread, jetsTotal]))).toMatchObject({ ok: false, field: 'amount' })
    const teaser = slipOf([billsSpread, jetsTotal], {
      kind: 'teaser',
      amount: '10',
      odds: '-120',
      teaserPoints: '6.3',
    })
    expect(checkSlip(teaser)).toEqual({
      ok: false,
      field: 'teaserPoints',
      message: TICKET_ENTRY_MESSAGES.teaserPoints,
    })
    const robin = slipOf([billsSpread, jetsTotal, lakersMoneyline], { kind: 'round_robin', amount: '10' })
    expect(checkSlip(robin)).toEqual({ ok: false, field: 'amount', message: TICKET_ENTRY_MESSAGES.evenStake })
  })

  it('defaults a same-game parlay’s void rule from the book, and sends only the kind’s own terms', () => {
    const sameGame = slipOf([billsSpread, billsTotal], {
      amount: '10',
      odds: '+260',
      sportsbook: 'DraftKings',
    })
    const checked = checkSlip(sameGame)
    expect(checked.ok && checked.value.shape).toEqual({ kind: 'same_game_parlay', voidRule: 'void' })
    expect(ticketBody(sameGame)).toMatchObject({
      betType: 'same_game_parlay',
      voidRule: null,
      teaserPoints: null,
      ties: null,
      sizes: null,
      odds: 260,
      amount: '10',
      sportsbook: 'DraftKings',
    })

    const parlay = ticketBody(slipOf([billsSpread, prop], { amount: '5' }))
    expect(parlay.legs).toEqual([
      expect.objectContaining({
        gameId: 1,
        betType: 'spread',
        spreadTeam: 'Buffalo Bills',
        spreadPoints: 3.5,
      }),
      expect.objectContaining({ event: prop.event, betType: 'other', selection: prop.selection, odds: 120 }),
    ])
    expect(parlay).toMatchObject({
      betType: 'parlay',
      odds: null,
      potentialWin: null,
      profitBoostPercent: null,
    })
  })

  it('shows a refusal at its leg, its term, or over the list', () => {
    expect(slipErrorTarget('legs.2.odds')).toEqual({ kind: 'leg', index: 2 })
    expect(slipErrorTarget('legs')).toEqual({ kind: 'legs' })
    expect(slipErrorTarget('potentialWin')).toEqual({ kind: 'term', term: 'toWin' })
    expect(slipErrorTarget('userId')).toEqual({ kind: 'form' })
    const refusal = { field: 'legs.1.gameId', message: 'No' }
    expect(messageAt(refusal, { kind: 'leg', index: 1 })).toBe('No')
    expect(messageAt(refusal, { kind: 'leg', index: 0 })).toBeUndefined()
    expect(messageAt(refusal, { kind: 'term', term: 'amount' })).toBeUndefined()
  })
})

describe('the stored slip', () => {
  it('reads back what it wrote, and drops what is not a slip', () => {
    const slip = slipOf([billsSpread, prop], { amount: '12.50', boost: '25' })
    expect(readStoredSlip(JSON.stringify(slip))).toEqual(slip)
    expect(readStoredSlip(null)).toEqual(EMPTY_SLIP)
    expect(readStoredSlip('{not json')).toEqual(EMPTY_SLIP)
    const tampered = JSON.parse(JSON.stringify(slip)) as { legs: unknown[]; terms: Record<string, unknown> }
    tampered.legs.push({ key: 'x', game: { id: 'one' }, betType: 'spread' })
    tampered.terms.kind = 'accumulator'
    const read = readStoredSlip(JSON.stringify(tampered))
    expect(read.legs).toHaveLength(2)
    expect(read.terms.kind).toBe('parlay')
  })
})

describe('legs from the forms', () => {
  it('makes the bet form’s market a leg with its odds, or names the field it lacks', () => {
    const values = { ...initialBetForm(BILLS), gameId: '', spreadPoints: '-2.5' }
    expect(formSlipLeg(values, BILLS)).toEqual({
      leg: expect.objectContaining({ selection: 'Buffalo Bills -2.5', odds: -110, game: BILLS }),
    })
    expect(formSlipLeg({ ...values, spreadPoints: '' }, BILLS)).toMatchObject({ target: 'root.group' })
    expect(formSlipLeg({ ...values, oddsChoice: 'custom', customOdds: '50' }, BILLS)).toMatchObject({
      target: 'customOdds',
    })
  })

  it('makes a leg off the feed, odds optional, and a single off the feed, odds required', () => {
    const form = { ...EMPTY_OFF_FEED, name: 'NBA MVP 2027', selection: 'Nikola Jokic' }
    expect(offFeedSlipLeg({ ...form, name: ' ' })).toMatchObject({ ok: false, field: 'event.name' })
    expect(offFeedSlipLeg({ ...form, selection: '' })).toMatchObject({ ok: false, field: 'selection' })
    expect(offFeedSlipLeg(form)).toEqual({
      ok: true,
      value: expect.objectContaining({
        game: null,
        event: { name: 'NBA MVP 2027', league: null, startTime: null },
        selection: 'Nikola Jokic',
        odds: null,
      }),
    })
    const spread = offFeedSlipLeg({
      ...form,
      betType: 'spread',
      spreadTeam: 'Sheffield United',
      spreadPoints: '1.5',
    })
    expect(spread.ok && spread.value.selection).toBe('Sheffield United +1.5')

    expect(offFeedSingleBody({ ...form, amount: '10' })).toMatchObject({ ok: false, field: 'odds' })
    expect(offFeedSingleBody({ ...form, amount: '10', odds: '+400' })).toEqual({
      ok: true,
      value: expect.objectContaining({ betType: 'other', odds: 400, amount: 10, potentialWin: 40 }),
    })
    expect(offFeedErrorField('event.name', form)).toBe('name')
    expect(offFeedErrorField('selection', { ...form, betType: 'total' })).toBe('overUnder')
  })

  it('gives a tentative single off the feed back to its form, which sends the same bet (decision 065)', () => {
    const start = '2027-06-01T00:00:00.000Z'
    const placeholder = { homeTeam: 'Arsenal v Chelsea', awayTeam: '', league: 'EPL', startTime: start }
    const bet = apiBet(apiGame({ provider: 'unlinked', ...placeholder }), {
      betType: 'total',
      selection: 'Over 2.5',
      overUnder: 'over',
      totalPoints: 2.5,
      odds: -120,
      amount: '12.00',
      sportsbook: 'FanDuel',
    })
    const form = offFeedFormOf(bet, placeholder)
    expect(form).toMatchObject({ name: 'Arsenal v Chelsea', league: 'EPL', betType: 'total', odds: '-120' })
    expect(offFeedSingleBody(form)).toEqual({
      ok: true,
      value: expect.objectContaining({
        event: { name: 'Arsenal v Chelsea', league: 'EPL', startTime: start },
        betType: 'total',
        overUnder: 'over',
        totalPoints: 2.5,
        odds: -120,
        amount: 12,
        sportsbook: 'FanDuel',
      }),
    })
  })
})

describe('a tentative ticket back on the slip (decision 065)', () => {
  const bills = apiGame({ id: 1, homeTeam: 'Kansas City Chiefs', awayTeam: 'Buffalo Bills' })
  const jets = apiGame({ id: 2, homeTeam: 'New York Jets', awayTeam: 'Miami Dolphins' })
  const legs = [
    apiLeg(jets, { id: 8, position: 1, ...marketOf(jetsTotal) }),
    apiLeg(bills, { id: 7, position: 0, ...marketOf(billsSpread) }),
  ]

  it('sends the legs and terms it was placed with, its odds left to the legs when they price it', () => {
    const placed = slipOf([billsSpread, jetsTotal], { amount: '10', sportsbook: 'DraftKings' })
    const bet = apiBet(bills, {
      id: 42,
      betType: 'parlay',
      odds: 264,
      amount: '10.00',
      sportsbook: 'DraftKings',
      legs,
    })
    const editing = slipOfTicket(bet)
    expect(editing.editing).toBe(42)
    expect(editing.terms).toMatchObject({
      kind: 'parlay',
      odds: '',
      amount: '10.00',
      sportsbook: 'DraftKings',
    })
    expect(ticketBody(editing).legs).toEqual(ticketBody(placed).legs)
    expect(previewToWin(editing)).toBe(previewToWin(placed))
    expect(checkSlip(editing).ok).toBe(true)
    expect(readStoredSlip(JSON.stringify(editing)).editing).toBe(42)
    expect(slipReducer(editing, { type: 'clear' }).editing).toBeNull()
  })

  it('keeps a teaser’s price, points and tie rule, and a boosted price with the odds before it', () => {
    const teaser = apiBet(bills, {
      betType: 'teaser',
      odds: -120,
      teaserPoints: 6,
      ties: 'push',
      legs,
    })
    expect(ticketBody(slipOfTicket(teaser))).toMatchObject({
      betType: 'teaser',
      odds: -120,
      teaserPoints: 6,
      ties: 'push',
    })
    const boosted = apiBet(bills, { betType: 'parlay', odds: 300, unboostedOdds: 264, legs })
    expect(ticketBody(slipOfTicket(boosted))).toMatchObject({ odds: 300, unboostedOdds: 264 })
  })
})

/** A slip leg's market as the API's leg carries it. */
function marketOf(leg: Omit<SlipLeg, 'key'>) {
  const { betType, selection, spreadTeam, spreadPoints, totalPoints, overUnder, odds } = leg
  return { betType, selection, spreadTeam, spreadPoints, totalPoints, overUnder, odds }
}

describe('team totals, draw no bet and double chance on the slip (decision 068)', () => {
  const ARSENAL = { id: 4, homeTeam: 'Arsenal', awayTeam: 'Chelsea', league: 'EPL' }
  const teamTotal = feedLeg(
    LAKERS,
    { betType: 'team_total', team: 'Boston Celtics', overUnder: 'over', points: 110.5 },
    -110,
  )
  const drawNoBet = feedLeg(ARSENAL, { betType: 'draw_no_bet', team: 'Arsenal' }, -150)
  const doubleChance = feedLeg({ ...ARSENAL, id: 5 }, { betType: 'double_chance', outcomes: 'X2' }, 120)

  it('sends a feed leg’s team and line in the fields the server reads, and keeps them stored', () => {
    expect(teamTotal).toMatchObject({
      selection: 'Boston Celtics Over 110.5',
      spreadTeam: 'Boston Celtics',
      spreadPoints: null,
      overUnder: 'over',
      totalPoints: 110.5,
    })
    expect(drawNoBet).toMatchObject({ selection: 'Arsenal DNB', spreadTeam: 'Arsenal', totalPoints: null })
    expect(doubleChance).toMatchObject({ selection: 'X2', spreadTeam: null, overUnder: null })
    const slip = slipOf([teamTotal, drawNoBet, doubleChance], { amount: '10' })
    expect(checkSlip(slip)).toMatchObject({ ok: true })
    expect(readStoredSlip(JSON.stringify(slip))).toEqual(slip)
  })

  it('makes the bet form’s team total a leg', () => {
    const values = {
      ...initialBetForm(LAKERS),
      gameId: '',
      betType: 'team_total' as const,
      overUnder: 'under' as const,
      totalPoints: '108.5',
    }
    expect(formSlipLeg(values, LAKERS)).toEqual({
      leg: expect.objectContaining({ selection: 'Boston Celtics Under 108.5', spreadTeam: 'Boston Celtics' }),
    })
  })

  it('takes them off the feed, and names the part a refusal is about', () => {
    const form = { ...EMPTY_OFF_FEED, name: 'Arsenal v Chelsea', league: 'EPL' }
    const total = offFeedSlipLeg({
      ...form,
      betType: 'team_total',
      spreadTeam: 'Arsenal',
      overUnder: 'over',
      totalPoints: '1.5',
      selection: 'left from other',
    })
    expect(total.ok && total.value).toMatchObject({ selection: 'Arsenal Over 1.5', spreadTeam: 'Arsenal' })
    const dnb = offFeedSlipLeg({ ...form, betType: 'draw_no_bet', spreadTeam: 'Chelsea' })
    expect(dnb.ok && dnb.value.selection).toBe('Chelsea DNB')
    const chance = offFeedSlipLeg({ ...form, betType: 'double_chance', doubleChance: '12' })
    expect(chance.ok && chance.value.selection).toBe('12')
    expect(offFeedErrorField('selection', { ...form, betType: 'team_total' })).toBe('spreadTeam')
    expect(offFeedErrorField('selection', { ...form, betType: 'team_total', spreadTeam: 'Arsenal' })).toBe(
      'overUnder',
    )
    expect(offFeedErrorField('selection', { ...form, betType: 'double_chance' })).toBe('doubleChance')
  })

  it('gives a double chance off the feed back to its form (decision 065)', () => {
    const placeholder = {
      homeTeam: 'Arsenal v Chelsea',
      awayTeam: '',
      league: 'EPL',
      startTime: '2027-06-01T00:00:00.000Z',
    }
    const bet = apiBet(apiGame({ provider: 'unlinked', ...placeholder }), {
      betType: 'double_chance',
      selection: '1X',
      odds: -200,
      amount: '20.00',
    })
    const form = offFeedFormOf(bet, placeholder)
    expect(form).toMatchObject({ betType: 'double_chance', doubleChance: '1X', selection: '' })
    expect(offFeedSingleBody(form)).toMatchObject({
      ok: true,
      value: { betType: 'double_chance', selection: '1X' },
    })
  })
})

describe('three-way handicap and winning margin on the slip (decision 069)', () => {
  const ARSENAL = { id: 6, homeTeam: 'Arsenal', awayTeam: 'Chelsea', league: 'EPL' }
  const handicapDraw = feedLeg(
    ARSENAL,
    { betType: 'three_way_handicap', team: 'Arsenal', points: -1, draw: true },
    -110,
  )
  const byTwo = feedLeg(
    { ...ARSENAL, id: 7 },
    { betType: 'winning_margin', team: 'Chelsea', margin: 2, orMore: true },
    -110,
  )

  it('carries the handicap in spreadTeam and spreadPoints, a winning margin in its selection alone', () => {
    expect(handicapDraw).toMatchObject({
      betType: 'three_way_handicap',
      selection: 'Draw (Arsenal -1)',
      spreadTeam: 'Arsenal',
      spreadPoints: -1,
      totalPoints: null,
      overUnder: null,
    })
    expect(byTwo).toMatchObject({
      betType: 'winning_margin',
      selection: 'Chelsea by 2+',
      spreadTeam: null,
      spreadPoints: null,
    })
    const slip = slipOf([handicapDraw, byTwo], { amount: '10' })
    expect(readStoredSlip(JSON.stringify(slip))).toEqual(slip)
  })

  it("sends the draw side as 'Draw', which the domain reads back as the draw under the handicap", () => {
    expect(legInput({ ...handicapDraw, key: 'leg-1' })).toMatchObject({
      selection: 'Draw',
      spreadTeam: 'Arsenal',
      spreadPoints: -1,
    })
    const team = feedLeg(
      ARSENAL,
      { betType: 'three_way_handicap', team: 'Chelsea', points: 1, draw: false },
      105,
    )
    expect(legInput({ ...team, key: 'leg-1' }).selection).toBeNull()
    const check = checkSlip(slipOf([handicapDraw, byTwo], { amount: '10' }))
    expect(check.ok && check.value.legs.map((leg) => [leg.market, leg.selection])).toEqual([
      [{ betType: 'three_way_handicap', team: 'Arsenal', points: -1, draw: true }, 'Draw (Arsenal -1)'],
      [{ betType: 'winning_margin', team: 'Chelsea', margin: 2, orMore: true }, 'Chelsea by 2+'],
    ])
    expect(ticketBody(slipOf([handicapDraw, byTwo], { amount: '10' })).legs?.[0]?.selection).toBe('Draw')
  })

  it('makes the bet form’s three-way handicap and winning margin legs', () => {
    const base = { ...initialBetForm(ARSENAL), gameId: '' }
    const draw = {
      ...base,
      betType: 'three_way_handicap' as const,
      spreadTeam: 'Arsenal',
      spreadPoints: '-1',
      handicapBacking: 'draw' as const,
    }
    expect(formSlipLeg(draw, ARSENAL)).toEqual({
      leg: expect.objectContaining({
        selection: 'Draw (Arsenal -1)',
        spreadTeam: 'Arsenal',
        spreadPoints: -1,
      }),
    })
    const half = { ...draw, spreadPoints: '0.5' }
    expect(formSlipLeg(half, ARSENAL)).toEqual({
      target: 'spreadPoints',
      message: BET_FORM_MESSAGES.threeWayWholeGoals,
    })
    const margin = { ...base, betType: 'winning_margin' as const, marginTeam: 'Chelsea', marginGoals: '2' }
    expect(formSlipLeg(margin, ARSENAL)).toEqual({
      leg: expect.objectContaining({ selection: 'Chelsea by 2', spreadTeam: null }),
    })
  })

  it('takes them off the feed, and names the part a refusal is about', () => {
    const form = { ...EMPTY_OFF_FEED, name: 'Arsenal v Chelsea', league: 'EPL' }
    const handicap = {
      ...form,
      betType: 'three_way_handicap' as const,
      spreadTeam: 'Chelsea',
      spreadPoints: '1',
      handicapBacking: 'draw' as const,
      selection: 'left from other',
    }
    const leg = offFeedSlipLeg(handicap)
    expect(leg.ok && leg.value).toMatchObject({
      selection: 'Draw (Chelsea +1)',
      spreadTeam: 'Chelsea',
      spreadPoints: 1,
    })
    const team = offFeedSlipLeg({ ...handicap, handicapBacking: 'team' })
    expect(team.ok && team.value.selection).toBe('Chelsea +1 (3-way)')
    const margin = offFeedSlipLeg({
      ...form,
      betType: 'winning_margin',
      marginTeam: 'Arsenal',
      marginGoals: '3',
      marginOrMore: true,
    })
    expect(margin.ok && margin.value.selection).toBe('Arsenal by 3+')
    expect(offFeedErrorField('selection', { ...form, betType: 'three_way_handicap' })).toBe('spreadTeam')
    expect(offFeedErrorField('selection', { ...handicap, spreadPoints: '' })).toBe('spreadPoints')
    expect(offFeedErrorField('selection', { ...form, betType: 'winning_margin' })).toBe('marginTeam')
    expect(
      offFeedErrorField('selection', { ...form, betType: 'winning_margin', marginTeam: 'Arsenal' }),
    ).toBe('marginGoals')
  })

  it('gives them off the feed back to their form (decision 065)', () => {
    const placeholder = {
      homeTeam: 'Arsenal v Chelsea',
      awayTeam: '',
      league: 'EPL',
      startTime: '2027-06-01T00:00:00.000Z',
    }
    const game = apiGame({ provider: 'unlinked', ...placeholder })
    const margin = apiBet(game, { betType: 'winning_margin', selection: 'Arsenal by 3+', odds: 500 })
    const marginForm = offFeedFormOf(margin, placeholder)
    expect(marginForm).toMatchObject({ marginTeam: 'Arsenal', marginGoals: '3', marginOrMore: true })
    expect(offFeedSingleBody(marginForm)).toMatchObject({ ok: true, value: { selection: 'Arsenal by 3+' } })
    const handicap = apiBet(game, {
      betType: 'three_way_handicap',
      selection: 'Draw (Chelsea +1)',
      spreadTeam: 'Chelsea',
      spreadPoints: 1,
      odds: 240,
    })
    const handicapForm = offFeedFormOf(handicap, placeholder)
    expect(handicapForm).toMatchObject({ spreadTeam: 'Chelsea', spreadPoints: '1', handicapBacking: 'draw' })
    expect(offFeedSingleBody(handicapForm)).toMatchObject({
      ok: true,
      value: { selection: 'Draw', spreadTeam: 'Chelsea', spreadPoints: 1 },
    })
  })
})

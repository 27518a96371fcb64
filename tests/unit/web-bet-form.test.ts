import { describe, expect, it } from 'vitest'
import { BET_FORM_MESSAGES, validateBetForm } from '../../src/domain/bet-form'
import {
  type BetFormValues,
  betFormResolver,
  errorTarget,
} from '../../src/web/features/bets/bet-form/resolver'
import {
  type BetFormState,
  betFormInput,
  CUSTOM_ODDS,
  doubleChanceLabel,
  editPrefill,
  forGame,
  handicapTeamLabel,
  initialBetForm,
  offeredBetTypes,
  wireSelection,
} from '../../src/web/features/bets/bet-form/state'

const GAME = { homeTeam: 'Kansas City Chiefs', awayTeam: 'Buffalo Bills', league: 'nfl' }
/** An edited bet's price and stake, beside the market each test gives it. */
const EDITED_PRICE = {
  odds: -110,
  decimalOdds: null,
  fractionalOdds: null,
  amount: '10.00',
  sportsbook: 'FanDuel',
  period: 'FT' as const,
}
const values = (patch: Partial<BetFormValues>): BetFormValues => ({
  ...initialBetForm(GAME),
  gameId: '',
  ...patch,
})
const resolve = (form: BetFormValues, game: typeof GAME | null = GAME) =>
  betFormResolver(form, { game }, { fields: {}, shouldUseNativeValidation: undefined })

describe("the bet form's resolver (validateBetForm)", () => {
  it('hands on the terms the domain composes, in cents', async () => {
    const answer = await resolve(
      values({ spreadTeam: 'Kansas City Chiefs', spreadPoints: '-3.5', amount: '110' }),
    )
    expect(answer.errors).toEqual({})
    expect(answer.values).toMatchObject({
      betType: 'spread',
      selection: 'Kansas City Chiefs -3.5',
      amount: 11_000,
      odds: -110,
    })
  })

  it("shows the domain's refusal on the field that caused it", async () => {
    const spread = { spreadPoints: '-3.5' }
    expect((await resolve(values({ ...spread, amount: '' }))).errors).toEqual({
      amount: { type: 'domain', message: BET_FORM_MESSAGES.amountRequired },
    })
    const custom = values({ ...spread, amount: '10', oddsChoice: CUSTOM_ODDS, customOdds: '50' })
    expect((await resolve(custom)).errors).toEqual({
      customOdds: { type: 'domain', message: BET_FORM_MESSAGES.odds },
    })
  })

  it('flags every missing field of an empty form at once, not only the amount', async () => {
    const empty = await resolve(values({ oddsChoice: CUSTOM_ODDS }))
    expect(empty.errors).toEqual({
      amount: { type: 'domain', message: BET_FORM_MESSAGES.amountRequired },
      customOdds: { type: 'domain', message: BET_FORM_MESSAGES.odds },
      root: { group: { type: 'domain', message: BET_FORM_MESSAGES.requiredForType } },
    })
    const total = await resolve(values({ betType: 'total' }))
    expect(Object.keys(total.errors)).toEqual(['amount', 'root'])
    const moneyline = await resolve(values({ betType: 'moneyline' }))
    expect(Object.keys(moneyline.errors)).toEqual(['amount', 'moneylineTeam'])
    const noGame = await resolve(values({}), null)
    expect(noGame.errors).toEqual({
      gameId: { type: 'domain', message: 'Choose a game' },
      amount: { type: 'domain', message: BET_FORM_MESSAGES.amountRequired },
    })
  })

  it("puts a spread's or total's missing parts on the group, a moneyline's on its team", async () => {
    const spread = await resolve(values({ amount: '10' }))
    expect(spread.errors).toEqual({
      root: { group: { type: 'domain', message: BET_FORM_MESSAGES.requiredForType } },
    })
    const moneyline = await resolve(values({ amount: '10', betType: 'moneyline' }))
    expect(Object.keys(moneyline.errors)).toEqual(['moneylineTeam'])
  })

  it('asks for a game first', async () => {
    expect((await resolve(values({ amount: '10', spreadPoints: '3' }), null)).errors).toEqual({
      gameId: { type: 'domain', message: 'Choose a game' },
    })
  })

  it("maps the server's field names onto the form, and ignores others", () => {
    expect(errorTarget('odds', values({}))).toBe('oddsChoice')
    expect(errorTarget('selection', values({ betType: 'total' }))).toBe('root.group')
    expect(errorTarget('userId', values({}))).toBeNull()
  })
})

describe("the spread's team", () => {
  it('starts on the first team the form lists, the away team, so a spread needs only its points', () => {
    expect(initialBetForm(GAME).spreadTeam).toBe('Buffalo Bills')
    expect(initialBetForm(null).spreadTeam).toBe('')
    expect(initialBetForm(GAME, { selection: 'Chiefs -3.5' }).spreadTeam).toBe('Kansas City Chiefs')
  })

  it('keeps a team the next game plays, and otherwise takes that game’s away team', () => {
    const lakers = { homeTeam: 'Los Angeles Lakers', awayTeam: 'Boston Celtics' }
    expect(forGame(initialBetForm(null), GAME, false).spreadTeam).toBe('Buffalo Bills')
    expect(forGame(initialBetForm(GAME), lakers, false).spreadTeam).toBe('Boston Celtics')
    const chiefs = { ...initialBetForm(GAME), spreadTeam: 'Kansas City Chiefs' }
    expect(forGame(chiefs, { ...GAME, awayTeam: 'Denver Broncos' }, false).spreadTeam).toBe(
      'Kansas City Chiefs',
    )
  })
})

describe('team totals, draw no bet and double chance (decision 068)', () => {
  const SOCCER = { homeTeam: 'Arsenal', awayTeam: 'Chelsea', league: 'EPL' }
  const LAKERS = { homeTeam: 'Los Angeles Lakers', awayTeam: 'Boston Celtics', league: 'nba' }
  const form = (game: typeof SOCCER, patch: Partial<BetFormState>): BetFormState => ({
    ...initialBetForm(game),
    amount: '10',
    ...patch,
  })
  const termsOf = (state: BetFormState, game: typeof SOCCER) => validateBetForm(betFormInput(state), game)

  it("sends each type's own fields, which the domain takes on a soccer game", () => {
    const teamTotal = form(SOCCER, {
      betType: 'team_total',
      spreadTeam: 'Arsenal',
      overUnder: 'over',
      totalPoints: '1.5',
      spreadPoints: '-0.5',
    })
    expect(betFormInput(teamTotal)).toMatchObject({
      selection: null,
      spreadTeam: 'Arsenal',
      spreadPoints: null,
      overUnder: 'over',
      totalPoints: 1.5,
    })
    expect(termsOf(teamTotal, SOCCER)).toMatchObject({ ok: true, terms: { selection: 'Arsenal Over 1.5' } })
    const drawNoBet = form(SOCCER, { betType: 'draw_no_bet', overUnder: 'over', totalPoints: '2.5' })
    expect(termsOf(drawNoBet, SOCCER)).toMatchObject({
      ok: true,
      terms: { selection: 'Chelsea DNB', spreadTeam: 'Chelsea', totalPoints: null, overUnder: null },
    })
    const doubleChance = form(SOCCER, { betType: 'double_chance', doubleChance: 'X2' })
    expect(termsOf(doubleChance, SOCCER)).toMatchObject({ ok: true, terms: { selection: 'X2' } })
  })

  it('takes a team total in every league', () => {
    const celtics = form(LAKERS, { betType: 'team_total', overUnder: 'under', totalPoints: '110.5' })
    expect(termsOf(celtics, LAKERS)).toMatchObject({
      ok: true,
      terms: { selection: 'Boston Celtics Under 110.5' },
    })
  })

  it('offers draw no bet and double chance on soccer alone, and the domain refuses them elsewhere', () => {
    expect(offeredBetTypes(true)).toEqual([
      'spread',
      'total',
      'moneyline',
      'team_total',
      'draw_no_bet',
      'double_chance',
      'three_way_handicap',
      'winning_margin',
      'both_teams_to_score',
      'correct_score',
    ])
    expect(offeredBetTypes(false)).toEqual(['spread', 'total', 'moneyline', 'team_total'])
    const refusal = { ok: false, field: 'betType', message: BET_FORM_MESSAGES.threeWayOnlySoccer }
    expect(termsOf(form(LAKERS, { betType: 'draw_no_bet' }), LAKERS)).toEqual(refusal)
    expect(termsOf(form(LAKERS, { betType: 'double_chance', doubleChance: '12' }), LAKERS)).toEqual(refusal)
  })

  it('falls back to the spread when the next game, or none, does not offer the type', () => {
    const drawNoBet = form(SOCCER, { betType: 'draw_no_bet' })
    expect(forGame(drawNoBet, LAKERS, false).betType).toBe('spread')
    expect(forGame(drawNoBet, null, false).betType).toBe('spread')
    expect(forGame(drawNoBet, { homeTeam: 'Chelsea', awayTeam: 'Liverpool' }, true)).toMatchObject({
      betType: 'draw_no_bet',
      spreadTeam: 'Chelsea',
    })
    const teamTotal = form(SOCCER, { betType: 'team_total' })
    expect(forGame(teamTotal, LAKERS, false).betType).toBe('team_total')
  })

  it("shows a refusal on the bet type, and a double chance's missing choice on its field", async () => {
    expect(errorTarget('betType', values({}))).toBe('betType')
    const soccer = values({ betType: 'double_chance', amount: '10' })
    const answer = await resolve(soccer, SOCCER)
    expect(answer.errors).toEqual({
      doubleChance: { type: 'domain', message: BET_FORM_MESSAGES.requiredForType },
    })
    const noTeam = await resolve(values({ betType: 'draw_no_bet', amount: '10', spreadTeam: '' }), SOCCER)
    expect(noTeam.errors).toEqual({
      root: { group: { type: 'domain', message: BET_FORM_MESSAGES.requiredForType } },
    })
  })

  it('opens an edit on its own type, read from its selection text', () => {
    const bet = EDITED_PRICE
    const teamTotal = editPrefill({ ...bet, betType: 'team_total', selection: 'Boston Celtics Over 110.5' })
    expect(initialBetForm(LAKERS, teamTotal)).toMatchObject({
      betType: 'team_total',
      spreadTeam: 'Boston Celtics',
      overUnder: 'over',
      totalPoints: '110.5',
    })
    const drawNoBet = editPrefill({ ...bet, betType: 'draw_no_bet', selection: 'Arsenal DNB' })
    expect(initialBetForm(SOCCER, drawNoBet)).toMatchObject({ betType: 'draw_no_bet', spreadTeam: 'Arsenal' })
    const doubleChance = editPrefill({ ...bet, betType: 'double_chance', selection: '1X' })
    expect(initialBetForm(SOCCER, doubleChance)).toMatchObject({
      betType: 'double_chance',
      doubleChance: '1X',
    })
    const parlay = editPrefill({ ...bet, betType: 'parlay', selection: '2-leg parlay' })
    expect(parlay.betType).toBeUndefined()
  })

  it("names a double chance's outcomes by the game's teams, or home and away without one", () => {
    expect(doubleChanceLabel('1X', SOCCER)).toBe('1X: Arsenal or Draw')
    expect(doubleChanceLabel('X2', SOCCER)).toBe('X2: Draw or Chelsea')
    expect(doubleChanceLabel('12', SOCCER)).toBe('12: Arsenal or Chelsea')
    expect(doubleChanceLabel('12', null)).toBe('12: Home or Away')
  })
})

describe('three-way handicap and winning margin (decision 069)', () => {
  const SOCCER = { homeTeam: 'Arsenal', awayTeam: 'Chelsea', league: 'EPL' }
  const LAKERS = { homeTeam: 'Los Angeles Lakers', awayTeam: 'Boston Celtics', league: 'nba' }
  const form = (patch: Partial<BetFormState>): BetFormState => ({
    ...initialBetForm(SOCCER),
    amount: '10',
    ...patch,
  })
  const soccerValues = (patch: Partial<BetFormValues>): BetFormValues => ({ ...form(patch), gameId: '' })
  const termsOf = (state: BetFormState, game = SOCCER) => validateBetForm(betFormInput(state), game)
  const handicap = { betType: 'three_way_handicap', spreadTeam: 'Chelsea', spreadPoints: '1' } as const

  it("sends a three-way handicap's team and whole goals, and 'Draw' only for the draw side", () => {
    const team = form({ ...handicap, totalPoints: '2.5', doubleChance: '1X' })
    expect(betFormInput(team)).toMatchObject({
      selection: null,
      spreadTeam: 'Chelsea',
      spreadPoints: 1,
      totalPoints: null,
      overUnder: null,
    })
    expect(termsOf(team)).toMatchObject({
      ok: true,
      terms: { selection: 'Chelsea +1 (3-way)', spreadTeam: 'Chelsea', spreadPoints: 1 },
    })
    const draw = form({ ...handicap, handicapBacking: 'draw' })
    expect(betFormInput(draw)).toMatchObject({ selection: 'Draw', spreadTeam: 'Chelsea', spreadPoints: 1 })
    expect(termsOf(draw)).toMatchObject({ ok: true, terms: { selection: 'Draw (Chelsea +1)' } })
  })

  it('refuses a half-goal handicap on its points field', async () => {
    const half = form({ ...handicap, spreadPoints: '-0.5' })
    expect(termsOf(half)).toEqual({
      ok: false,
      field: 'spreadPoints',
      message: BET_FORM_MESSAGES.threeWayWholeGoals,
    })
    const answer = await resolve(soccerValues({ ...handicap, spreadPoints: '-0.5' }), SOCCER)
    expect(answer.errors).toEqual({
      spreadPoints: { type: 'domain', message: BET_FORM_MESSAGES.threeWayWholeGoals },
    })
    const missing = await resolve(soccerValues({ ...handicap, spreadPoints: '' }), SOCCER)
    expect(missing.errors).toEqual({
      root: { group: { type: 'domain', message: BET_FORM_MESSAGES.requiredForType } },
    })
  })

  it("composes a winning margin's selection from the winner, the goals and 'or more'", () => {
    const margin = { betType: 'winning_margin', marginTeam: 'Arsenal', marginGoals: '2' } as const
    expect(betFormInput(form(margin))).toMatchObject({ selection: 'Arsenal by 2', spreadTeam: null })
    expect(termsOf(form(margin))).toMatchObject({ ok: true, terms: { selection: 'Arsenal by 2' } })
    const orMore = form({ ...margin, marginGoals: '3', marginOrMore: true })
    expect(termsOf(orMore)).toMatchObject({ ok: true, terms: { selection: 'Arsenal by 3+' } })
    // The draw has no margin: the goals left typed are not sent.
    const draw = form({ ...margin, marginTeam: 'Draw', marginOrMore: true })
    expect(betFormInput(draw).selection).toBe('Draw')
    expect(termsOf(draw)).toMatchObject({ ok: true, terms: { selection: 'Draw' } })
  })

  it("shows a winning margin's missing parts on the group, and a wrong margin on its goals", async () => {
    const missing = await resolve(soccerValues({ betType: 'winning_margin', marginTeam: 'Chelsea' }), SOCCER)
    expect(missing.errors).toEqual({
      root: { group: { type: 'domain', message: BET_FORM_MESSAGES.requiredForType } },
    })
    for (const marginGoals of ['0', '1.5', '-1']) {
      const wrong = soccerValues({ betType: 'winning_margin', marginTeam: 'Chelsea', marginGoals })
      expect((await resolve(wrong, SOCCER)).errors).toEqual({
        marginGoals: { type: 'domain', message: BET_FORM_MESSAGES.winningMargin },
      })
    }
  })

  it('refuses both off soccer, where the form falls back to the spread', () => {
    const refusal = { ok: false, field: 'betType', message: BET_FORM_MESSAGES.threeWayOnlySoccer }
    const celtics = { ...handicap, spreadTeam: 'Boston Celtics' }
    expect(termsOf(form(celtics), LAKERS)).toEqual(refusal)
    const margin = form({ betType: 'winning_margin', marginTeam: 'Draw' })
    expect(termsOf(margin, LAKERS)).toEqual(refusal)
    expect(forGame(margin, LAKERS, false).betType).toBe('spread')
    expect(forGame(form(handicap), { homeTeam: 'Chelsea', awayTeam: 'Liverpool' }, true)).toMatchObject({
      betType: 'three_way_handicap',
      spreadTeam: 'Chelsea',
    })
  })

  it('opens an edit on its own parts, read from its selection text', () => {
    const bet = EDITED_PRICE
    const draw = editPrefill({ ...bet, betType: 'three_way_handicap', selection: 'Draw (Arsenal -1)' })
    expect(initialBetForm(SOCCER, draw)).toMatchObject({
      betType: 'three_way_handicap',
      spreadTeam: 'Arsenal',
      spreadPoints: '-1',
      handicapBacking: 'draw',
    })
    const team = editPrefill({ ...bet, betType: 'three_way_handicap', selection: 'Chelsea +2 (3-way)' })
    expect(initialBetForm(SOCCER, team)).toMatchObject({ spreadPoints: '2', handicapBacking: 'team' })
    const byThree = editPrefill({ ...bet, betType: 'winning_margin', selection: 'Chelsea by 3+' })
    expect(initialBetForm(SOCCER, byThree)).toMatchObject({
      betType: 'winning_margin',
      marginTeam: 'Chelsea',
      marginGoals: '3',
      marginOrMore: true,
    })
    const level = editPrefill({ ...bet, betType: 'winning_margin', selection: 'Draw' })
    expect(initialBetForm(SOCCER, level)).toMatchObject({ marginTeam: 'Draw', marginGoals: '' })
  })

  it("sends a three-way handicap's side back as the wire takes it, and names the team side's option", () => {
    expect(wireSelection('three_way_handicap', 'Draw (Chelsea +1)')).toBe('Draw')
    expect(wireSelection('three_way_handicap', 'Chelsea +1 (3-way)')).toBeNull()
    expect(wireSelection('winning_margin', 'Arsenal by 2')).toBe('Arsenal by 2')
    expect(wireSelection('moneyline', 'Draw')).toBe('Draw')
    expect(handicapTeamLabel({ spreadTeam: 'Chelsea', spreadPoints: '1' })).toBe('Chelsea +1')
    expect(handicapTeamLabel({ spreadTeam: 'Chelsea', spreadPoints: '0.5' })).toBe('Chelsea')
  })
})

describe('the price field in the bettor’s format (decision 072)', () => {
  it('opens in the bettor’s format, from a suggestion’s odds', () => {
    expect(initialBetForm(GAME, { priceFormat: 'decimal', odds: -110 })).toMatchObject({
      priceFormat: 'decimal',
      exactOdds: '1.909',
    })
    expect(initialBetForm(GAME, { priceFormat: 'fractional', odds: 150 })).toMatchObject({
      priceFormat: 'fractional',
      exactOdds: '3/2',
    })
    expect(initialBetForm(GAME, { priceFormat: 'american' })).toMatchObject({
      priceFormat: 'american',
      oddsChoice: '-110',
    })
  })

  it('opens an edit on the bet’s own exact price, whatever the setting', () => {
    const bet = {
      betType: 'spread' as const,
      selection: 'Buffalo Bills +3.5',
      odds: -110,
      decimalOdds: 1.91,
      fractionalOdds: null,
      amount: '10.00',
      sportsbook: 'bet365',
      period: 'FT' as const,
    }
    expect(initialBetForm(GAME, { priceFormat: 'fractional', ...editPrefill(bet) })).toMatchObject({
      priceFormat: 'decimal',
      exactOdds: '1.91',
    })
    // An American bet stays American, so saving the edit does not reprice it.
    const american = { ...bet, decimalOdds: null }
    expect(initialBetForm(GAME, { priceFormat: 'decimal', ...editPrefill(american) })).toMatchObject({
      priceFormat: 'american',
      oddsChoice: '-110',
    })
  })

  it('sends the typed price as the wire names it, and shows its refusal on its field', async () => {
    const decimal = values({ priceFormat: 'decimal', exactOdds: '1.91', spreadPoints: '3.5', amount: '100' })
    expect(betFormInput(decimal)).toMatchObject({ decimalOdds: '1.91' })
    expect(betFormInput(decimal)).not.toHaveProperty('odds')
    const answer = await resolve(decimal)
    expect(answer.values).toMatchObject({ odds: -110, exactPrice: '1.91', amount: 10_000 })
    expect(betFormInput(values({ priceFormat: 'fractional', exactOdds: ' 6/4 ' }))).toMatchObject({
      fractionalOdds: '6/4',
    })
    const bad = await resolve(
      values({ priceFormat: 'fractional', exactOdds: '6-4', spreadPoints: '3.5', amount: '1' }),
    )
    expect(bad.errors).toHaveProperty('exactOdds')
    expect(errorTarget('odds', values({ priceFormat: 'decimal' }))).toBe('exactOdds')
  })
})

describe('the period (decision 073)', () => {
  const SOCCER = { homeTeam: 'Arsenal', awayTeam: 'Chelsea', league: 'EPL' }
  const LAKERS = { homeTeam: 'Los Angeles Lakers', awayTeam: 'Boston Celtics', league: 'nba' }

  it('opens an edit on the bet’s own period, and sends it', () => {
    const state = initialBetForm(SOCCER, { selection: '1H Over 1.5', betType: 'total' })
    expect(state).toMatchObject({ period: '1H', betType: 'total', overUnder: 'over', totalPoints: '1.5' })
    expect(betFormInput(state).period).toBe('1H')
    expect(initialBetForm(SOCCER, { selection: 'Over 1.5', betType: 'total' }).period).toBe('FT')
  })

  it('keeps a period the next game plays, and falls back to the full game where it does not', () => {
    const firstHalf = { ...initialBetForm(SOCCER), period: '1H' as const }
    expect(forGame(firstHalf, LAKERS, false).period).toBe('1H')
    const quarter = { ...initialBetForm(LAKERS), period: 'Q3' as const }
    expect(forGame(quarter, SOCCER, true).period).toBe('FT')
    expect(forGame(quarter, null, false).period).toBe('FT')
  })

  it('shows a refused period on its own field', async () => {
    expect(errorTarget('period', values({}))).toBe('period')
    const answer = await resolve(
      values({ betType: 'moneyline', moneylineTeam: 'Buffalo Bills', amount: '10', period: 'P1' }),
    )
    expect(answer.errors.period?.message).toBe(
      'NFL games take no bets on P1: choose one of FT, 1H, 2H, Q1, Q2, Q3, Q4',
    )
  })
})

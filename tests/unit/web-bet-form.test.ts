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
  initialBetForm,
  offeredBetTypes,
} from '../../src/web/features/bets/bet-form/state'

const GAME = { homeTeam: 'Kansas City Chiefs', awayTeam: 'Buffalo Bills', league: 'nfl' }
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
    const bet = { odds: -110, amount: '10.00', sportsbook: 'FanDuel' }
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

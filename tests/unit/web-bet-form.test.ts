import { describe, expect, it } from 'vitest'
import { BET_FORM_MESSAGES } from '../../src/domain/bet-form'
import {
  type BetFormValues,
  betFormResolver,
  errorTarget,
} from '../../src/web/features/bets/bet-form/resolver'
import { CUSTOM_ODDS, forGame, initialBetForm } from '../../src/web/features/bets/bet-form/state'

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

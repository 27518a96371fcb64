import { describe, expect, it } from 'vitest'
import { BET_FORM_MESSAGES } from '../../src/domain/bet-form'
import {
  type BetFormValues,
  betFormResolver,
  errorTarget,
} from '../../src/web/features/bets/bet-form/resolver'
import { CUSTOM_ODDS, initialBetForm } from '../../src/web/features/bets/bet-form/state'

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

  it("shows the domain's first refusal on the field that caused it", async () => {
    expect((await resolve(values({ amount: '' }))).errors).toEqual({
      amount: { type: 'domain', message: BET_FORM_MESSAGES.amountRequired },
    })
    const custom = values({ amount: '10', oddsChoice: CUSTOM_ODDS, customOdds: '50' })
    expect((await resolve(custom)).errors).toEqual({
      customOdds: { type: 'domain', message: BET_FORM_MESSAGES.odds },
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
    expect((await resolve(values({ amount: '10' }), null)).errors).toEqual({
      gameId: { type: 'domain', message: 'Choose a game' },
    })
  })

  it("maps the server's field names onto the form, and ignores others", () => {
    expect(errorTarget('odds', values({}))).toBe('oddsChoice')
    expect(errorTarget('selection', values({ betType: 'total' }))).toBe('root.group')
    expect(errorTarget('userId', values({}))).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { momentumRule, trendRule } from '../../src/domain/suggestions'
import { recentRun } from '../../src/domain/suggestions/momentum'
import { spread, total } from '../support/bets'
import { at, CHIEFS_BILLS, context, handDistribution, LAKERS_CELTICS, lines } from '../support/suggestions'

const NFL = { min: 0, max: 70 }
const coverShare = (share: number) =>
  handDistribution(NFL, [
    [31, 20, share],
    [13, 17, 1 - share],
  ])
const history = [
  { at: at('18:10'), homeScore: 0, awayScore: 0 },
  { at: at('18:30'), homeScore: 3, awayScore: 7 },
  { at: at('18:50'), homeScore: 3, awayScore: 14 },
]
const chiefs = spread('Kansas City Chiefs', -3.5)

describe('the trend rule', () => {
  const against = context({
    matchup: CHIEFS_BILLS,
    distribution: coverShare(0.2),
    distributionAtBet: coverShare(0.5),
    bets: [chiefs],
    score: [3, 14],
    scoreHistory: history,
    lines: lines({ homeSpread: -3.5 }),
  })

  it('protects a bet whose chance fell 30 points since it was placed, at most at the equalising stake', () => {
    const [trend] = trendRule(against).suggestions
    expect(trend).toMatchObject({
      type: 'trend',
      selection: 'Buffalo Bills +3.5',
      confidence: 3,
      // $110 x 3 / 4 = $82.50, rounded half up to $83; the equalising stake is $110.
      suggestedAmount: 8_300,
      sensibleAmount: 11_000,
      title: 'Trend against your Kansas City Chiefs -3.5',
    })
    expect(trend?.description).toBe(
      'Kansas City Chiefs -3.5 has gone from 50.0% to 20.0% since you bet. Protect it with $83.00 on Buffalo Bills +3.5 at -110.',
    )
    expect(trend?.reasoning).toContain('The score went from 0-0 at 18:10 UTC to 3-14 at 18:50 UTC')
  })

  it('adds to a bet whose chance rose, at the current line and never above the held stake', () => {
    const favour = { ...against, distribution: coverShare(0.8), lines: lines({ homeSpread: -4.5 }) }
    const [trend] = trendRule(favour).suggestions
    expect(trend).toMatchObject({
      selection: 'Kansas City Chiefs -4.5',
      suggestedAmount: 8_300,
      sensibleAmount: 11_000,
    })
  })

  it('says plainly when the game is too young or the chance at the bet is unknown', () => {
    const reason = (ctx: typeof against) => trendRule(ctx).notes.map((n) => n.reason)
    expect(reason({ ...against, scoreHistory: history.slice(0, 2) })).toEqual([
      'No trend yet: not enough data: 2 score updates so far, a trend needs 3.',
    ])
    expect(reason({ ...against, distributionAtBet: null })).toEqual([
      'No trend yet: the chances at the time of your bets are not known.',
    ])
    expect(reason({ ...against, game: { ...against.game, status: 'scheduled' } })).toEqual([
      'No trend yet: the game is not in progress, so there is no scoring to read yet.',
    ])
    expect(trendRule({ ...against, distribution: coverShare(0.4) })).toEqual({ suggestions: [], notes: [] })
  })
})

describe('the momentum rule', () => {
  const runHistory = [
    { at: at('18:40'), homeScore: 60, awayScore: 60 },
    { at: at('18:52'), homeScore: 66, awayScore: 62 },
    { at: at('18:58'), homeScore: 72, awayScore: 62 },
  ]
  const ctx = context({
    matchup: LAKERS_CELTICS,
    distribution: handDistribution({ min: 60, max: 170 }, [
      [112, 104, 3],
      [104, 110, 1],
    ]),
    bets: [total('over', 220.5)],
    score: [72, 62],
    scoreHistory: runHistory,
    lines: lines({ homeSpread: -4.5 }),
  })

  it('reads a 12-2 run in the last ten minutes from the score history', () => {
    expect(recentRun(runHistory, at('19:00'))).toEqual({ home: 12, away: 2, since: runHistory[0] })
  })

  it("rides it on the running team's spread with low confidence and the model's own chance beside it", () => {
    const [m] = momentumRule(ctx).suggestions
    expect(m).toMatchObject({
      type: 'momentum',
      selection: 'Los Angeles Lakers -4.5',
      confidence: 2,
      riskLevel: 'high',
      // $110 x 2 / 4 = $55, capped at the $110 average.
      suggestedAmount: 5_500,
      sensibleAmount: 11_000,
    })
    expect(m?.description).toBe(
      'Los Angeles Lakers 12-2 since 18:40 UTC. Ride it with $55.00 on Los Angeles Lakers -4.5 at -110.',
    )
    expect(m?.reasoning).toContain('it gives Los Angeles Lakers -4.5 75.0% from the current score')
  })

  it('needs a run of a sport-sized margin', () => {
    const quiet = {
      ...ctx,
      scoreHistory: [...runHistory.slice(0, 2), { at: at('18:58'), homeScore: 68, awayScore: 64 }],
    }
    expect(momentumRule(quiet)).toEqual({ suggestions: [], notes: [] })
  })

  it('says plainly when the game is too young', () => {
    const reason = (c: typeof ctx) => momentumRule(c).notes.map((n) => n.reason)
    expect(reason({ ...ctx, scoreHistory: runHistory.slice(1) })).toEqual([
      'No momentum read yet: not enough data: 2 score updates so far, momentum needs 3.',
    ])
    const recent = runHistory.map((p, i) => ({ ...p, at: at(`18:5${5 + i}`) }))
    expect(reason({ ...ctx, scoreHistory: recent })).toEqual([
      'No momentum read yet: not enough data: the score has been followed for less than 10 minutes.',
    ])
  })
})

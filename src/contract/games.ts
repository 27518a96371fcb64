import { z } from 'zod'
import type { BaseballSituation, FootballSituation, MarketLines } from '../domain/game'
import type { PeriodScore } from '../domain/periods'
import { instant } from './common'

/** The live situations and lines, as the domain defines them and the feeds store them (docs/feeds.md). */
export const baseballSituation = z.object({
  inning: z.number().int(),
  inningHalf: z.enum(['top', 'bottom']),
  outs: z.number().int(),
  balls: z.number().int(),
  strikes: z.number().int(),
  bases: z.object({ first: z.boolean(), second: z.boolean(), third: z.boolean() }),
}) satisfies z.ZodType<BaseballSituation>

export const footballSituation = z.object({
  down: z.number().int().nullable(),
  distance: z.number().int().nullable(),
  yardLine: z.number().nullable(),
  possession: z.string().nullable(),
  redZone: z.boolean(),
  timeouts: z.object({ home: z.number().int().nullable(), away: z.number().int().nullable() }),
  downDistanceText: z.string().nullable(),
}) satisfies z.ZodType<FootballSituation>

export const marketLines = z.object({
  provider: z.string().nullable(),
  homeSpread: z.number().nullable(),
  total: z.number().nullable(),
  homeMoneyline: z.number().nullable(),
  awayMoneyline: z.number().nullable(),
  drawMoneyline: z.number().nullable(),
}) satisfies z.ZodType<MarketLines>

/** Decision 070: the points of one period; null for a side that had no turn in it. */
export const periodScore = z
  .object({
    period: z
      .string()
      .describe(
        "'Q1'-'Q4' (NFL, NBA, college football), '1H'/'2H' (soccer, college basketball), 'P1'-'P3' (NHL), 'I1'... (innings), then 'OT', 'OT2'...; 'SO' a hockey shoot-out, 'ET' soccer's extra time",
      ),
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
  })
  .meta({ id: 'PeriodScore' }) satisfies z.ZodType<PeriodScore>

/**
 * The spec's Game entity: `sport` is the league code, `gameStatus` is 'live', 'final' or the uppercase
 * status. Bets lists embed it as `game`.
 */
export const gameFields = z
  .object({
    id: z.number().int(),
    sport: z.string(),
    league: z.string(),
    leagueAlias: z.string(),
    /** 'unlinked': an imported bet's event that matched no feed game (docs/import.md). */
    provider: z.enum(['espn', 'simulated', 'unlinked']),
    status: z.string(),
    statusDetail: z.string().nullable(),
    gameStatus: z.string(),
    isLive: z.boolean(),
    gameTime: z.string().nullable(),
    period: z.number().int().nullable(),
    startTime: instant,
    createdAt: instant,
    homeTeam: z.string(),
    awayTeam: z.string(),
    homeAbbreviation: z.string().nullable(),
    awayAbbreviation: z.string().nullable(),
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
    periods: z.array(periodScore).meta({
      description:
        'The score by period so far, each period its own points (decision 070); empty before the start',
    }),
    baseball: baseballSituation.nullable(),
    footballDetails: footballSituation.nullable(),
    lines: marketLines.nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'Game' })
export type GameFields = z.infer<typeof gameFields>

/** Decision 018: one sync's report. */
export const syncResult = z.object({
  source: z.string(),
  games: z.number().int(),
  failures: z.array(z.object({ league: z.string(), reason: z.string() })),
  betOutcomesUpdated: z.number().int(),
  at: instant,
})

export const feedAnswer = z.object({ source: z.string(), lastSync: syncResult.nullable() })
export const syncAnswer = z.object({
  betOutcomesUpdated: z.number().int(),
  source: z.string(),
  games: z.number().int(),
})
export const syncParams = z.object({ provider: z.string() })

import fc from 'fast-check'
import type { BetTerms, RecordedBet, Result } from '../../src/domain/bet'
import type { Cents } from '../../src/domain/money'
import { potentialWin } from '../../src/domain/odds'
import { composeSelection, DOUBLE_CHANCES, type DoubleChance, DRAW } from '../../src/domain/selection'
import { type Matchup, settlementFor } from '../../src/domain/settlement'

export const LAKERS_CELTICS: Matchup = {
  homeTeam: 'Los Angeles Lakers',
  awayTeam: 'Boston Celtics',
  league: 'NBA',
}

/** Builders with overrides (Epic Stack style): the smallest bet that reads clearly in a test. */
export function spread(team: string, points: number, amount: Cents = 11_000, odds = -110): BetTerms {
  return {
    betType: 'spread',
    selection: composeSelection({ betType: 'spread', team, points }),
    spreadTeam: team,
    spreadPoints: points,
    amount,
    odds,
  }
}

export function total(
  overUnder: 'over' | 'under',
  points: number,
  amount: Cents = 11_000,
  odds = -110,
): BetTerms {
  return {
    betType: 'total',
    selection: composeSelection({ betType: 'total', overUnder, points }),
    totalPoints: points,
    overUnder,
    amount,
    odds,
  }
}

export function moneyline(team: string, amount: Cents = 10_000, odds = 100): BetTerms {
  return { betType: 'moneyline', selection: composeSelection({ betType: 'moneyline', team }), amount, odds }
}

/** Decision 068: a team's own score over or under its line. */
export function teamTotal(
  team: string,
  overUnder: 'over' | 'under',
  points: number,
  amount: Cents = 11_000,
  odds = -110,
): BetTerms {
  return {
    betType: 'team_total',
    selection: composeSelection({ betType: 'team_total', team, overUnder, points }),
    spreadTeam: team,
    totalPoints: points,
    overUnder,
    amount,
    odds,
  }
}

export function drawNoBet(team: string, amount: Cents = 10_000, odds = -150): BetTerms {
  const selection = composeSelection({ betType: 'draw_no_bet', team })
  return { betType: 'draw_no_bet', selection, spreadTeam: team, amount, odds }
}

export function doubleChance(outcomes: DoubleChance, amount: Cents = 10_000, odds = -200): BetTerms {
  return { betType: 'double_chance', selection: outcomes, amount, odds }
}

/** Decision 069: a whole-goal handicap on `team`, backing the team or the draw under it. */
export function threeWayHandicap(
  team: string,
  points: number,
  draw = false,
  amount: Cents = 10_000,
  odds = 150,
): BetTerms {
  const selection = composeSelection({ betType: 'three_way_handicap', team, points, draw })
  return { betType: 'three_way_handicap', selection, spreadTeam: team, spreadPoints: points, amount, odds }
}

/** Decision 069: `team` wins by exactly `margin` (or by `margin` or more), or the draw (team 'Draw'). */
export function winningMargin(
  team: string,
  margin: number,
  orMore = false,
  amount: Cents = 10_000,
  odds = 300,
): BetTerms {
  const selection = composeSelection({ betType: 'winning_margin', team, margin, orMore })
  return { betType: 'winning_margin', selection, amount, odds }
}

/** Decision 074: both teams to score, 'Yes' or 'No'. */
export function bothTeamsToScore(yes: boolean, amount: Cents = 10_000, odds = -120): BetTerms {
  return { betType: 'both_teams_to_score', selection: yes ? 'Yes' : 'No', amount, odds }
}

/** Decision 074: the final score exactly, home goals first. */
export function correctScore(home: number, away: number, amount: Cents = 1_000, odds = 700): BetTerms {
  return { betType: 'correct_score', selection: `${home}-${away}`, amount, odds }
}

/** A committed bet, with the payout settlement stores beside its result (decision 002) unless told otherwise. */
/** A single on a market, as recorded: what the property tests generate and settle again. */
export type RecordedSingle = BetTerms & RecordedBet & { result: Result | null }

export function recorded(bet: BetTerms, overrides: Partial<RecordedSingle> = {}): RecordedSingle {
  const result = overrides.result ?? null
  return { ...bet, betStatus: 'committed', result, payout: storedPayout(bet, result), ...overrides }
}

/** What settlement stores as a bet's payout with its result (decision 002), null without one. */
export function storedPayout(bet: Pick<BetTerms, 'amount' | 'odds'>, result: Result | null): Cents | null {
  return result === null ? null : settlementFor(result, bet.amount, bet).payout
}

/** Arbitraries that only make valid values (Actual Budget style). */
export const arbAmount = fc.integer({ min: 1, max: 100_000_000 })
export const arbOdds = fc.oneof(
  fc.integer({ min: -100_000, max: -100 }),
  fc.integer({ min: 100, max: 100_000 }),
)
export const arbHalfPoints = (min: number, max: number) =>
  fc.integer({ min: min * 2, max: max * 2 }).map((n) => n / 2)

/** Lines in quarter points: soccer's Asian quarter lines (decision 071) beside the half points. */
export const arbQuarterPoints = (min: number, max: number) =>
  fc.integer({ min: min * 4, max: max * 4 }).map((n) => n / 4)

/** A bet on the game; with `draw` (soccer), its markets and quarter lines too. */
export function arbBet(matchup: Matchup, opts: { draw?: boolean } = {}): fc.Arbitrary<BetTerms> {
  const teams = [matchup.homeTeam, matchup.awayTeam, ...(opts.draw ? [DRAW] : [])]
  const sides = fc.constantFrom(matchup.homeTeam, matchup.awayTeam)
  const points = opts.draw ? arbQuarterPoints : arbHalfPoints
  return fc.oneof(
    fc
      .tuple(sides, points(-40, 40), arbAmount, arbOdds)
      .map(([team, points, amount, odds]) => spread(team, points, amount, odds)),
    fc
      .tuple(fc.constantFrom('over' as const, 'under' as const), points(0, 300), arbAmount, arbOdds)
      .map(([side, points, amount, odds]) => total(side, points, amount, odds)),
    fc
      .tuple(fc.constantFrom(...teams), arbAmount, arbOdds)
      .map(([team, amount, odds]) => moneyline(team, amount, odds)),
    fc
      .tuple(sides, fc.constantFrom('over' as const, 'under' as const), points(0, 150), arbAmount, arbOdds)
      .map(([team, side, points, amount, odds]) => teamTotal(team, side, points, amount, odds)),
    // Draw no bet and double chance are soccer's (decision 068): where a draw is bet on.
    ...(opts.draw
      ? [
          fc.tuple(sides, arbAmount, arbOdds).map(([team, amount, odds]) => drawNoBet(team, amount, odds)),
          fc
            .tuple(fc.constantFrom(...DOUBLE_CHANCES), arbAmount, arbOdds)
            .map(([outcomes, amount, odds]) => doubleChance(outcomes, amount, odds)),
          fc
            .tuple(sides, fc.integer({ min: -5, max: 5 }), fc.boolean(), arbAmount, arbOdds)
            .map(([team, points, draw, amount, odds]) => threeWayHandicap(team, points, draw, amount, odds)),
          fc
            .tuple(
              fc.constantFrom(...teams),
              fc.integer({ min: 1, max: 6 }),
              fc.boolean(),
              arbAmount,
              arbOdds,
            )
            .map(([team, margin, orMore, amount, odds]) =>
              team === DRAW
                ? winningMargin(DRAW, 0, false, amount, odds)
                : winningMargin(team, margin, orMore, amount, odds),
            ),
          // Decision 074: the two markets read cell by cell.
          fc
            .tuple(fc.boolean(), arbAmount, arbOdds)
            .map(([yes, amount, odds]) => bothTeamsToScore(yes, amount, odds)),
          fc
            .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), arbAmount, arbOdds)
            .map(([home, away, amount, odds]) => correctScore(home, away, amount, odds)),
        ]
      : []),
  )
}

export const arbResult = fc.constantFrom<Result | null>('won', 'lost', 'push', null)

export function arbRecordedBet(matchup: Matchup): fc.Arbitrary<RecordedSingle> {
  return fc
    .tuple(arbBet(matchup), fc.constantFrom('tentative' as const, 'committed' as const), arbResult)
    .map(([bet, betStatus, result]) => ({ ...bet, betStatus, result, payout: storedPayout(bet, result) }))
}

/** What a winning bet nets, straight from decision 001, for expectations written by hand. */
export const toWin = potentialWin

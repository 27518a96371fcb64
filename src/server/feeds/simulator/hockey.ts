import type { Matchup } from './matchup'
import type { Rng } from './random'
import {
  clockedScript,
  finalText,
  type GameScript,
  type LiveView,
  layoutPeriods,
  MINUTE_MS,
  type PeriodSpec,
  periodTexts,
  type Score,
  type Segment,
  type TimedEvent,
} from './timeline'

/**
 * Hockey: goals as a Poisson process, stepped every few seconds so that the rate can follow the game:
 * in the last 2:30 a side down by one or two pulls its goalie, which lifts both sides' scoring (mostly
 * empty-net goals against it). Three 20-minute periods; a tie goes to five minutes of 3-on-3 sudden death
 * (about 60% of overtimes end with a goal, as in the NHL), then to a shootout. As ESPN reports it, the
 * shootout winner's final score is one more than the tied score ('Final/SO'); the shootout itself is not
 * played out. No ties.
 *
 * Real time: ~37 minutes a period, 18-minute intermissions, ~2 h 30 in all.
 */
const PERIOD_SECONDS = 1200
const OT_SECONDS = 300
const STEP_SECONDS = 5
/** Regulation goals at even strength: the average less what empty nets, overtime and the shootout add. */
const REGULATION_SHARE = 0.925
const PULLED_GOALIE_SECONDS = 150
const EMPTY_NET_BOOST = { trailing: 1.8, leading: 5 }
/** 3-on-3 overtime: a goal in 5 minutes 60% of the time, so -ln(0.4)/300 per second for the two sides. */
const OT_GOALS_PER_SECOND = -Math.log(0.4) / OT_SECONDS / 2

const PERIODS: readonly PeriodSpec[] = [
  { period: 1, gameSeconds: PERIOD_SECONDS, realMs: 37 * MINUTE_MS, breakMs: 18 * MINUTE_MS },
  { period: 2, gameSeconds: PERIOD_SECONDS, realMs: 37 * MINUTE_MS, breakMs: 18 * MINUTE_MS },
  { period: 3, gameSeconds: PERIOD_SECONDS, realMs: 37 * MINUTE_MS, breakMs: 2 * MINUTE_MS },
]
const OVERTIME: PeriodSpec = {
  period: 4,
  gameSeconds: OT_SECONDS,
  realMs: 9 * MINUTE_MS,
  breakMs: 2 * MINUTE_MS,
}
/** The shootout shows as a period of its own ('SO'), with no clock. */
const SHOOTOUT: PeriodSpec = { period: 5, gameSeconds: 1, realMs: 6 * MINUTE_MS, breakMs: 0 }

export function hockeyScript(rng: Rng, { home, away }: Matchup): GameScript {
  const perSecond = {
    home: (home.expected * REGULATION_SHARE) / (3 * PERIOD_SECONDS),
    away: (away.expected * REGULATION_SHARE) / (3 * PERIOD_SECONDS),
  }
  const score: Score = { home: 0, away: 0 }
  const events: TimedEvent<Score>[] = []
  const goal = (side: keyof Score, period: number, second: number) => {
    score[side]++
    events.push({ period, second, state: { ...score } })
  }

  for (let period = 1; period <= 3; period++) {
    for (let second = 0; second < PERIOD_SECONDS; second += STEP_SECONDS) {
      const boost = emptyNet(score, period === 3 && second >= PERIOD_SECONDS - PULLED_GOALIE_SECONDS)
      for (const side of ['home', 'away'] as const) {
        if (rng.chance(perSecond[side] * boost[side] * STEP_SECONDS)) {
          goal(side, period, second + rng.uniform(0, STEP_SECONDS))
        }
      }
    }
  }
  const specs = [...PERIODS]
  let endsAt: { period: number; second: number } | undefined
  let finalScore = { ...score }
  let lastPeriod = 3
  if (score.home === score.away) {
    specs.push(OVERTIME)
    lastPeriod = 4
    const rate = (home.factor + away.factor) * OT_GOALS_PER_SECOND
    const second = rng.exponential(1 / rate)
    if (second < OT_SECONDS) {
      goal(rng.chance(home.factor / (home.factor + away.factor)) ? 'home' : 'away', 4, second)
      endsAt = { period: 4, second }
      finalScore = { ...score }
    } else {
      specs.push(SHOOTOUT)
      lastPeriod = 5
      // Shootouts are close to a coin flip; the better side edges it.
      const homeWins = rng.chance(0.5 + (home.factor - away.factor) / 4)
      finalScore = homeWins ? { ...score, home: score.home + 1 } : { ...score, away: score.away + 1 }
    }
  }
  const final = {
    homeScore: finalScore.home,
    awayScore: finalScore.away,
    period: lastPeriod,
    gameTime: lastPeriod === 5 ? 'Final/SO' : finalText(lastPeriod, 3),
  }
  return clockedScript({
    segments: layoutPeriods(specs),
    initial: { home: 0, away: 0 },
    score: (state: Score) => state,
    events,
    show,
    final,
    endsAt,
  })
}

function emptyNet(score: Score, late: boolean): Score {
  const margin = score.home - score.away
  if (!late || margin === 0 || Math.abs(margin) > 2) return { home: 1, away: 1 }
  const { trailing, leading } = EMPTY_NET_BOOST
  return margin > 0 ? { home: leading, away: trailing } : { home: trailing, away: leading }
}

function show(state: Score, segment: Segment, played: number): Omit<LiveView, 'periods'> {
  const shootout = segment.period === 5 && segment.kind === 'play'
  const texts = shootout
    ? { gameTime: 'SO', detail: 'Shootout' }
    : periodTexts(segment, played, { periods: 3, unit: 'Period', halftimeAfter: null })
  return {
    homeScore: state.home,
    awayScore: state.away,
    period: segment.period,
    ...texts,
    baseball: null,
    football: null,
  }
}

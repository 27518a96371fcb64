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
 * Basketball, possession by possession: a turnover, a shooting foul (two free throws), or a shot (a three
 * or a two, sometimes an and-one), with offensive rebounds giving the same side another try. Possessions
 * last a few seconds to a full shot clock, so the pace comes out near the league's (NBA ~99 possessions a
 * team, NCAAB ~68), and a side's make rates scale with its strength. Tied after regulation: five-minute
 * overtimes until someone leads. No ties.
 */
interface Rules {
  periods: number
  periodSeconds: number
  unit: string
  halftimeAfter: number
  /** Real time of a regulation period and of the breaks after each (the last one before overtime). */
  periodMs: number
  breaksMs: readonly number[]
  overtimeMs: number
  /** A possession lasts between these (seconds). */
  possession: readonly [number, number]
  turnover: number
  shootingFoul: number
  threeShare: number
  three: number
  two: number
  andOne: number
  freeThrow: number
  offensiveRebound: number
}

// NBA 2023-24: ~114 points and ~99 possessions a team; 39% of shots from three at 36.5%, 2s at 54%, free
// throws 78%, 13% turnovers, 24% offensive rebounds. NCAAB: ~72 points on ~68 possessions, 38% threes at
// 34%, 2s at 50%, free throws 71%, 17% turnovers, 29% offensive rebounds. Make rates then nudged to the
// point targets (the simple model has no transition or putback bonus).
const RULES: Readonly<Record<'NBA' | 'NCAAB', Rules>> = {
  NBA: {
    periods: 4,
    periodSeconds: 12 * 60,
    unit: 'Quarter',
    halftimeAfter: 2,
    periodMs: 28.5 * MINUTE_MS,
    breaksMs: [2.5 * MINUTE_MS, 15 * MINUTE_MS, 2.5 * MINUTE_MS, 2.5 * MINUTE_MS],
    overtimeMs: 12 * MINUTE_MS,
    possession: [5, 24],
    turnover: 0.13,
    shootingFoul: 0.09,
    threeShare: 0.39,
    three: 0.385,
    two: 0.57,
    andOne: 0.05,
    freeThrow: 0.78,
    offensiveRebound: 0.24,
  },
  NCAAB: {
    periods: 2,
    periodSeconds: 20 * 60,
    unit: 'Half',
    halftimeAfter: 1,
    periodMs: 52 * MINUTE_MS,
    breaksMs: [15 * MINUTE_MS, 2.5 * MINUTE_MS],
    overtimeMs: 12 * MINUTE_MS,
    possession: [6, 29.3],
    turnover: 0.17,
    shootingFoul: 0.09,
    threeShare: 0.38,
    three: 0.36,
    two: 0.545,
    andOne: 0.04,
    freeThrow: 0.71,
    offensiveRebound: 0.29,
  },
}

const OVERTIME_SECONDS = 5 * 60

export function basketballScript(rng: Rng, { league, home, away }: Matchup): GameScript {
  const rules = RULES[league === 'NCAAB' ? 'NCAAB' : 'NBA']
  const score: Score = { home: 0, away: 0 }
  const events: TimedEvent<Score>[] = []
  let offense: keyof Score = rng.chance(0.5) ? 'home' : 'away'
  const opening = offense
  let period = 1
  for (; period <= rules.periods || score.home === score.away; period++) {
    const length = period <= rules.periods ? rules.periodSeconds : OVERTIME_SECONDS
    // Periods open with the ball going to the sides in turn.
    offense = period % 2 === 1 ? opening : opening === 'home' ? 'away' : 'home'
    for (
      let second = rng.uniform(...rules.possession);
      second < length;
      second += rng.uniform(...rules.possession)
    ) {
      const points = possession(rng, rules, (offense === 'home' ? home : away).factor)
      if (points > 0) {
        score[offense] += points
        events.push({ period, second, state: { ...score } })
      }
      offense = offense === 'home' ? 'away' : 'home'
    }
  }
  const lastPeriod = period - 1

  const specs: PeriodSpec[] = []
  for (let p = 1; p <= lastPeriod; p++) {
    const regulation = p <= rules.periods
    specs.push({
      period: p,
      gameSeconds: regulation ? rules.periodSeconds : OVERTIME_SECONDS,
      realMs: regulation ? rules.periodMs : rules.overtimeMs,
      breakMs: rules.breaksMs[Math.min(p, rules.periods) - 1] ?? 0,
    })
  }
  const final = {
    homeScore: score.home,
    awayScore: score.away,
    period: lastPeriod,
    gameTime: finalText(lastPeriod, rules.periods),
  }
  const show = (state: Score, segment: Segment, played: number): Omit<LiveView, 'periods'> => ({
    homeScore: state.home,
    awayScore: state.away,
    period: segment.period,
    ...periodTexts(segment, played, rules),
    baseball: null,
    football: null,
  })
  return clockedScript({
    segments: layoutPeriods(specs),
    initial: { home: 0, away: 0 },
    score: (state: Score) => state,
    events,
    show,
    final,
  })
}

/** Points from one possession of a side whose make rates are `factor` times the league's. */
function possession(rng: Rng, rules: Rules, factor: number): number {
  for (;;) {
    if (rng.chance(rules.turnover)) return 0
    if (rng.chance(rules.shootingFoul)) return freeThrows(rng, 2, rules.freeThrow)
    const three = rng.chance(rules.threeShare)
    if (rng.chance((three ? rules.three : rules.two) * factor)) {
      const bonus = rng.chance(rules.andOne) ? freeThrows(rng, 1, rules.freeThrow) : 0
      return (three ? 3 : 2) + bonus
    }
    if (!rng.chance(rules.offensiveRebound)) return 0
  }
}

function freeThrows(rng: Rng, shots: number, rate: number): number {
  let made = 0
  for (let i = 0; i < shots; i++) if (rng.chance(rate)) made++
  return made
}

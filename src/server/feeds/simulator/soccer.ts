import type { Matchup } from './matchup'
import type { Rng } from './random'
import {
  clockedScript,
  type GameScript,
  layoutPeriods,
  MINUTE_MS,
  type Score,
  type Segment,
  type TimedEvent,
} from './timeline'

/**
 * Soccer: each side's goals are a Poisson process over two halves of 45 minutes plus stoppage time, with
 * its expected goals as the mean. Slightly more goals come after the break (55%), as in the big leagues.
 * The clock runs in real time ("58'", "45'+2'"), halftime ('HT') lasts 17 minutes, so a game takes about
 * 1 h 55. Draws stand: no extra time or penalties.
 */
const HALF_MINUTES = 45
const HALFTIME_MS = 17 * MINUTE_MS
const SECOND_HALF_SHARE = 0.55

export function soccerScript(rng: Rng, { home, away }: Matchup): GameScript {
  const stoppage = [rng.int(1, 4), rng.int(2, 7)]
  const halves = stoppage.map((added, i) => ({
    period: i + 1,
    seconds: (HALF_MINUTES + added) * 60,
    share: i === 0 ? 1 - SECOND_HALF_SHARE : SECOND_HALF_SHARE,
  }))
  const goals: { period: number; second: number; side: 'home' | 'away' }[] = []
  for (const half of halves) {
    for (const side of ['home', 'away'] as const) {
      const expected = (side === 'home' ? home : away).expected * half.share
      const count = rng.poisson(expected)
      for (let g = 0; g < count; g++)
        goals.push({ period: half.period, second: rng.uniform(0, half.seconds), side })
    }
  }
  goals.sort((a, b) => a.period - b.period || a.second - b.second)

  const score: Score = { home: 0, away: 0 }
  const events: TimedEvent<Score>[] = goals.map(({ period, second, side }) => {
    score[side]++
    return { period, second, state: { ...score } }
  })
  const segments = layoutPeriods(
    halves.map((half) => ({
      period: half.period,
      gameSeconds: half.seconds,
      realMs: half.seconds * 1000,
      breakMs: HALFTIME_MS,
    })),
  )
  const final = { homeScore: score.home, awayScore: score.away, period: 2, gameTime: 'FT' }
  return clockedScript({
    segments,
    initial: { home: 0, away: 0 },
    score: (state: Score) => state,
    events,
    show,
    final,
  })
}

function show(state: Score, segment: Segment, played: number) {
  const text = segment.kind === 'break' ? 'HT' : minuteText(segment.period, played)
  return {
    homeScore: state.home,
    awayScore: state.away,
    period: segment.period,
    gameTime: text,
    detail: text,
    baseball: null,
    football: null,
  }
}

/** ESPN's running minute: "1'" from kick-off, "45'+2'" in first-half stoppage, "90'+4'" at the end. */
function minuteText(period: number, played: number): string {
  const base = (period - 1) * HALF_MINUTES
  const minute = Math.floor(played / 60) + 1
  return minute > HALF_MINUTES ? `${base + HALF_MINUTES}'+${minute - HALF_MINUTES}'` : `${base + minute}'`
}

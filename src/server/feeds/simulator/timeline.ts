import type { BaseballSituation, FootballSituation } from '../../../domain/game'
import type { PeriodPoints } from '../../../domain/periods'
import { at } from './random'

/**
 * What every sport model hands the simulator: the whole game, simulated up front, as a script that can be
 * read at any moment. Scores only ever come from frames already passed, so a later `now` can never lower
 * a score, and a final game stays the same final.
 */
export interface LiveView {
  homeScore: number
  awayScore: number
  period: number
  /** The card's short clock text, as ESPN's shortDetail: 'Bot 5th', '8:41 - 4th', "58'". */
  gameTime: string
  /** The long form, as ESPN's detail: 'Bottom 5th', '8:41 - 4th Quarter', "58'". */
  detail: string
  baseball: BaseballSituation | null
  football: FootballSituation | null
  /** The points of each period begun, the first first: the line score so far. */
  periods: PeriodPoints[]
}

export interface FinalView {
  homeScore: number
  awayScore: number
  period: number
  /** 'Final', 'Final/10', 'Final/OT', 'Final/SO', 'FT': ESPN's short and long texts agree on these. */
  gameTime: string
  periods: PeriodPoints[]
}

export interface GameScript {
  /** Real time from the first pitch, tip-off or kick-off to the end, in ms. */
  durationMs: number
  /** The game at `elapsedMs` after its start, for 0 <= elapsedMs < durationMs. */
  liveAt(elapsedMs: number): LiveView
  final: FinalView
}

export interface Score {
  home: number
  away: number
}

/** A state of the game from `at` (ms after the start) until the next frame. */
export interface Frame<S> {
  at: number
  state: S
}

/** The last frame at or before `elapsed`; frames are sorted and the first is at 0. */
export function frameAt<S>(frames: readonly Frame<S>[], elapsed: number): S {
  let low = 0
  let high = frames.length - 1
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if (at(frames, middle).at <= elapsed) low = middle
    else high = middle - 1
  }
  return at(frames, low).state
}

/** One period of a clocked sport, and the break that follows it (none after the last). */
export interface PeriodSpec {
  period: number
  gameSeconds: number
  realMs: number
  breakMs: number
}

/** A stretch of real time: play in a period, or the break after it. */
export interface Segment {
  kind: 'play' | 'break'
  period: number
  start: number
  end: number
  gameSeconds: number
}

/**
 * Periods of play in real time: each period's game clock maps linearly onto its real time (stoppages are
 * spread evenly), and the breaks stop it. The game ends when the last period of play does.
 */
export function layoutPeriods(specs: readonly PeriodSpec[]): Segment[] {
  const segments: Segment[] = []
  let start = 0
  specs.forEach((spec, i) => {
    const end = start + spec.realMs
    segments.push({ kind: 'play', period: spec.period, start, end, gameSeconds: spec.gameSeconds })
    start = end
    if (i < specs.length - 1 && spec.breakMs > 0) {
      segments.push({ kind: 'break', period: spec.period, start, end: start + spec.breakMs, gameSeconds: 0 })
      start += spec.breakMs
    }
  })
  return segments
}

/** The real time at which `gameSecond` of `period` is played. */
function realAt(segments: readonly Segment[], period: number, gameSecond: number): number {
  const segment = segments.find((s) => s.kind === 'play' && s.period === period)
  if (!segment) throw new RangeError(`No period ${period} in this game`)
  const share = Math.min(1, Math.max(0, gameSecond / segment.gameSeconds))
  return segment.start + share * (segment.end - segment.start)
}

/** An event of a clocked sport: the state from `second` of `period` on. */
export interface TimedEvent<S> {
  period: number
  second: number
  state: S
}

/** A clocked sport's game, played: what clockedScript turns into a script. */
export interface ClockedGame<S> {
  segments: readonly Segment[]
  initial: S
  events: readonly TimedEvent<S>[]
  /** The running score of a state. */
  score: (state: S) => Score
  /** The game as shown at a moment of play or of a break (`played`: game seconds into the period). */
  show: (state: S, segment: Segment, played: number) => Omit<LiveView, 'periods'>
  final: Omit<FinalView, 'periods'>
  /** When a sudden-death goal ends the game before its last period does. */
  endsAt?: { period: number; second: number } | undefined
}

export function clockedScript<S>({
  segments,
  initial,
  events,
  score,
  show,
  final,
  endsAt,
}: ClockedGame<S>): GameScript {
  const frames: Frame<S>[] = [{ at: 0, state: initial }]
  for (const event of events)
    frames.push({ at: realAt(segments, event.period, event.second), state: event.state })
  const last = at(segments, segments.length - 1)
  const durationMs = endsAt ? realAt(segments, endsAt.period, endsAt.second) : last.end
  /** Each begun period's points: the running score at its end (or now) less the score before it. */
  const periodsAt = (elapsed: number): PeriodPoints[] => {
    const periods: PeriodPoints[] = []
    let before = score(initial)
    for (const segment of segments) {
      if (segment.kind !== 'play' || segment.start > elapsed) continue
      const after = score(frameAt(frames, Math.min(elapsed, segment.end)))
      periods.push({ home: after.home - before.home, away: after.away - before.away })
      before = after
    }
    return periods
  }
  return {
    durationMs,
    liveAt(elapsed) {
      const segment = segments.find((s) => elapsed < s.end) ?? last
      const share = (elapsed - segment.start) / (segment.end - segment.start)
      const played = segment.kind === 'play' ? Math.min(1, Math.max(0, share)) * segment.gameSeconds : 0
      return { ...show(frameAt(frames, elapsed), segment, played), periods: periodsAt(elapsed) }
    },
    final: { ...final, periods: withFinalScore(periodsAt(durationMs), final) },
  }
}

/**
 * The periods with what the final score adds to the plays (a hockey shoot-out's goal for its winner) in the
 * last one, so that they add up to the final score.
 */
function withFinalScore(periods: PeriodPoints[], final: { homeScore: number; awayScore: number }) {
  const sum = (side: 'home' | 'away') => periods.reduce((total, period) => total + (period[side] ?? 0), 0)
  const last = periods.at(-1)
  if (!last) return periods
  last.home = (last.home ?? 0) + final.homeScore - sum('home')
  last.away = (last.away ?? 0) + final.awayScore - sum('away')
  return periods
}

/** '8:41' for a count-down clock; whole seconds rounded up, so a period shows 12:00 at its start. */
function clockText(secondsLeft: number): string {
  const whole = Math.max(0, Math.ceil(secondsLeft))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st... */
export function ordinal(n: number): string {
  const tens = n % 100
  if (tens >= 11 && tens <= 13) return `${n}th`
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'
  return `${n}${suffix}`
}

/** '1st', '4th' in regulation; 'OT', '2OT'... after it, as ESPN names the periods. */
export function periodName(period: number, regulationPeriods: number): string {
  if (period <= regulationPeriods) return ordinal(period)
  const overtime = period - regulationPeriods
  return overtime === 1 ? 'OT' : `${overtime}OT`
}

/** 'Final', 'Final/OT', 'Final/2OT' after the last period played. */
export function finalText(lastPeriod: number, regulationPeriods: number): string {
  return lastPeriod <= regulationPeriods ? 'Final' : `Final/${periodName(lastPeriod, regulationPeriods)}`
}

/**
 * The live text of a clocked period ('8:41 - 4th', '8:41 - 4th Quarter'; '3:00 - OT' in both) and of the
 * break after it ('End of 1st' / 'End of 1st Quarter', 'Halftime').
 */
export function periodTexts(
  segment: Segment,
  played: number,
  regulation: { periods: number; unit: string; halftimeAfter: number | null },
): { gameTime: string; detail: string } {
  const name = periodName(segment.period, regulation.periods)
  const unit = segment.period <= regulation.periods ? ` ${regulation.unit}` : ''
  if (segment.kind === 'break') {
    if (segment.period === regulation.halftimeAfter) return { gameTime: 'Halftime', detail: 'Halftime' }
    return { gameTime: `End of ${name}`, detail: `End of ${name}${unit}` }
  }
  const clock = clockText(segment.gameSeconds - played)
  return { gameTime: `${clock} - ${name}`, detail: `${clock} - ${name}${unit}` }
}

export const MINUTE_MS = 60_000

import type { FootballSituation } from '../../../domain/game'
import type { Matchup, MatchupSide } from './matchup'
import type { Rng } from './random'
import {
  clockedScript,
  finalText,
  type GameScript,
  type LiveView,
  layoutPeriods,
  MINUTE_MS,
  ordinal,
  type PeriodSpec,
  periodName,
  periodTexts,
  type Score,
  type Segment,
  type TimedEvent,
} from './timeline'

/**
 * American football, play by play: runs and passes (with sacks, incompletions, interceptions and fumbles)
 * move the ball; fourth downs are punted, kicked or gone for by simple coaching rules; touchdowns are
 * followed by a kick (or sometimes a two-point try), and kickoffs, touchbacks, safeties and the game clock
 * (runoff between snaps, stopped by incompletions and timeouts, hurried at the end of a half) follow. A
 * side's yards per play scale with its strength, its turnovers the other way.
 *
 * Overtime: NFL, one 10-minute period in which both sides get the ball, then sudden death; still tied at
 * its end, the game is a tie. NCAAF: untimed periods where each side starts a possession at the other's
 * 25; from the second overtime touchdowns must go for two, from the third each side only tries a
 * two-point play; periods go on until one side leads.
 */
type Side = keyof Score

interface Rules {
  league: 'NFL' | 'NCAAF'
  /** Where a kickoff touchback puts the receiving side, and how often a kickoff is one. */
  touchback: number
  touchbackRate: number
  /** Yards a play gains against the NFL's average, and seconds it runs off between snaps. */
  yardsScale: number
  runoff: readonly [number, number]
  extraPoint: number
  /** Field-goal accuracy against the NFL's at the same distance. */
  kicking: number
  /** PAT snap spot (own-frame yard line): the 15 in the NFL, the 3 in college. */
  patSpot: number
  quarterMs: number
  quarterBreakMs: number
  halftimeMs: number
}

// Real time: NFL ~3 h 10 (42 min a quarter, 13.5 min at halftime), NCAAF ~3 h 30 (46 min, 20 min).
// NCAAF plays run off less clock (the clock stops on first downs), so there are more of them, and its
// offenses gain more per play: together ~28 points a team against the NFL's ~22.5.
const RULES: Readonly<Record<'NFL' | 'NCAAF', Rules>> = {
  NFL: {
    league: 'NFL',
    touchback: 35,
    touchbackRate: 0.55,
    yardsScale: 0.94,
    runoff: [27, 40],
    extraPoint: 0.95,
    kicking: 1,
    patSpot: 85,
    quarterMs: 42 * MINUTE_MS,
    quarterBreakMs: 2 * MINUTE_MS,
    halftimeMs: 13.5 * MINUTE_MS,
  },
  NCAAF: {
    league: 'NCAAF',
    touchback: 25,
    touchbackRate: 0.5,
    yardsScale: 1.06,
    runoff: [22, 36],
    extraPoint: 0.97,
    kicking: 0.92,
    patSpot: 97,
    quarterMs: 46 * MINUTE_MS,
    quarterBreakMs: 2.5 * MINUTE_MS,
    halftimeMs: 20 * MINUTE_MS,
  },
}

const QUARTER_SECONDS = 900
const NFL_OVERTIME_SECONDS = 600
const NFL_OVERTIME_MS = 25 * MINUTE_MS
/** Untimed college overtime: each play counts as this many seconds of a virtual clock, shown at 1:2 speed. */
const COLLEGE_OT_PLAY_SECONDS = 40
const COLLEGE_OT_REAL_PER_SECOND = 1000 * 2

interface State {
  score: Score
  /** Null at halftime, between quarters with no drive going, and before the opening kickoff. */
  offense: Side | null
  down: number | null
  distance: number | null
  yardLine: number | null
  timeouts: Score
}

export function footballScript(rng: Rng, matchup: Matchup): GameScript {
  const rules = RULES[matchup.league === 'NCAAF' ? 'NCAAF' : 'NFL']
  const game = new FootballGame(rng, rules, matchup)
  game.play()
  const { events, score, period, overtimeSeconds } = game
  const specs: PeriodSpec[] = [1, 2, 3, 4].map((quarter) => ({
    period: quarter,
    gameSeconds: QUARTER_SECONDS,
    realMs: rules.quarterMs,
    breakMs: quarter === 2 ? rules.halftimeMs : rules.quarterBreakMs,
  }))
  for (let overtime = 5; overtime <= period; overtime++) {
    const seconds = rules.league === 'NFL' ? NFL_OVERTIME_SECONDS : (overtimeSeconds.get(overtime) ?? 1)
    const realMs = rules.league === 'NFL' ? NFL_OVERTIME_MS : seconds * COLLEGE_OT_REAL_PER_SECOND
    specs.push({ period: overtime, gameSeconds: seconds, realMs, breakMs: rules.quarterBreakMs })
  }
  const final = { homeScore: score.home, awayScore: score.away, period, gameTime: finalText(period, 4) }
  const show = (state: State, segment: Segment, played: number): Omit<LiveView, 'periods'> => ({
    homeScore: state.score.home,
    awayScore: state.score.away,
    period: segment.period,
    ...texts(rules, segment, played),
    baseball: null,
    football: situation(state, segment, matchup),
  })
  return clockedScript({
    segments: layoutPeriods(specs),
    initial: game.initial,
    events,
    score: (state: State) => state.score,
    show,
    final,
    endsAt: game.endsAt,
  })
}

function texts(rules: Rules, segment: Segment, played: number): { gameTime: string; detail: string } {
  if (rules.league === 'NCAAF' && segment.period > 4 && segment.kind === 'play') {
    const name = periodName(segment.period, 4)
    return { gameTime: name, detail: name }
  }
  return periodTexts(segment, played, { periods: 4, unit: 'Quarter', halftimeAfter: 2 })
}

function situation(state: State, segment: Segment, { home, away }: Matchup): FootballSituation {
  const timeouts = { ...state.timeouts }
  const halftime = segment.kind === 'break' && segment.period === 2
  if (state.offense === null || state.yardLine === null || halftime) {
    return {
      down: null,
      distance: null,
      yardLine: null,
      possession: null,
      redZone: false,
      timeouts,
      downDistanceText: null,
    }
  }
  const offense = state.offense === 'home' ? home : away
  const defense = state.offense === 'home' ? away : home
  const { down, distance, yardLine } = state
  return {
    down,
    distance,
    yardLine,
    possession: offense.abbreviation,
    redZone: yardLine >= 80,
    timeouts,
    downDistanceText:
      down === null || distance === null ? null : downText(down, distance, yardLine, offense, defense),
  }
}

/** '3rd & 4 at DET 34', '1st & Goal at KC 5', '2nd & 10 at 50', as ESPN writes it. */
function downText(
  down: number,
  distance: number,
  yardLine: number,
  offense: MatchupSide,
  defense: MatchupSide,
) {
  const toGo = yardLine + distance >= 100 ? 'Goal' : String(distance)
  const spot =
    yardLine === 50
      ? '50'
      : yardLine < 50
        ? `${offense.abbreviation} ${yardLine}`
        : `${defense.abbreviation} ${100 - yardLine}`
  return `${ordinal(down)} & ${toGo} at ${spot}`
}

const other = (side: Side): Side => (side === 'home' ? 'away' : 'home')

class FootballGame {
  readonly events: TimedEvent<State>[] = []
  readonly initial: State = {
    score: { home: 0, away: 0 },
    offense: null,
    down: null,
    distance: null,
    yardLine: null,
    timeouts: { home: 3, away: 3 },
  }
  /** Virtual seconds of each untimed college overtime period. */
  readonly overtimeSeconds = new Map<number, number>()
  /** When an NFL overtime score ends the game before the period does. */
  endsAt: { period: number; second: number } | undefined
  score: Score = { home: 0, away: 0 }
  period = 1
  private second = 0
  private state: State = this.initial
  /** NFL overtime: drives started so far and the side that had the first. */
  private overtimeDrives = 0
  private firstOvertimeOffense: Side | null = null
  /** College overtime: the current possession has ended (score, stop or turnover). */
  private possessionOver = false

  constructor(
    private readonly rng: Rng,
    private readonly rules: Rules,
    private readonly matchup: Matchup,
  ) {}

  play(): void {
    const openingReceiver: Side = this.rng.chance(0.5) ? 'home' : 'away'
    this.kickoff(openingReceiver)
    this.half()
    this.period = 3
    this.second = 0
    this.emit({ offense: null, down: null, distance: null, yardLine: null, timeouts: { home: 3, away: 3 } })
    this.kickoff(other(openingReceiver))
    this.half()
    if (this.score.home !== this.score.away) return
    if (this.rules.league === 'NFL') this.nflOvertime()
    else this.collegeOvertime()
  }

  /** Drives until the clock runs out in the 2nd or 4th quarter; a drive carries over between quarters. */
  private half(): void {
    while (!this.halfOver()) {
      if (this.second >= QUARTER_SECONDS) {
        this.period++
        this.second = 0
      }
      this.snap()
    }
  }

  private halfOver(): boolean {
    return (this.period === 2 || this.period === 4) && this.second >= QUARTER_SECONDS
  }

  private nflOvertime(): void {
    this.period = 5
    this.second = 0
    this.emit({ offense: null, down: null, distance: null, yardLine: null, timeouts: { home: 2, away: 2 } })
    this.kickoff(this.rng.chance(0.5) ? 'home' : 'away')
    while (this.endsAt === undefined && this.second < NFL_OVERTIME_SECONDS) this.snap()
  }

  private collegeOvertime(): void {
    let first: Side = this.rng.chance(0.5) ? 'home' : 'away'
    for (this.period = 5; this.score.home === this.score.away; this.period++) {
      this.second = 0
      for (const side of [first, other(first)]) {
        if (this.period >= 7) this.twoPointTry(side)
        else this.collegePossession(side)
      }
      this.overtimeSeconds.set(this.period, this.second)
      first = other(first)
    }
    this.period--
  }

  private collegePossession(side: Side): void {
    this.possessionOver = false
    this.tick(0)
    this.emit({ offense: side, yardLine: 75, down: 1, distance: 10 })
    while (!this.possessionOver) this.snap()
  }

  private collegeOvertimeNow(): boolean {
    return this.rules.league === 'NCAAF' && this.period > 4
  }

  /** One snap (or kick) of the side with the ball. */
  private snap(): void {
    const { offense, down, distance, yardLine } = this.state
    if (offense === null || down === null || distance === null || yardLine === null) {
      throw new Error('A snap needs a drive under way')
    }
    const rng = this.rng
    const left = QUARTER_SECONDS - this.second
    const behind = this.score[other(offense)] - this.score[offense]
    const fieldGoalRange = yardLine >= 58
    if (this.kneelDown()) {
      this.advanceTo(offense, yardLine - 1, down + 1, distance + 1, 40, false)
      return
    }
    // The last seconds of a half: kick if three points help (or if it is the first half).
    const lastKick = (this.period === 2 || (this.period === 4 && behind >= 0 && behind <= 3)) && left <= 12
    if (lastKick && fieldGoalRange) {
      this.fieldGoal(offense, yardLine)
      return
    }
    if (down === 4 && !this.goesForIt(distance, yardLine, behind)) {
      if (fieldGoalRange) this.fieldGoal(offense, yardLine)
      else this.punt(offense, yardLine)
      return
    }
    const factor = this.side(offense).factor
    const hurry = this.hurrying(offense)
    const passing = rng.chance(down >= 3 && distance >= 5 ? 0.85 : hurry ? 0.8 : 0.57)
    if (passing) this.pass(offense, factor, hurry)
    else this.run(offense, factor, hurry)
  }

  private goesForIt(distance: number, yardLine: number, behind: number): boolean {
    const fieldGoalRange = yardLine >= 58
    if (this.collegeOvertimeNow())
      return !fieldGoalRange || behind > 3 || (distance <= 1 && this.rng.chance(0.5))
    const late = this.period >= 4 && QUARTER_SECONDS - this.second < 300
    if (late && (behind > 3 || (behind > 0 && !fieldGoalRange))) return true
    return distance <= 2 && yardLine >= 45 && this.rng.chance(0.4)
  }

  private side(side: Side): MatchupSide {
    return side === 'home' ? this.matchup.home : this.matchup.away
  }

  /** The offense is against the clock: end of the first half, or behind (or level) late in the game. */
  private hurrying(offense: Side): boolean {
    const left = QUARTER_SECONDS - this.second
    if (this.period === 2) return left <= 120
    return this.period === 4 && left <= 150 && this.score[offense] <= this.score[other(offense)]
  }

  /** Ahead at the end with the other side out of timeouts: the offense kneels the clock out. */
  private kneelDown(): boolean {
    const { offense, down } = this.state
    if (offense === null || down === null || down === 4 || this.period !== 4) return false
    const left = QUARTER_SECONDS - this.second
    const ahead = this.score[offense] > this.score[other(offense)]
    return ahead && left <= 40 * (4 - down) && this.state.timeouts[other(offense)] === 0
  }

  private run(offense: Side, factor: number, hurry: boolean): void {
    const rng = this.rng
    if (rng.chance(0.008 / factor)) {
      this.turnover(offense)
      return
    }
    let gain = Math.round(3 + 3.3 * rng.normal())
    if (rng.chance(0.09)) gain += Math.round(rng.exponential(12))
    this.gain(offense, this.scaled(gain, factor), this.runoff(hurry), false)
  }

  private pass(offense: Side, factor: number, hurry: boolean): void {
    const rng = this.rng
    if (rng.chance(0.065 / factor)) {
      this.gain(offense, -rng.int(4, 10), this.runoff(hurry), false)
      return
    }
    if (rng.chance(0.022 / factor)) {
      this.interception(offense)
      return
    }
    if (rng.chance(0.34 / Math.sqrt(factor))) {
      this.gain(offense, 0, rng.int(5, 8), true)
      return
    }
    const gain = rng.int(1, 4) + Math.round(rng.exponential(8.5))
    // A quarter of completions end out of bounds and stop the clock.
    const stopped = rng.chance(0.25)
    this.gain(offense, this.scaled(gain, factor), stopped ? rng.int(6, 10) : this.runoff(hurry), stopped)
  }

  private scaled(gain: number, factor: number): number {
    return gain > 0 ? Math.round(gain * this.rules.yardsScale * Math.sqrt(factor)) : gain
  }

  private runoff(hurry: boolean): number {
    return hurry ? this.rng.int(8, 20) : this.rng.int(this.rules.runoff[0], this.rules.runoff[1])
  }

  /** The ball moved `yards` on a play that ran `seconds` off the clock. */
  private gain(offense: Side, yards: number, seconds: number, clockStopped: boolean): void {
    const { down, distance, yardLine } = this.state
    if (down === null || distance === null || yardLine === null) return
    const spot = yardLine + yards
    if (spot >= 100) {
      this.touchdown(offense, seconds)
      return
    }
    if (spot <= 0) {
      this.safety(offense, seconds)
      return
    }
    if (yards >= distance) {
      this.advanceTo(offense, spot, 1, Math.min(10, 100 - spot), seconds, clockStopped)
      return
    }
    if (down === 4) {
      this.tick(seconds)
      this.startDrive(other(offense), 100 - spot)
      return
    }
    this.advanceTo(offense, spot, down + 1, distance - yards, seconds, clockStopped)
  }

  private advanceTo(
    offense: Side,
    spot: number,
    down: number,
    distance: number,
    seconds: number,
    stopped: boolean,
  ) {
    const saved = stopped ? 0 : this.timeout(offense)
    this.tick(Math.max(5, seconds - saved))
    this.emit({ offense, yardLine: Math.max(1, spot), down, distance })
  }

  /**
   * Timeouts: a side against the clock calls one after a play that kept it running; now and then a side
   * calls one anyway (a bad look, a substitution). Returns the seconds saved.
   */
  private timeout(offense: Side): number {
    if (this.period > 4) return 0
    const rng = this.rng
    const defense = other(offense)
    const late = (this.period === 2 || this.period === 4) && QUARTER_SECONDS - this.second <= 150
    let caller: Side | null = null
    if (late && this.hurrying(offense) && rng.chance(0.4)) caller = offense
    else if (late && this.period === 4 && this.score[defense] < this.score[offense] && rng.chance(0.7))
      caller = defense
    else if (rng.chance(0.012)) caller = rng.chance(0.5) ? offense : defense
    if (caller === null || this.state.timeouts[caller] === 0) return 0
    this.state = {
      ...this.state,
      timeouts: { ...this.state.timeouts, [caller]: this.state.timeouts[caller] - 1 },
    }
    return 25
  }

  private interception(offense: Side): void {
    const rng = this.rng
    const yardLine = this.state.yardLine ?? 25
    this.tick(rng.int(6, 12))
    const defense = other(offense)
    if (rng.chance(0.04)) {
      this.scored(defense, 6, true)
      return
    }
    const caught = Math.min(99, yardLine + rng.int(5, 30))
    this.startDrive(defense, Math.max(1, Math.min(99, 100 - caught + rng.int(0, 20))))
  }

  private turnover(offense: Side): void {
    const yardLine = this.state.yardLine ?? 25
    this.tick(this.rng.int(6, 12))
    this.startDrive(other(offense), Math.max(1, Math.min(99, 100 - yardLine)))
  }

  private touchdown(offense: Side, seconds: number): void {
    this.tick(Math.min(seconds, 8))
    this.scored(offense, 6, true)
  }

  /** Points on the board; after a touchdown the try; then the kickoff, unless the half or game is over. */
  private scored(side: Side, points: number, touchdown: boolean): void {
    this.score = { ...this.score, [side]: this.score[side] + points }
    if (touchdown) this.emit({ offense: side, down: null, distance: null, yardLine: this.rules.patSpot })
    else this.emit({ down: null, distance: null })
    if (this.decided()) return
    if (touchdown) this.tryAfter(side)
    if (this.decided()) return
    if (this.collegeOvertimeNow()) {
      this.possessionOver = true
      return
    }
    if (this.halfOver()) return
    this.tick(5)
    this.kickoff(other(side))
  }

  /** Extra point, or a two-point try when the margin asks for it (and now and then anyway). */
  private tryAfter(side: Side): void {
    const rng = this.rng
    const margin = this.score[side] - this.score[other(side)]
    const late = this.period >= 4 && QUARTER_SECONDS - this.second < 600
    const forced = this.rules.league === 'NCAAF' && this.period >= 6
    const goForTwo = forced || (late && [-2, 1, 5, -5, -10].includes(margin)) || rng.chance(0.05)
    const points = goForTwo ? (rng.chance(0.48) ? 2 : 0) : rng.chance(this.rules.extraPoint) ? 1 : 0
    this.tick(5)
    if (points > 0) this.score = { ...this.score, [side]: this.score[side] + points }
    this.emit({})
  }

  /** College overtime from the third period: one two-point play each. */
  private twoPointTry(side: Side): void {
    this.tick(0)
    this.emit({ offense: side, down: null, distance: null, yardLine: 97 })
    this.tick(0)
    if (this.rng.chance(0.45 * Math.sqrt(this.side(side).factor))) {
      this.score = { ...this.score, [side]: this.score[side] + 2 }
    }
    this.emit({})
  }

  /**
   * NFL overtime: both sides get the ball, then the next score wins. So a lead ends the game at once,
   * except the lead of the side that had the first drive while the other has not finished its own (the
   * third drive starting is that moment). College overtime ends with its period, in collegeOvertime().
   */
  private decided(): boolean {
    if (this.rules.league !== 'NFL' || this.period < 5 || this.score.home === this.score.away) return false
    const leader: Side = this.score.home > this.score.away ? 'home' : 'away'
    if (this.overtimeDrives < 3 && leader === this.firstOvertimeOffense) return false
    this.endsAt = { period: this.period, second: this.second }
    return true
  }

  private safety(offense: Side, seconds: number): void {
    this.tick(Math.min(seconds, 8))
    const defense = other(offense)
    this.score = { ...this.score, [defense]: this.score[defense] + 2 }
    this.emit({ down: null, distance: null })
    if (this.decided() || this.halfOver()) return
    // The free kick from the 20: the side that scored gets the ball back around its 40.
    this.tick(5)
    this.startDrive(defense, this.rng.int(30, 50))
  }

  private fieldGoal(offense: Side, yardLine: number): void {
    const make = Math.min(0.99, fieldGoalRate(100 - yardLine + 17) * this.rules.kicking)
    this.tick(this.rng.int(5, 8))
    if (this.rng.chance(make)) {
      this.scored(offense, 3, false)
      return
    }
    this.startDrive(other(offense), Math.max(20, 100 - (yardLine - 7)))
  }

  private punt(offense: Side, yardLine: number): void {
    this.tick(this.rng.int(8, 14))
    const landing = yardLine + Math.round(41 + 7 * this.rng.normal())
    this.startDrive(other(offense), landing >= 100 ? 20 : Math.max(5, 100 - landing))
  }

  private kickoff(receiver: Side): void {
    const rng = this.rng
    const returned = Math.round(this.rules.touchback - 5 + 7 * rng.normal())
    const start = rng.chance(this.rules.touchbackRate)
      ? this.rules.touchback
      : Math.max(8, Math.min(60, returned))
    this.tick(rng.int(5, 8))
    this.startDrive(receiver, start)
  }

  /** The other side has the ball: a new drive, or in college overtime the end of the possession. */
  private startDrive(offense: Side, yardLine: number): void {
    if (this.collegeOvertimeNow()) {
      this.possessionOver = true
      return
    }
    if (this.rules.league === 'NFL' && this.period >= 5) {
      this.overtimeDrives++
      this.firstOvertimeOffense ??= offense
      if (this.decided()) return
    }
    this.emit({ offense, yardLine, down: 1, distance: Math.min(10, 100 - yardLine) })
  }

  /** Game-clock time passes; untimed college overtime counts plays on a virtual clock instead. */
  private tick(seconds: number): void {
    if (this.collegeOvertimeNow()) this.second += COLLEGE_OT_PLAY_SECONDS
    else
      this.second = Math.min(this.period > 4 ? NFL_OVERTIME_SECONDS : QUARTER_SECONDS, this.second + seconds)
  }

  private emit(change: Partial<State>): void {
    this.state = { ...this.state, ...change, score: this.score }
    this.events.push({ period: this.period, second: this.second, state: this.state })
  }
}

/** NFL field-goal accuracy by distance (2023-24 seasons, rounded). */
function fieldGoalRate(distance: number): number {
  if (distance < 30) return 0.98
  if (distance < 40) return 0.92
  if (distance < 50) return 0.82
  if (distance < 55) return 0.72
  return 0.6
}

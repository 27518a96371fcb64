import type { BaseballSituation } from '../../../domain/game'
import type { PeriodPoints } from '../../../domain/periods'
import type { Matchup } from './matchup'
import type { Rng } from './random'
import { type Frame, frameAt, type GameScript, type LiveView, ordinal } from './timeline'

/**
 * Baseball, plate appearance by plate appearance, each shown pitch by pitch: the outcome of a plate
 * appearance is drawn first, then a pitch sequence that ends in it (a walk on ball four, a strikeout on
 * strike three, a ball in play on some count). Runners advance by simple rules (a single scores a runner
 * from second 60% of the time, a fly ball scores one from third with fewer than two outs...). Nine innings,
 * no bottom of the ninth for a home team ahead, a walk-off ends the game, and from the 10th every half
 * starts with a runner on second (the automatic runner).
 *
 * Calibration: 2018 MLB scored 4.45 runs per team-game
 * (shared/fixtures/baseball/team_game_runs_distribution_2018_retrosheet_gamelogs.csv), 0.50 per
 * full half-inning, and 72.7% of half-innings were scoreless (inning_run_distribution_2018_retrosheet_
 * gamelogs.csv, row both,1-8). The plate-appearance mix below is close to 2018's (22% strikeouts, 9.6%
 * walks and hit batters, 3.3% home runs) and was tuned with the advancement rules to hit those two
 * numbers (4.49 runs and 73.1% over 2,000 games in tests/unit/simulator.test.ts).
 */
type Outcome = 'strikeout' | 'walk' | 'single' | 'double' | 'triple' | 'homer' | 'ground' | 'fly' | 'liner'

const ON_BASE: readonly (readonly [Outcome, number])[] = [
  ['walk', 0.096],
  ['single', 0.144],
  ['double', 0.045],
  ['triple', 0.005],
  ['homer', 0.033],
]
const OUTS: readonly (readonly [Outcome, number])[] = [
  ['strikeout', 0.223],
  ['ground', 0.205],
  ['fly', 0.17],
  ['liner', 0.079],
]
// The two lists add up to 1: one plate appearance.
const ON_BASE_RATE = ON_BASE.reduce((sum, [, p]) => sum + p, 0)

/**
 * Runs grow about as the square of the on-base rate (more runners, and more of them driven in), so a side
 * expected to score `factor` times the average reaches base sqrt(factor) times as often.
 */
const RUNS_EXPONENT = 2

/** Real time: ~19 s a pitch with the pitch clock, ~20 s between batters, 2:15 between half-innings: ~2 h 40. */
const PITCH_MS: readonly [number, number] = [13_000, 25_000]
const NEXT_BATTER_MS: readonly [number, number] = [10_000, 30_000]
const BREAK_MS = 135_000

type Half = 'top' | 'bottom'
type Bases = [boolean, boolean, boolean]

/** A state with three outs is the break after that half ('Mid 7th', 'End 7th'). */
interface State {
  home: number
  away: number
  inning: number
  half: Half
  outs: number
  balls: number
  strikes: number
  bases: Bases
}

/** Runs per half-inning, for the calibration test: `top[inning - 1]`, `bottom[inning - 1]`. */
export interface LineScore {
  top: number[]
  bottom: number[]
}

export interface BaseballScript extends GameScript {
  lineScore: LineScore
}

export function baseballScript(rng: Rng, { home, away }: Matchup): BaseballScript {
  const reach = (factor: number) => factor ** (1 / RUNS_EXPONENT)
  const game = new Game(rng, { top: reach(away.factor), bottom: reach(home.factor) })
  game.play()
  const { frames, state } = game
  const innings = state.inning
  return {
    // The last frame (the final out or the winning run) ends the game.
    durationMs: frames[frames.length - 1]?.at ?? 0,
    liveAt(elapsed) {
      const now = frameAt(frames, elapsed)
      return { ...view(now), periods: inningsSoFar(game.line, now) }
    },
    final: {
      homeScore: state.home,
      awayScore: state.away,
      period: innings,
      gameTime: innings === 9 ? 'Final' : `Final/${innings}`,
      periods: inningsSoFar(game.line, state),
    },
    lineScore: game.line,
  }
}

class Game {
  readonly frames: Frame<State>[] = []
  readonly line: LineScore = { top: [], bottom: [] }
  state: State = {
    home: 0,
    away: 0,
    inning: 1,
    half: 'top',
    outs: 0,
    balls: 0,
    strikes: 0,
    bases: [false, false, false],
  }
  private clock = 0

  constructor(
    private readonly rng: Rng,
    /** How much more often than average each batting side reaches base. */
    private readonly reach: Record<Half, number>,
  ) {}

  play(): void {
    this.frames.push({ at: 0, state: this.state })
    for (;;) {
      this.halfInning()
      if (this.over()) return
      this.clock += BREAK_MS
      const { inning, half } = this.state
      const next =
        half === 'top' ? { inning, half: 'bottom' as const } : { inning: inning + 1, half: 'top' as const }
      this.emit({ ...next, outs: 0, balls: 0, strikes: 0, bases: [false, next.inning >= 10, false] })
    }
  }

  /** Whether the game is decided after the half just played. */
  private over(): boolean {
    const { inning, half, home, away } = this.state
    if (inning < 9) return false
    if (half === 'top') return home > away
    return home !== away
  }

  private halfInning(): void {
    const { half, inning } = this.state
    const before = half === 'top' ? this.state.away : this.state.home
    while (this.state.outs < 3 && !this.walkOff()) this.plateAppearance()
    const after = half === 'top' ? this.state.away : this.state.home
    this.line[half][inning - 1] = after - before
  }

  private walkOff(): boolean {
    const { inning, half, home, away } = this.state
    return half === 'bottom' && inning >= 9 && home > away
  }

  private plateAppearance(): void {
    const outcome = this.outcome()
    for (const count of this.pitches(outcome)) this.emit(count, this.tick(PITCH_MS))
    this.clock += this.rng.uniform(PITCH_MS[0], PITCH_MS[1])
    this.emit({ ...this.advance(outcome), balls: 0, strikes: 0 })
    this.clock += this.rng.uniform(NEXT_BATTER_MS[0], NEXT_BATTER_MS[1])
  }

  private tick(range: readonly [number, number]): number {
    this.clock += this.rng.uniform(range[0], range[1])
    return this.clock
  }

  private outcome(): Outcome {
    const reach = this.reach[this.state.half]
    const onBase = ON_BASE.map(([o, p]) => [o, p * reach] as const)
    const outShare = (1 - ON_BASE_RATE * reach) / (1 - ON_BASE_RATE)
    const outs = OUTS.map(([o, p]) => [o, p * outShare] as const)
    return this.rng.weighted([...onBase, ...outs])
  }

  /** The counts after each pitch before the last one, which ends the plate appearance. */
  private pitches(outcome: Outcome): { balls: number; strikes: number }[] {
    const rng = this.rng
    const [balls, strikes] =
      outcome === 'walk'
        ? [3, rng.weighted(COUNTS_BEFORE_WALK)]
        : outcome === 'strikeout'
          ? [rng.weighted(BALLS_BEFORE_STRIKEOUT), 2]
          : [rng.weighted(BALLS_IN_PLAY), rng.weighted(STRIKES_IN_PLAY)]
    const sequence = rng.shuffle([...Array<'b'>(balls).fill('b'), ...Array<'s'>(strikes).fill('s')])
    const counts: { balls: number; strikes: number }[] = []
    let b = 0
    let s = 0
    for (const pitch of sequence) {
      if (pitch === 'b') b++
      else s++
      counts.push({ balls: b, strikes: s })
      // Two-strike fouls: the count stays, the at-bat goes on.
      if (s === 2 && pitch === 's')
        for (let f = rng.weighted(FOULS); f > 0; f--) counts.push({ balls: b, strikes: s })
    }
    return counts
  }

  /** Outs, runners and runs after the ball is in play (or the walk, or the strikeout). */
  private advance(outcome: Outcome): Partial<State> {
    const rng = this.rng
    const { outs } = this.state
    const [first, second, third] = this.state.bases
    let runs = 0
    let bases: Bases = [first, second, third]
    let outsAfter = outs
    switch (outcome) {
      case 'walk':
        // Forced runners only.
        if (first && second && third) runs = 1
        bases = [true, first || second, (first && second) || third]
        break
      case 'single': {
        const secondScores = second && rng.chance(0.6)
        const firstToThird = first && !(second && !secondScores) && rng.chance(0.28)
        runs = Number(third) + Number(secondScores)
        bases = [true, first && !firstToThird, (second && !secondScores) || firstToThird]
        break
      }
      case 'double': {
        const firstScores = first && rng.chance(0.42)
        runs = Number(third) + Number(second) + Number(firstScores)
        bases = [false, true, first && !firstScores]
        break
      }
      case 'triple':
        runs = Number(first) + Number(second) + Number(third)
        bases = [false, false, true]
        break
      case 'homer':
        runs = 1 + Number(first) + Number(second) + Number(third)
        bases = [false, false, false]
        break
      case 'strikeout':
      case 'liner':
        outsAfter = outs + 1
        break
      case 'fly': {
        outsAfter = outs + 1
        const sacrifice = outs < 2 && third && rng.chance(0.6)
        const tagUp = outs < 2 && second && !(third && !sacrifice) && rng.chance(0.25)
        runs = Number(sacrifice)
        bases = [first, second && !tagUp, (third && !sacrifice) || tagUp]
        break
      }
      case 'ground': {
        if (outs === 2) {
          outsAfter = 3
          break
        }
        if (first && rng.chance(0.42)) {
          // 6-4-3: batter and the runner from first are out; the others move up if the inning goes on.
          outsAfter = outs + 2
          if (outsAfter < 3) {
            runs = Number(third)
            bases = [false, false, second]
          }
          break
        }
        outsAfter = outs + 1
        // Forced runners move up; the runner from third scores about half the time when not forced, and
        // the runner from second takes third half the time when it is free.
        const thirdScores = third && ((first && second) || rng.chance(0.45))
        const thirdStays = third && !thirdScores
        const secondMoves = second && (first || (!thirdStays && rng.chance(0.5)))
        runs = Number(thirdScores)
        // A force at second is taken when the batter is safe at first; one out either way.
        const fieldersChoice = first && rng.chance(0.3)
        bases = [
          fieldersChoice,
          (first && !fieldersChoice) || (second && !secondMoves),
          secondMoves || thirdStays,
        ]
        break
      }
    }
    return this.score(runs, outcome === 'homer', { outs: outsAfter, bases })
  }

  private score(runs: number, homer: boolean, change: Pick<State, 'outs' | 'bases'>): Partial<State> {
    const { half, inning, home, away } = this.state
    if (half === 'top') return { ...change, away: away + runs }
    // A walk-off ends with the winning run: the runners behind it only count on a home run.
    const walkOff = inning >= 9 && !homer
    return { ...change, home: walkOff ? Math.min(home + runs, Math.max(home, away + 1)) : home + runs }
  }

  private emit(change: Partial<State>, at = this.clock): void {
    this.state = { ...this.state, ...change }
    this.frames.push({ at, state: this.state })
  }
}

const COUNTS_BEFORE_WALK: readonly (readonly [number, number])[] = [
  [0, 0.25],
  [1, 0.38],
  [2, 0.37],
]
const BALLS_BEFORE_STRIKEOUT: readonly (readonly [number, number])[] = [
  [0, 0.22],
  [1, 0.32],
  [2, 0.3],
  [3, 0.16],
]
const BALLS_IN_PLAY: readonly (readonly [number, number])[] = [
  [0, 0.38],
  [1, 0.32],
  [2, 0.2],
  [3, 0.1],
]
const STRIKES_IN_PLAY: readonly (readonly [number, number])[] = [
  [0, 0.3],
  [1, 0.37],
  [2, 0.33],
]
const FOULS: readonly (readonly [number, number])[] = [
  [0, 0.55],
  [1, 0.25],
  [2, 0.13],
  [3, 0.07],
]

/**
 * The line score up to `state`: each inning's runs, the half being played counted from the running score;
 * a bottom half not begun (or never needed, the home side ahead after the top of the ninth) is null.
 */
function inningsSoFar(line: LineScore, state: State): PeriodPoints[] {
  const innings: PeriodPoints[] = []
  let away = 0
  let home = 0
  for (let inning = 1; inning <= state.inning; inning++) {
    const current = inning === state.inning
    const top = current && state.half === 'top' ? state.away - away : (line.top[inning - 1] ?? 0)
    const bottom = current
      ? state.half === 'bottom'
        ? state.home - home
        : null
      : (line.bottom[inning - 1] ?? null)
    innings.push({ away: top, home: bottom })
    away += top
    home += bottom ?? 0
  }
  return innings
}

function view(state: State): Omit<LiveView, 'periods'> {
  const { inning, half, outs } = state
  const base = { homeScore: state.home, awayScore: state.away, period: inning, football: null }
  if (outs >= 3) {
    // ESPN's break text, with the fresh situation of the half to come, as espn-situation.ts reads it.
    const middle = half === 'top'
    const baseball: BaseballSituation = {
      inning: middle ? inning : inning + 1,
      inningHalf: middle ? 'bottom' : 'top',
      outs: 0,
      balls: 0,
      strikes: 0,
      bases: { first: false, second: false, third: false },
    }
    const gameTime = `${middle ? 'Mid' : 'End'} ${ordinal(inning)}`
    return { ...base, gameTime, detail: `${middle ? 'Middle' : 'End'} ${ordinal(inning)}`, baseball }
  }
  const [first, second, third] = state.bases
  return {
    ...base,
    gameTime: `${half === 'top' ? 'Top' : 'Bot'} ${ordinal(inning)}`,
    detail: `${half === 'top' ? 'Top' : 'Bottom'} ${ordinal(inning)}`,
    baseball: {
      inning,
      inningHalf: half,
      outs,
      balls: state.balls,
      strikes: state.strikes,
      bases: { first, second, third },
    },
  }
}

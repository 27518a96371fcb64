/**
 * Runs to the end of a half-inning, as a distribution on 0..10 (10 stands for 10 or more), for a fresh
 * inning and for each of the 24 base-out states. The fresh inning is the 2018 MLB count of half-innings
 * 1 to 8 (Retrosheet game logs; the 9th and later are cut short by walk-offs). No public table gives the
 * full distribution from every state, so each state keeps its own chance of a scoreless rest of the
 * inning and its own run expectancy (Tango, "Base/Out and Run Frequency"), and the shape of its scoring
 * innings is the fresh inning's, tilted to that expectancy. Tango's expectancies are rescaled to 2018's
 * scoring level (0.5025 runs from the bases-empty, no-out state rather than his 0.561).
 */
export const INNING_RUNS_2018 = [28253, 5668, 2725, 1260, 551, 248, 99, 49, 15, 10, 5] as const

/** outs, first, second, third, runs to the end of the inning, P(scoreless); Tango's table. */
const TANGO: readonly (readonly [number, number, number, number, number, number])[] = [
  [0, 0, 0, 0, 0.561, 0.701],
  [1, 0, 0, 0, 0.3, 0.824],
  [2, 0, 0, 0, 0.118, 0.921],
  [0, 1, 0, 0, 0.959, 0.556],
  [1, 1, 0, 0, 0.576, 0.712],
  [2, 1, 0, 0, 0.253, 0.862],
  [0, 0, 1, 0, 1.196, 0.361],
  [1, 0, 1, 0, 0.73, 0.586],
  [2, 0, 1, 0, 0.348, 0.773],
  [0, 1, 1, 0, 1.579, 0.352],
  [1, 1, 1, 0, 0.974, 0.566],
  [2, 1, 1, 0, 0.47, 0.764],
  [0, 0, 0, 1, 1.486, 0.128],
  [1, 0, 0, 1, 0.989, 0.332],
  [2, 0, 0, 1, 0.39, 0.732],
  [0, 1, 0, 1, 1.911, 0.121],
  [1, 1, 0, 1, 1.245, 0.342],
  [2, 1, 0, 1, 0.537, 0.711],
  [0, 0, 1, 1, 2.064, 0.14],
  [1, 0, 1, 1, 1.472, 0.299],
  [2, 0, 1, 1, 0.643, 0.717],
  [0, 1, 1, 1, 2.412, 0.122],
  [1, 1, 1, 1, 1.642, 0.323],
  [2, 1, 1, 1, 0.815, 0.671],
]

export interface BaseOut {
  outs: number
  bases: { first: boolean; second: boolean; third: boolean }
}

export const FRESH_INNING: Float64Array = normalized(Float64Array.from(INNING_RUNS_2018))
export const LEAGUE_INNING_MEAN = mean(FRESH_INNING)

const SCALE = LEAGUE_INNING_MEAN / 0.561

const STATES: readonly Float64Array[] = TANGO.map(([outs, first, second, third, runs, scoreless]) =>
  outs === 0 && first + second + third === 0 ? FRESH_INNING : stateRuns(runs * SCALE, scoreless),
)

/** The runs still to come in this half-inning from its base-out state; three outs means none. */
export function runsFrom(state: BaseOut): Float64Array {
  if (state.outs >= 3) return Float64Array.of(1)
  const { first, second, third } = state.bases
  const index = TANGO.findIndex(
    ([o, f, s, t]) => o === state.outs && f === Number(first) && s === Number(second) && t === Number(third),
  )
  return STATES[index] ?? FRESH_INNING
}

/** Extra innings start with a runner on second and nobody out (MLB since 2020). */
export const EXTRA_INNING_START: BaseOut = { outs: 0, bases: { first: false, second: true, third: false } }

/**
 * The same distribution with every k weighted by phi^k (an exponential tilt): a stronger offence makes
 * every extra run likelier in the same proportion, and the mean rises smoothly with phi.
 */
export function tilt(pmf: Float64Array, phi: number): Float64Array {
  const out = new Float64Array(pmf.length)
  let weight = 1
  for (let k = 0; k < pmf.length; k++) {
    out[k] = (pmf[k] ?? 0) * weight
    weight *= phi
  }
  return normalized(out)
}

/**
 * The tilt that gives this mean. The mean's derivative in log phi is the tilted variance, so Newton's
 * method converges in a few steps from phi = 1.
 */
export function tiltFor(pmf: Float64Array, target: number): number {
  let x = 0
  for (let i = 0; i < 50; i++) {
    const tilted = tilt(pmf, Math.exp(x))
    const m = mean(tilted)
    let variance = 0
    for (let k = 0; k < tilted.length; k++) variance += (tilted[k] ?? 0) * (k - m) * (k - m)
    const step = Math.max(-1, Math.min(1, (target - m) / variance))
    x += step
    if (Math.abs(step) < 1e-10) break
  }
  return Math.exp(x)
}

export function mean(pmf: Float64Array): number {
  // Plain loops: these run thousands of times per solve, and typed-array forEach is several times slower.
  let total = 0
  for (let k = 0; k < pmf.length; k++) total += (pmf[k] ?? 0) * k
  return total
}

/** P(0) from the table, the scoring innings shaped like a fresh one's and tilted to the state's mean. */
function stateRuns(expected: number, scoreless: number): Float64Array {
  const scoring = FRESH_INNING.slice()
  scoring[0] = 0
  const given = normalized(scoring)
  const conditionalMean = expected / (1 - scoreless)
  const shaped = tilt(given, tiltFor(given, conditionalMean))
  const out = shaped.map((p) => p * (1 - scoreless))
  out[0] = scoreless
  return out
}

function normalized(values: Float64Array): Float64Array {
  let total = 0
  for (const v of values) total += v
  return values.map((v) => v / total)
}

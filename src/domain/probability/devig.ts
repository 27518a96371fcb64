import { impliedProbability } from '../odds'

/**
 * Removing the bookmaker's margin (the vig) from a market's prices, so the lines can condition a score
 * model (decision 023). Two-way markets (moneylines without a draw, over/under) use additive or Shin; three-way
 * (1X2) use Shin or power. Every result names its method, because the answer must say how it was made.
 */
export type DevigMethod = 'additive' | 'shin' | 'power'

export interface Devigged {
  /** Fair probabilities in the order the prices were given; they sum to 1. */
  probabilities: number[]
  method: DevigMethod
  /** The book's margin: the implied probabilities' sum minus 1. */
  overround: number
}

export function devigTwoWay(odds: readonly [number, number], method: 'additive' | 'shin' = 'shin'): Devigged {
  return devigImplied(odds.map(impliedProbability), method)
}

export function devigThreeWay(
  odds: readonly [number, number, number],
  method: 'shin' | 'power' = 'shin',
): Devigged {
  return devigImplied(odds.map(impliedProbability), method)
}

/** From implied probabilities directly: decimal prices (1 / price) arrive this way in the history fixtures. */
export function devigImplied(implied: readonly number[], method: DevigMethod): Devigged {
  const booksum = implied.reduce((sum, p) => sum + p, 0)
  const probabilities =
    method === 'additive'
      ? additive(implied, booksum)
      : method === 'shin'
        ? shin(implied, booksum)
        : power(implied)
  return { probabilities, method, overround: booksum - 1 }
}

/** The margin shared equally; a long shot priced under its share is floored, then all rescaled. */
function additive(implied: readonly number[], booksum: number): number[] {
  const share = (booksum - 1) / implied.length
  const floored = implied.map((p) => Math.max(p - share, 1e-6))
  return rescale(floored)
}

/**
 * Shin (1993): a share z of the money comes from insiders, which makes books shade long shots most. The
 * fair probabilities for a given z are closed-form; z is found by bisection so they sum to 1 (the sum
 * falls as z rises).
 */
function shin(implied: readonly number[], booksum: number): number[] {
  const at = (z: number) =>
    implied.map((p) => (Math.sqrt(z * z + (4 * (1 - z) * p * p) / booksum) - z) / (2 * (1 - z)))
  if (booksum <= 1) return rescale(implied)
  let lo = 0
  let hi = 0.5
  for (let i = 0; i < 60; i++) {
    const z = (lo + hi) / 2
    if (sum(at(z)) > 1) lo = z
    else hi = z
  }
  return rescale(at((lo + hi) / 2))
}

/** Power: p_i = implied_i^k with k > 1 chosen so they sum to 1; it also takes more from long shots. */
function power(implied: readonly number[]): number[] {
  let lo = 0.2
  let hi = 5
  for (let i = 0; i < 60; i++) {
    const k = (lo + hi) / 2
    if (sum(implied.map((p) => p ** k)) > 1) lo = k
    else hi = k
  }
  const k = (lo + hi) / 2
  return rescale(implied.map((p) => p ** k))
}

function sum(values: readonly number[]): number {
  return values.reduce((total, v) => total + v, 0)
}

function rescale(values: readonly number[]): number[] {
  const total = sum(values)
  return values.map((v) => v / total)
}

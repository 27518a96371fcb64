/** Poisson probabilities 0..n (n chosen so the tail beyond is negligible for the rate). */
export function poissonPmf(rate: number, n: number = poissonReach(rate)): Float64Array {
  const out = new Float64Array(n + 1)
  let term = Math.exp(-rate)
  for (let k = 0; k <= n; k++) {
    out[k] = term
    term *= rate / (k + 1)
  }
  return out
}

/** A count past which a Poisson of this rate has less than about 1e-12 of its mass. */
export function poissonReach(rate: number): number {
  return Math.ceil(rate + 8 * Math.sqrt(rate) + 12)
}

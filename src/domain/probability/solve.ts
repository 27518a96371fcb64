/**
 * The root of an increasing function on [lo, hi] by bisection, or the nearer end when it has none there.
 * Every market condition the models solve is monotone in its own parameter, and bisection cannot diverge.
 */
export function bisect(lo: number, hi: number, f: (x: number) => number, iterations = 30): number {
  let a = lo
  let b = hi
  for (let i = 0; i < iterations; i++) {
    const mid = (a + b) / 2
    if (f(mid) < 0) a = mid
    else b = mid
  }
  return (a + b) / 2
}

/**
 * The minimum of a function on [lo, hi] that falls then rises there, by golden-section search: each step
 * keeps the part of the bracket that must hold the minimum and reuses one of the two inner points.
 */
export function minimize(lo: number, hi: number, f: (x: number) => number, iterations = 30): number {
  const shrink = (Math.sqrt(5) - 1) / 2
  let a = lo
  let b = hi
  let c = b - shrink * (b - a)
  let d = a + shrink * (b - a)
  let fc = f(c)
  let fd = f(d)
  for (let i = 0; i < iterations; i++) {
    if (fc < fd) {
      b = d
      d = c
      fd = fc
      c = b - shrink * (b - a)
      fc = f(c)
    } else {
      a = c
      c = d
      fc = fd
      d = a + shrink * (b - a)
      fd = f(d)
    }
  }
  return (a + b) / 2
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26 through erf, error < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2
  const t = 1 / (1 + 0.3275911 * x)
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
  const erf = 1 - poly * Math.exp(-x * x)
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf)
}

/** Scores of probability forecasts against what happened (1 or 0). */
export function brier(forecasts: readonly number[], outcomes: readonly number[]): number {
  let total = 0
  forecasts.forEach((p, i) => {
    total += (p - (outcomes[i] ?? 0)) ** 2
  })
  return total / forecasts.length
}

/** Expected calibration error: ten equal-width bins, |mean forecast - frequency| weighted by bin size. */
export function calibrationError(forecasts: readonly number[], outcomes: readonly number[]): number {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }))
  forecasts.forEach((p, i) => {
    const bin = bins[Math.min(9, Math.floor(p * 10))]
    if (!bin) return
    bin.n++
    bin.p += p
    bin.y += outcomes[i] ?? 0
  })
  return bins.reduce((sum, b) => sum + (b.n === 0 ? 0 : Math.abs(b.p - b.y)), 0) / forecasts.length
}

export function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length
}

export function sd(values: readonly number[]): number {
  const m = mean(values)
  return Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (values.length - 1))
}

/** A forecast of a two-sided bet that can push, as (P(side), P(other side)) -> P(side | no push). */
export function noPush(side: number, other: number): number {
  return side / (side + other)
}

/** The model's home-win forecasts against the de-vigged market's, on the same games. */
export function againstMarket(model: readonly number[], market: readonly number[], won: readonly number[]) {
  return {
    brierModel: brier(model, won),
    brierMarket: brier(market, won),
    meanGap: mean(model.map((p, i) => Math.abs(p - (market[i] ?? 0)))),
  }
}

/** The mean forecast of a side against how often it came in. */
export function predictedVsReal(forecasts: readonly number[], outcomes: readonly number[]) {
  return { predicted: mean(forecasts), actual: mean(outcomes) }
}

export interface Report {
  sport: string
  /** Games scored (held apart from the fit). */
  games: number
  trainedOn: string
  scoredOn: string
  brierModel: number
  brierMarket: number | null
  meanGap: number | null
  calibration: number
  cover: { predicted: number; actual: number } | null
  over: { predicted: number; actual: number } | null
  notes: string[]
  fitted: Record<string, number | string>
}

/** Held apart: fit on the seasons before `firstScored`, score on it and the ones after ('2013-14' sorts too). */
export function heldApart<G extends { season: number | string }>(
  games: readonly G[],
  firstScored: NoInfer<G['season']>,
) {
  return {
    train: games.filter((g) => g.season < firstScored),
    test: games.filter((g) => g.season >= firstScored),
  }
}

/** Forecasts of a yes/no event beside what happened: the input of calibrationError and predictedVsReal. */
export class Tally {
  readonly p: number[] = []
  readonly y: number[] = []

  add(forecast: number, happened: boolean): void {
    this.p.push(forecast)
    this.y.push(happened ? 1 : 0)
  }
}

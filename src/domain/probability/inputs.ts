import type { BaseballSituation } from '../game'
import { devigThreeWay, devigTwoWay } from './devig'

/**
 * What a model is conditioned on: the market's lines (any may be missing) and the live state. Spread is
 * the home team's (negative when favoured), as the feed stores it (MarketLines). Over/under prices are
 * optional; without them the total line is taken as the market's median, except in soccer, where a line
 * without its prices is left out when the 1X2 is there (its draw price says more about the goals).
 */
export interface ProbabilityLines {
  homeSpread?: number | null
  total?: number | null
  homeMoneyline?: number | null
  awayMoneyline?: number | null
  drawMoneyline?: number | null
  overOdds?: number | null
  underOdds?: number | null
}

export interface LiveState {
  homeScore: number
  awayScore: number
  /** Quarter, half, period or inning; past regulation means overtime (or extra innings). */
  period: number
  /**
   * Seconds left in the period where the clock runs down (football, basketball, hockey); seconds played
   * in the match for soccer, whose clock runs up (58' = 3480). Null reads as the period's start.
   */
  clockSeconds: number | null
  baseball?: BaseballSituation | null
}

/** The market's fair probabilities, and the names of the lines and method they came from. */
export interface MarketView {
  homeWin: number | null
  draw: number | null
  awayWin: number | null
  /** P(total > line | not a push); 0.5 when the total has no prices (the line read as the median). */
  over: number
  total: number | null
  homeSpread: number | null
  devig: string | null
  linesUsed: string[]
}

export function readMarket(lines: ProbabilityLines | null, threeWay: boolean): MarketView {
  const l = lines ?? {}
  const used: string[] = []
  const methods: string[] = []
  const view: MarketView = {
    homeWin: null,
    draw: null,
    awayWin: null,
    over: 0.5,
    total: null,
    homeSpread: null,
    devig: null,
    linesUsed: used,
  }
  if (l.homeMoneyline != null && l.awayMoneyline != null) {
    if (threeWay && l.drawMoneyline != null) {
      const fair = devigThreeWay([l.homeMoneyline, l.drawMoneyline, l.awayMoneyline], 'shin')
      ;[view.homeWin, view.draw, view.awayWin] = fair.probabilities as [number, number, number]
      used.push('homeMoneyline', 'drawMoneyline', 'awayMoneyline')
      methods.push('1X2 shin')
    } else if (!threeWay) {
      const fair = devigTwoWay([l.homeMoneyline, l.awayMoneyline], 'shin')
      ;[view.homeWin, view.awayWin] = fair.probabilities as [number, number]
      used.push('homeMoneyline', 'awayMoneyline')
      methods.push('moneyline shin')
    }
  }
  const overUnder = l.overOdds != null && l.underOdds != null ? ([l.overOdds, l.underOdds] as const) : null
  // A bare soccer line is not a price: ESPN sends 2.5 on nearly every match, and taking it as the median
  // put the over 0.075 off the market's on the held-apart seasons. The draw price sets the goals instead.
  if (l.total != null && l.total > 0 && (overUnder || view.draw === null)) {
    view.total = l.total
    used.push('total')
    if (overUnder) {
      view.over = devigTwoWay(overUnder, 'shin').probabilities[0] ?? 0.5
      used.push('overOdds', 'underOdds')
      methods.push('total shin')
    }
  }
  if (l.homeSpread != null) {
    view.homeSpread = l.homeSpread
    used.push('homeSpread')
  }
  view.devig = methods.length > 0 ? methods.join(', ') : null
  return view
}

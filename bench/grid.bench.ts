import type { BetTerms } from '../src/domain/bet'
import { buildGrid, type GridInput, toGridOutcomes } from '../src/domain/outcome-grid'
import { moneyline, spread, total } from '../tests/support/bets'
import { median, seededRandom, timeMs } from './measure'
import { naiveGridOutcomes } from './naive-grid'

/** Issue 2: the fast grid against every-bet-at-every-cell, side by side in one process. */
export function gridBench(): Record<string, number> {
  const input = thousandMixedBets()
  const fast = () => toGridOutcomes(buildGrid(input))
  const naive = () => naiveGridOutcomes(input)
  for (let i = 0; i < 5; i++) fast()
  naive()
  const fastMs = median(Array.from({ length: 41 }, () => timeMs(fast)))
  const coreMs = median(Array.from({ length: 41 }, () => timeMs(() => buildGrid(input))))
  const naiveMs = median(Array.from({ length: 3 }, () => timeMs(naive)))
  return {
    'grid-1000-bets-ms': round(fastMs, 3),
    'grid-1000-bets-core-ms': round(coreMs, 3),
    'grid-naive-1000-bets-ms': round(naiveMs, 1),
    'grid-speedup': round(naiveMs / fastMs, 1),
  }
}

function thousandMixedBets(): GridInput {
  const random = seededRandom(42)
  const homeTeam = 'Los Angeles Lakers'
  const awayTeam = 'Boston Celtics'
  const bets: BetTerms[] = []
  for (let i = 0; i < 1_000; i++) {
    const amount = 100 + Math.floor(random() * 50_000)
    const odds = random() < 0.5 ? -100 - Math.floor(random() * 300) : 100 + Math.floor(random() * 400)
    const team = random() < 0.5 ? homeTeam : awayTeam
    const kind = i % 3
    if (kind === 0) bets.push(spread(team, Math.round((random() * 30 - 15) * 2) / 2, amount, odds))
    else if (kind === 1) {
      const points = Math.round((150 + random() * 100) * 2) / 2
      bets.push(total(random() < 0.5 ? 'over' : 'under', points, amount, odds))
    } else bets.push(moneyline(team, amount, odds))
  }
  return {
    matchup: { homeTeam, awayTeam, league: 'NBA' },
    bets,
    home: { min: 0, max: 200 },
    away: { min: 0, max: 200 },
  }
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals
  return Math.round(value * f) / f
}

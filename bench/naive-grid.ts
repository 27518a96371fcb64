import type { GridInput, GridOutcomes, OutcomeRow } from '../src/domain/outcome-grid'
import { buildGrid, outcomeCell } from '../src/domain/outcome-grid'
import { betRule, ruleResult, settlementFor } from '../src/domain/settlement'

/**
 * The grid as D5 defines it: every bet settled at every cell. The benchmark's baseline and a test oracle;
 * never used by the product. Each bet's terms are resolved once, as settle() would, so that the
 * comparison measures the algorithm and not repeated parsing.
 */
export function naiveGridOutcomes(input: GridInput): GridOutcomes {
  const shape = buildGrid({ ...input, bets: [] })
  const grid = { ...shape, totalStake: input.bets.reduce((sum, bet) => sum + bet.amount, 0) }
  const rules = input.bets.map((bet) => ({ bet, rule: betRule(bet, input.matchup) }))
  const outcomes: OutcomeRow[] = []
  for (let home = input.home.min; home <= input.home.max; home++) {
    const row: OutcomeRow = { homeScore: home, outcomes: [] }
    for (let away = input.away.min; away <= input.away.max; away++) {
      let profit = 0
      for (const { bet, rule } of rules) {
        profit += settlementFor(ruleResult(rule, { home, away }), bet.amount, bet).net
      }
      row.outcomes.push(outcomeCell(home, away, profit, grid))
    }
    outcomes.push(row)
  }
  return { outcomes }
}

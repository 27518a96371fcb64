import type { BetTerms } from '../../../domain/bet'
import { BET_TYPE_LABELS } from '../../../domain/bet'
import { formatOdds, potentialWin } from '../../../domain/odds'
import { buildGrid, type GridInput, toGridOutcomes } from '../../../domain/outcome-grid'
import { CARD } from '../../ui/card'
import { FOCUS } from '../../ui/focus'
import { formatMoney } from '../../ui/format'
import { axisLabel, cellView, gridExtremes } from '../grid/cell-view'

/**
 * The demo's sample: an NBA game with a spread and a total, on a small window of final scores that
 * straddles both lines, so all four corners (both win, both lose, one each) show. The grid is computed by
 * the same domain code as the server's grid; no API call.
 */
const MATCHUP = { homeTeam: 'Los Angeles Lakers', awayTeam: 'Boston Celtics', league: 'NBA' }

const SAMPLE_BETS: BetTerms[] = [
  {
    betType: 'spread',
    selection: 'Los Angeles Lakers -4.5',
    spreadTeam: 'Los Angeles Lakers',
    spreadPoints: -4.5,
    odds: -110,
    amount: 11_000,
  },
  {
    betType: 'total',
    selection: 'Over 221.5',
    overUnder: 'over',
    totalPoints: 221.5,
    odds: -110,
    amount: 5_500,
  },
]

const INPUT: GridInput = {
  matchup: MATCHUP,
  bets: SAMPLE_BETS,
  home: { min: 108, max: 118 },
  away: { min: 104, max: 114 },
}

const GRID = buildGrid(INPUT)
const ROWS = toGridOutcomes(GRID).outcomes
const AWAY_SCORES = ROWS[0]?.outcomes.map((cell) => cell.awayScore) ?? []
const { maxAbs } = gridExtremes(ROWS)

export function DemoBets() {
  return (
    <section aria-labelledby="demo-bets" className={`${CARD} p-4`}>
      <h2 id="demo-bets" className="mb-3 font-semibold">
        Sample bets: {MATCHUP.awayTeam} at {MATCHUP.homeTeam} (NBA)
      </h2>
      <ul className="flex flex-col gap-2 text-sm">
        {SAMPLE_BETS.map((bet) => (
          <li
            key={bet.selection}
            className="flex flex-wrap gap-x-4 gap-y-1 rounded-lg bg-slate-800/60 px-3 py-2"
          >
            <span className="font-medium">{bet.selection}</span>
            <span className="text-slate-400">{BET_TYPE_LABELS[bet.betType]}</span>
            <span>Odds {formatOdds(bet.odds)}</span>
            <span>Stake {formatMoney(bet.amount)}</span>
            <span className="text-emerald-300">To win {formatMoney(potentialWin(bet.amount, bet.odds))}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A compact, non-virtualised table: 11 x 11 cells, scrolling sideways on a phone. */
export function DemoGrid() {
  return (
    <section aria-labelledby="demo-grid" className={`${CARD} p-4`}>
      <h2 id="demo-grid" className="font-semibold">
        Your outcome grid
      </h2>
      <p className="mb-3 text-sm text-slate-400">
        Rows: {axisLabel(MATCHUP.homeTeam)} (home) final score. Columns: {axisLabel(MATCHUP.awayTeam)} (away)
        final score. Each cell: profit or loss and return on the {formatMoney(GRID.totalStake)} staked.
      </p>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label="Sample outcome grid"
        className={`overflow-x-auto rounded ${FOCUS}`}
      >
        <table className="border-collapse text-xs tabular-nums">
          <caption className="sr-only">
            Profit or loss for each final score of {MATCHUP.awayTeam} at {MATCHUP.homeTeam}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="sticky left-0 z-10 bg-slate-900 px-2 py-1 text-slate-400">
                <span className="sr-only">Home score / away score</span>
                <span aria-hidden="true">H \ A</span>
              </th>
              {AWAY_SCORES.map((away) => (
                <th key={away} scope="col" className="px-1 py-1 font-semibold text-slate-300">
                  {away}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.homeScore}>
                <th scope="row" className="sticky left-0 z-10 bg-slate-900 px-2 font-semibold text-slate-300">
                  {row.homeScore}
                </th>
                {row.outcomes.map((cell) => {
                  const view = cellView(row.homeScore, cell.awayScore, cell, maxAbs)
                  return (
                    <td
                      key={cell.awayScore}
                      aria-label={view.label}
                      className={`h-12 w-14 min-w-14 border border-slate-950 text-center leading-tight ${view.shade}`}
                    >
                      <span className="block font-semibold">{view.profitText}</span>
                      {view.roiText ? <span className="block">{view.roiText}</span> : null}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p className="mt-3 text-sm text-slate-400">
        Example: a 112-105 Lakers win covers the spread (+$100) but stays under 221.5 (-$55), so the cell
        shows{' '}
        {cellView(112, 105, ROWS[112 - INPUT.home.min]?.outcomes[105 - INPUT.away.min], maxAbs).profitText}.
      </p>
    </section>
  )
}

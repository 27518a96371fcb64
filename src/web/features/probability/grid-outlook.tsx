import { dollarsToCents } from '../../../domain/money'
import type { ProbabilityModel, ProbabilitySummary } from '../../types'
import { formatSignedMoney } from '../../ui/format'
import { chanceText } from '../grid/cell-view'

/**
 * What the distribution says about the game and the user's grid, above the grid and in the panel:
 * the win (and draw) chances, the expected profit and the chances of profit, push and loss, and the model
 * that said it (decision 023: named in every answer).
 */
export function GridOutlook({
  probability: { summary, model },
  betCount,
  tiesImpossible,
}: {
  probability: { summary: ProbabilitySummary; model: ProbabilityModel }
  betCount: number
  tiesImpossible: boolean
}) {
  const expected = dollarsToCents(summary.expectedProfit)
  return (
    <div className={OUTLOOK_BOX}>
      {betCount > 0 ? (
        <section aria-label="Your position">
          <dl className="flex flex-wrap gap-x-5 gap-y-1">
            <Figure label="Expected profit" tone={expected >= 0 ? 'text-emerald-300' : 'text-red-300'}>
              {formatSignedMoney(expected, 2)}
            </Figure>
            <Figure label="Chance of profit" tone="text-emerald-300">
              {chanceText(summary.profitProbability)}
            </Figure>
            <Figure label="Push" tone="text-slate-200">
              {chanceText(summary.pushProbability)}
            </Figure>
            <Figure label="Loss" tone="text-red-300">
              {chanceText(summary.lossProbability)}
            </Figure>
          </dl>
        </section>
      ) : (
        <p className="text-slate-300">No bets on this game yet: the chances below are the game's alone.</p>
      )}
      <p className="text-slate-300">
        Home win {chanceText(summary.homeWin)}
        {tiesImpossible ? '' : ` · Draw ${chanceText(summary.draw)}`} · Away win {chanceText(summary.awayWin)}
      </p>
      <p className="text-xs text-slate-400">
        {model.name}
        {model.fromLeagueAverages
          ? ", from the league's averages: this game has no market lines"
          : `, from ${model.linesUsed.length} market ${model.linesUsed.length === 1 ? 'line' : 'lines'}`}
        {model.devig ? ` (de-vigged: ${model.devig})` : ''}.
      </p>
    </div>
  )
}

/**
 * The outlook's box while the grid's answer comes: its three lines' heights (the position, the win chances,
 * the model), blank, so that the outlook takes the place this held and nothing below it moves.
 */
export function PendingGridOutlook() {
  return (
    <div aria-hidden="true" className={`${OUTLOOK_BOX} animate-pulse`}>
      <p>&nbsp;</p>
      <p>&nbsp;</p>
      <p className="text-xs">&nbsp;</p>
    </div>
  )
}

const OUTLOOK_BOX = 'flex flex-col gap-1 rounded-lg border border-slate-800 bg-slate-900/60 p-3 text-sm'

function Figure({ label, tone, children }: { label: string; tone: string; children: string }) {
  return (
    <div className="flex items-baseline gap-1.5">
      <dt className="text-slate-400">{label}</dt>
      <dd className={`font-semibold tabular-nums ${tone}`}>{children}</dd>
    </div>
  )
}

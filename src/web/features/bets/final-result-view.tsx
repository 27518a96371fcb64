import { wirePriceText } from '../../../domain/price'
import type { ListedGame } from '../../types'
import { formatMoney, formatSignedMoney, Money, netTone } from '../../ui/format'
import { type FinalBetLine, finalResult, lineStatus } from './final-result'

/**
 * In place of the grid once a game is final. The scenarios are over: this says what the game's
 * bets made at the final score, the placed ones apart from the what-ifs (tentative bets never placed).
 */
export function FinalResultView({ game }: { game: ListedGame }) {
  const figures = finalResult(game, game.bets)
  const score = `${game.awayTeam} ${game.awayScore ?? 0}, ${game.homeTeam} ${game.homeScore ?? 0}`
  return (
    <section aria-labelledby={`result-title-${game.id}`} className="flex flex-col gap-2">
      <h3 id={`result-title-${game.id}`} className="text-lg font-semibold">
        Result
      </h3>
      <p className="text-sm text-slate-300">
        The game is over ({score}): the grid of possible final scores gives way to what your bets made.
      </p>
      {game.bets.length === 0 ? (
        <p className="text-sm text-slate-300">No bets on this game.</p>
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <Figure
              label="Placed bets"
              value={
                figures.lines.some((line) => !line.whatIf)
                  ? `${formatSignedMoney(figures.placedNet)} on ${formatMoney(figures.placedStake)}`
                  : 'None placed'
              }
              net={figures.placedNet}
            />
            {figures.whatIfCount > 0 ? (
              <Figure
                label="Not placed (what-if)"
                value={`would have made ${formatSignedMoney(figures.whatIfNet)}`}
                net={figures.whatIfNet}
              />
            ) : null}
          </dl>
          <ul className="flex flex-col gap-1 text-sm">
            {figures.lines.map((line) => (
              <ResultLine key={line.bet.id} line={line} />
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

function Figure({ label, value, net }: { label: string; value: string; net: number }) {
  return (
    <div className="rounded-lg border border-slate-700 bg-slate-900 p-3">
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className={`font-semibold tabular-nums ${netTone(net)}`}>{value}</dd>
    </div>
  )
}

function ResultLine({ line }: { line: FinalBetLine }) {
  const { bet } = line
  return (
    <li className="flex flex-wrap gap-x-3 border-b border-slate-800 py-1">
      <span className="font-medium">{bet.selection}</span>
      <span className="text-slate-400 tabular-nums">
        {formatMoney(bet.amount)} at {wirePriceText(bet)}
      </span>
      <span className="ml-auto">{lineStatus(line)}</span>
      {line.net === null ? null : <Money amount={line.net} signed tone />}
    </li>
  )
}

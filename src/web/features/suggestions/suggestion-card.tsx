import { type ReactNode, useId, useState } from 'react'
import { dollarsToCents } from '../../../domain/money'
import { Link } from '../../router'
import type { Game, Suggestion } from '../../types'
import { BADGE } from '../../ui/badge'
import { Button } from '../../ui/button'
import { CARD } from '../../ui/card'
import { TextField } from '../../ui/field'
import { currencySymbol, formatMoney, formatSignedMoney } from '../../ui/format'
import { TEXT_LINK } from '../../ui/link'
import { BetModal } from '../bets/bet-modal'
import { chanceText } from '../grid/cell-view'
import { MiniGrid } from './mini-grid'
import {
  amountText,
  betPrefill,
  CONFIDENCE_SCALE,
  checkAmount,
  confidenceLabel,
  isActionable,
  oddsText,
  previewWin,
  priceAgeText,
  typeBadge,
} from './suggestion-view'

const RISK: Record<Suggestion['riskLevel'], string> = {
  low: 'text-emerald-300',
  medium: 'text-amber-300',
  high: 'text-red-300',
}

/**
 * One suggestion (spec, Smart Bet Suggestions): type badge, confidence dots, title and description, the
 * WIN RANGE or CORRELATES WITH box, selection and odds, the money it stands for, its reasoning, the
 * grid before and after, and for a bettable one an amount and 'Use This Suggestion'.
 */
export function SuggestionCard({
  suggestion,
  game,
  applied,
  onApplied,
  showGame = false,
}: {
  suggestion: Suggestion
  /** The suggestion's game, for the bet form; null while the games list has not arrived. */
  game: Game | null
  applied: boolean
  /** The user's list spans games: each card then names its own, a link to its page. */
  showGame?: boolean
  onApplied: (suggestion: Suggestion) => void
}) {
  const titleId = useId()
  return (
    <article aria-labelledby={titleId} className={`${CARD} flex flex-col gap-3 p-4`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={`${BADGE} bg-sky-900 text-sky-100`}>{typeBadge(suggestion)}</span>
        <ConfidenceDots confidence={suggestion.confidence} />
      </div>
      <div>
        {showGame && game ? (
          <Link href={`/game/${game.id}`} className={`text-sm ${TEXT_LINK}`}>
            {game.awayTeam} @ {game.homeTeam}
          </Link>
        ) : null}
        <h3 id={titleId} className="text-lg font-semibold">
          {suggestion.title}
        </h3>
        <p className="text-sm text-slate-300">{suggestion.description}</p>
      </div>
      {suggestion.type === 'middle' && suggestion.middleRange ? (
        <Box label="WIN RANGE" value={suggestion.middleRange} />
      ) : null}
      {suggestion.type === 'cross-correlation' && suggestion.correlationTarget ? (
        <Box label="CORRELATES WITH" value={suggestion.correlationTarget} />
      ) : null}
      <Figures suggestion={suggestion} />
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-emerald-400">Reasoning</summary>
        <p className="mt-2 whitespace-pre-line text-slate-300">{suggestion.reasoning}</p>
      </details>
      <MiniGrid preview={suggestion.preview} amount={suggestion.suggestedAmount} />
      {isActionable(suggestion) ? (
        applied ? (
          <p role="status" className="font-semibold text-emerald-300">
            Suggestion Applied
          </p>
        ) : (
          <UseSuggestion suggestion={suggestion} game={game} onApplied={onApplied} />
        )
      ) : null}
    </article>
  )
}

function ConfidenceDots({ confidence }: { confidence: number }) {
  return (
    <span role="img" aria-label={confidenceLabel(confidence)} className="flex gap-1">
      {Array.from({ length: CONFIDENCE_SCALE }, (_, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions on a fixed scale.
          key={i}
          className={`h-2.5 w-2.5 rounded-full ${i < confidence ? 'bg-emerald-400' : 'bg-slate-700'}`}
        />
      ))}
    </span>
  )
}

function Box({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-sky-800 bg-sky-950/40 px-3 py-2">
      <p className="text-xs font-bold tracking-wide text-sky-300">{label}</p>
      <p className="font-semibold">{value}</p>
    </div>
  )
}

/** The money a suggestion stands for, at its suggested amount, in dollars as the API sends them. */
function Figures({ suggestion: s }: { suggestion: Suggestion }) {
  const signed = (dollars: number) => formatSignedMoney(dollarsToCents(dollars))
  const odds = oddsText(s)
  const model = s.priceSource === 'model'
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
      {s.selection ? (
        <Figure term="Selection">
          {s.selection}
          {odds === null || model ? null : ` (${odds})`}
        </Figure>
      ) : null}
      {s.selection && odds !== null && model ? (
        <Figure term="Model price (check your book)">
          <span className="text-amber-300">{odds}</span>
        </Figure>
      ) : null}
      <Figure term="Potential profit">{signed(s.potentialProfit)}</Figure>
      <Figure term="Risk">
        <span className={`capitalize ${RISK[s.riskLevel]}`}>{s.riskLevel}</span>
      </Figure>
      <Figure term="Expected value">{signed(s.expectedValue)}</Figure>
      <Figure term="Chance of profit">{chanceText(s.profitProbability)}</Figure>
      <Figure term="Price">{priceAgeText(s.linesAge)}</Figure>
    </dl>
  )
}

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-400">{term}</dt>
      <dd className="font-semibold tabular-nums">{children}</dd>
    </div>
  )
}

/** The amount (suggested by default, never above the sensible cap, decision 024), its To Win, and the bet form. */
function UseSuggestion({
  suggestion,
  game,
  onApplied,
}: {
  suggestion: Suggestion
  game: Game | null
  onApplied: (suggestion: Suggestion) => void
}) {
  const [amount, setAmount] = useState(() => amountText(suggestion.suggestedAmount))
  const [open, setOpen] = useState(false)
  const check = checkAmount(amount, suggestion.sensibleAmount)
  const win = previewWin(check, suggestion.suggestedOdds)
  return (
    <div className="flex flex-wrap items-end gap-3">
      <TextField
        label={`Amount (${currencySymbol()})`}
        value={amount}
        onValueChange={setAmount}
        inputMode="decimal"
        aria-invalid={!check.ok}
        hint={check.ok ? undefined : <span className="text-red-300">{check.message}</span>}
        className="w-40"
      />
      <output aria-live="polite" className="pb-2 font-semibold text-emerald-300">
        {win === null ? 'To Win: --' : `To Win: ${formatMoney(win)}`}
      </output>
      {suggestion.priceSource === 'model' ? (
        <p className="w-full text-xs text-amber-300">
          No book price: the bet form opens at the break-even price. Change it to your book's.
        </p>
      ) : null}
      <Button onClick={() => setOpen(true)} disabled={!check.ok || game === null} className="ml-auto">
        Use This Suggestion
      </Button>
      {check.ok ? (
        <BetModal
          open={open}
          onClose={() => setOpen(false)}
          onPlaced={() => onApplied(suggestion)}
          game={game}
          prefill={betPrefill(suggestion, check.cents)}
        />
      ) : null}
    </div>
  )
}

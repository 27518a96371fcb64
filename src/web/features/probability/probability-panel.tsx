import { useQuery } from '@tanstack/react-query'
import { dollarsToCents, formatRoi } from '../../../domain/money'
import { failureText, routeQuery } from '../../api'
import { useLivePollInterval } from '../../live-provider'
import type { Game, LiveProbability } from '../../types'
import { formatSignedMoney, formatWhen, useTimeZone } from '../../ui/format'
import { Spinner } from '../../ui/spinner'
import { plural } from '../../ui/text'
import { chanceText } from '../grid/cell-view'
import { GridOutlook } from './grid-outlook'
import { linesUsedText, scoreRangeText, valuableOutcomes } from './panel-text'
import { SituationCard } from './situation'

/**
 * docs/spec/product-spec.md §9: the panel polls every 30 s (while the event stream is down), and shows scores
 * above 1% (top 6) and above 0.5% (top 4 by roi, panel-text.ts).
 */
const POLL_MS = 30_000
const LIKELY = { min: 0.01, count: 6 }

type Outcome = LiveProbability['outcomes'][number]

/**
 * The Probability Analysis panel (docs/spec/product-spec.md §2): where the game stands, how likely each final
 * score is (GET /api/live-probability), what that means for the user's bets, and the model that said it.
 */
export function ProbabilityPanel({ game }: { game: Game }) {
  const query = useQuery({
    ...routeQuery('GET /api/live-probability/:gameId', { params: { gameId: game.id } }),
    refetchInterval: useLivePollInterval(POLL_MS),
  })
  if (query.isPending) return <Spinner label="Loading probabilities..." />
  if (query.isError) {
    return (
      <div role="alert" className="rounded-lg border border-amber-500/40 bg-amber-950/40 p-3">
        <p className="font-semibold text-amber-200">Live probability analysis unavailable</p>
        <p className="text-sm text-amber-100/80">
          {failureText(query.error, 'Failed to fetch live probabilities')}
        </p>
      </div>
    )
  }
  const answer = query.data
  const likely = answer.outcomes.filter((o) => o.probability > LIKELY.min).slice(0, LIKELY.count)
  const valuable = valuableOutcomes(answer)
  return (
    <section aria-label="Probability Analysis" className="flex flex-col gap-4">
      <SituationCard game={game} situation={answer.situation} />
      <GridOutlook
        probability={{ summary: answer.summary, model: answer.metadata.model }}
        betCount={answer.metadata.betCount}
        tiesImpossible={answer.summary.draw === 0}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <OutcomeList title="Most likely final scores" outcomes={likely} empty={spread(answer, '1%')} />
        <OutcomeList
          title="Highest-value outcomes"
          outcomes={valuable}
          empty={answer.metadata.betCount === 0 ? NO_VALUE : spread(answer, '0.5%')}
          byRoi
        />
      </div>
      <Metadata answer={answer} />
    </section>
  )
}

const NO_VALUE =
  'Value is your return at a score: once you add a bet, the scores where it pays best are listed here.'

/** Points sports spread their chance thin over many exact scores; the empty list still names the likeliest. */
function spread(answer: LiveProbability, threshold: string): string {
  const top = answer.outcomes[0]
  if (!top) return 'No final score to list.'
  return `No single final score is above ${threshold}; the likeliest is Home ${top.homeScore}, Away ${top.awayScore} at ${chanceText(top.probability)}. The chance is spread over many scores: the grid's Probability view shows them all.`
}

function OutcomeList({
  title,
  outcomes,
  empty,
  byRoi = false,
}: {
  title: string
  outcomes: Outcome[]
  empty: string
  byRoi?: boolean
}) {
  return (
    <section aria-label={title} className="rounded-lg bg-slate-900 p-3">
      <h4 className="mb-2 font-semibold">{title}</h4>
      {outcomes.length === 0 ? (
        <p className="text-sm text-slate-400">{empty}</p>
      ) : (
        <ol className="flex flex-col gap-1 text-sm">
          {outcomes.map((o) => (
            <li key={`${o.homeScore}-${o.awayScore}`} className="flex items-center gap-3 tabular-nums">
              <span className="w-32">
                Home {o.homeScore}, Away {o.awayScore}
              </span>
              <span className="w-14 text-right font-semibold text-sky-300">{chanceText(o.probability)}</span>
              <span className={o.profit >= 0 ? 'text-emerald-300' : 'text-red-300'}>
                {formatSignedMoney(dollarsToCents(o.profit), 0)}
                {byRoi ? ` (${formatRoi(o.roi)} ROI)` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

function Metadata({ answer }: { answer: LiveProbability }) {
  const { metadata } = answer
  const timeZone = useTimeZone()
  const { model } = metadata
  const rows: [string, string][] = [
    ['Significant outcomes', `${metadata.significantOutcomes} final scores above 0.01%`],
    ['Score range', scoreRangeText(answer.outcomes)],
    ['Model', model.name],
    [
      'Lines used',
      model.fromLeagueAverages
        ? "None: the league's averages stand in"
        : `${linesUsedText(model.linesUsed)}${model.lines?.provider ? ` (${model.lines.provider})` : ''}`,
    ],
    ['De-vig', model.devig ?? 'No prices to de-vig'],
    ['Time left', `${Math.round(model.timeLeft * 100)}% of regulation`],
    ['Bets', plural(metadata.betCount, 'bet')],
    ['Last updated', formatWhen(new Date(answer.lastUpdated), timeZone)],
  ]
  return (
    <section aria-label="About these probabilities">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-xs text-slate-300">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-400">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

import { SPORTSBOOKS, SYNC_INTERVAL } from '../../../domain/sportsbooks'
import { failureText } from '../../api'
import { Link } from '../../router'
import { useToast } from '../../toasts'
import type { SportsbookStatus, SyncAnswer } from '../../types'
import { BADGE } from '../../ui/badge'
import { Button } from '../../ui/button'
import { UNDERLINED_LINK } from '../../ui/link'
import { PageLayout } from '../../ui/page-layout'
import { NumberedSteps, Section } from '../../ui/section'
import { Spinner } from '../../ui/spinner'
import { CONNECTION_TEXT, HOW_IT_WORKS, syncCounts } from './connection-texts'
import { SportsbookCard } from './sportsbook-card'
import { useConnections, useSportsbookStatus, useSync } from './use-connections'

/**
 * /connections (docs/spec/product-spec.md §2): Sync Now, the integration status card, a card per sportsbook,
 * the three-step how-it-works, and, without a bet-sync partner, the warning that partnership or API
 * access is required with the way that always works: Import in Settings.
 */
export function ConnectionsPage() {
  const status = useSportsbookStatus()
  const connections = useConnections()
  const partnerReady = status.data?.status === 'ready'
  return (
    <PageLayout title={CONNECTION_TEXT.title} lead={CONNECTION_TEXT.lead} wide>
      <SyncNow disabled={!partnerReady} />
      {status.data && !partnerReady ? <PartnerWarning /> : null}
      <StatusCard status={status.data} failed={status.isError} />
      <Section id="connections-books" title="Sportsbooks">
        {connections.data ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {connections.data.availableSportsbooks.map((book) => (
              <SportsbookCard
                key={book.id}
                book={book}
                partner={partnerReady ? (status.data?.partner ?? null) : null}
              />
            ))}
          </div>
        ) : connections.isError ? (
          <p role="alert" className="text-amber-200">
            {failureText(connections.error, CONNECTION_TEXT.loadFailed)}
          </p>
        ) : (
          <Spinner label="Loading sportsbooks..." />
        )}
      </Section>
      <HowItWorks />
    </PageLayout>
  )
}

/** Sync Now ('Syncing...') and the spec's sync toasts; the last sync's problems stay listed below it. */
function SyncNow({ disabled }: { disabled: boolean }) {
  const toast = useToast()
  const sync = useSync()
  const onSync = () =>
    sync.mutate(undefined, {
      onSuccess: ({ result }) => {
        if (result.errors.length > 0) toast('error', CONNECTION_TEXT.syncIssues, syncCounts(result))
        else if (result.newBets + result.updatedBets > 0)
          toast('success', CONNECTION_TEXT.syncComplete, syncCounts(result))
        else toast('info', CONNECTION_TEXT.upToDate)
      },
      onError: () => toast('error', CONNECTION_TEXT.syncFailed, CONNECTION_TEXT.syncFailedText),
    })
  return (
    <div className="flex flex-col gap-2">
      <Button
        onClick={onSync}
        disabled={disabled || sync.isPending}
        className="self-start"
        aria-describedby={disabled ? 'partner-warning' : undefined}
      >
        {sync.isPending ? CONNECTION_TEXT.syncing : CONNECTION_TEXT.syncNow}
      </Button>
      {sync.data && sync.data.result.errors.length > 0 ? <SyncProblems result={sync.data.result} /> : null}
    </div>
  )
}

function SyncProblems({ result }: { result: SyncAnswer['result'] }) {
  return (
    <section
      aria-labelledby="sync-problems"
      className="rounded-lg border border-amber-500/40 bg-amber-950/40 p-3"
    >
      <h2 id="sync-problems" className="font-semibold text-amber-200">
        Not synced
      </h2>
      <ul className="mt-1 list-disc pl-5 text-sm text-amber-100/90">
        {result.errors.map((error) => (
          <li key={`${error.sportsbook ?? ''}|${error.externalId ?? ''}|${error.reason}`}>
            {error.sportsbook ? `${error.sportsbook}: ` : ''}
            {error.reason}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** docs/spec/product-spec.md §2: without the partner, partnership or API access is required; Import always works. */
function PartnerWarning() {
  return (
    <section
      id="partner-warning"
      aria-labelledby="partner-warning-title"
      className="rounded-lg border border-amber-500/40 bg-amber-950/40 p-4"
    >
      <h2 id="partner-warning-title" className="font-semibold text-amber-200">
        {CONNECTION_TEXT.partnerWarningTitle}
      </h2>
      <p className="mt-1 text-sm text-amber-100/90">
        Connecting a sportsbook needs partnership or API access to a bet-sync partner, which this Grid does
        not have yet. You can still bring your history in from a file.
      </p>
      <Link href="/import" className={`mt-2 inline-block ${UNDERLINED_LINK}`}>
        {CONNECTION_TEXT.importLink}
      </Link>
    </section>
  )
}

/** docs/spec/product-spec.md §2: partner availability, the sync interval and the two named supported sportsbooks. */
function StatusCard({ status, failed }: { status: SportsbookStatus | undefined; failed: boolean }) {
  const available = status?.opticOddsAvailable === true
  const availability = status
    ? available
      ? { label: 'Available', style: 'border border-emerald-400/60 bg-emerald-500/20 text-emerald-100' }
      : { label: 'Unavailable', style: 'border border-amber-400/60 bg-amber-500/20 text-amber-100' }
    : null
  return (
    <Section id="connections-status" title="Integration Status">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-400">Bet-sync partner</dt>
          <dd className="mt-1 flex items-center gap-2">
            {availability ? (
              <>
                <span className={`${BADGE} ${availability.style}`}>{availability.label}</span>
                {status?.partner ? <span>{status.partner}</span> : null}
              </>
            ) : failed ? (
              'Unknown'
            ) : (
              'Checking...'
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-400">Sync interval</dt>
          <dd className="mt-1">{status?.syncInterval ?? SYNC_INTERVAL}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-400">Supported sportsbooks</dt>
          <dd className="mt-1">{SPORTSBOOKS.map((book) => book.name).join(' and ')}</dd>
        </div>
      </dl>
    </Section>
  )
}

function HowItWorks() {
  return (
    <Section id="connections-how" title="How It Works">
      <NumberedSteps steps={HOW_IT_WORKS} className="sm:grid-cols-3" />
    </Section>
  )
}

import { useState } from 'react'
import { failureText } from '../../api'
import { useToast } from '../../toasts'
import type { SportsbookConnections } from '../../types'
import { BADGE } from '../../ui/badge'
import { Button, buttonClass } from '../../ui/button'
import { CARD } from '../../ui/card'
import { CONNECTION_TEXT, connectFailedText } from './connection-texts'
import { useConnect, useDisconnect } from './use-connections'

type Book = SportsbookConnections['availableSportsbooks'][number]

const BADGES = {
  connected: { label: 'Connected', style: 'border border-emerald-400/60 bg-emerald-500/20 text-emerald-100' },
  available: { label: 'Available', style: 'border border-slate-500 bg-slate-800 text-slate-200' },
} as const

/**
 * docs/spec/product-spec.md §2, Connections: one sportsbook with its description, a Connected or Available badge, and
 * Connect ('Connecting...') or Disconnect, which works (decision 020). Connect answers the partner's secure page,
 * offered as a link: the bettor signs in to the book there, and the card shows Connected once back.
 */
export function SportsbookCard({ book, partner }: { book: Book; partner: string | null }) {
  const toast = useToast()
  const connect = useConnect()
  const disconnect = useDisconnect()
  const [linkUrl, setLinkUrl] = useState<string | null>(null)
  const badge = BADGES[book.status]
  const titleId = `sportsbook-${book.id}`

  const onConnect = () =>
    connect.mutate(book.id, {
      onSuccess: (answer) => {
        setLinkUrl(answer.linkUrl)
        toast('success', CONNECTION_TEXT.connectInitiated, answer.message)
      },
      onError: () => toast('error', CONNECTION_TEXT.connectFailed, connectFailedText(book.name)),
    })
  const onDisconnect = () =>
    disconnect.mutate(book.id, {
      onSuccess: (answer) => {
        setLinkUrl(null)
        toast('success', CONNECTION_TEXT.disconnected, answer.message)
      },
      onError: (error) =>
        toast(
          'error',
          CONNECTION_TEXT.disconnectFailed,
          failureText(error, `Could not disconnect ${book.name}`),
        ),
    })

  return (
    <section aria-labelledby={titleId} className={`${CARD} flex flex-col gap-3 p-4`}>
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="text-lg font-semibold">
          {book.name}
        </h3>
        <span className={`${BADGE} ${badge.style}`}>{badge.label}</span>
      </div>
      <p className="text-sm text-slate-300">{book.description}</p>
      {book.status === 'connected' ? (
        <Button
          variant="secondary"
          onClick={onDisconnect}
          disabled={disconnect.isPending}
          className="self-start"
        >
          {disconnect.isPending ? CONNECTION_TEXT.disconnecting : CONNECTION_TEXT.disconnect}
        </Button>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={onConnect} disabled={connect.isPending || partner === null}>
            {connect.isPending ? CONNECTION_TEXT.connecting : CONNECTION_TEXT.connect}
          </Button>
          {linkUrl ? (
            <a href={linkUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
              Sign in to {book.name} at {partner}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      )}
    </section>
  )
}

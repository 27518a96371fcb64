import type { TicketKind } from '../../../domain/ticket'
import { ticketCountsText } from '../../../domain/ticket-draft'
import { plural } from '../../ui/text'

/** docs/spec/product-spec.md §2 and §8, Connections: the screen's words and its toasts. */
export const CONNECTION_TEXT = {
  title: 'Sportsbook Connections',
  lead: 'Bring the bets you place at your sportsbooks into Grid without typing them in.',
  syncNow: 'Sync Now',
  syncing: 'Syncing...',
  connect: 'Connect',
  connecting: 'Connecting...',
  disconnect: 'Disconnect',
  disconnecting: 'Disconnecting...',
  syncFailed: 'Sync failed',
  syncFailedText: 'Could not sync bets from sportsbooks',
  syncIssues: 'Grid Sync Issues',
  syncComplete: 'Grid Sync Complete',
  upToDate: 'All bets are up to date - no new activity detected',
  connectFailed: 'Connection failed',
  connectInitiated: 'Connection initiated',
  disconnected: 'Sportsbook disconnected',
  disconnectFailed: 'Disconnect failed',
  partnerWarningTitle: 'Partnership or API access required',
  importLink: 'Import your bets from a file',
  loadFailed: 'Could not load your sportsbook connections.',
} as const

export const connectFailedText = (sportsbook: string) => `Could not connect to ${sportsbook}`

/** The sync toasts' counts (docs/spec/product-spec.md §8): new bets, updated bets and, with issues, connection errors. */
export function syncCounts(result: {
  newBets: number
  updatedBets: number
  errors: unknown[]
  tickets?: Record<TicketKind, number>
}): string {
  const counts = [plural(result.newBets, 'new bet'), plural(result.updatedBets, 'updated bet')]
  if (result.errors.length > 0) counts.push(plural(result.errors.length, 'connection error'))
  // Decision 062: the new tickets of several legs by kind ('2 parlays, 1 teaser').
  const tickets = result.tickets ? ticketCountsText(result.tickets) : ''
  return tickets ? `${counts.join(', ')} (${tickets})` : counts.join(', ')
}

/** docs/spec/product-spec.md §2: the three-step how-it-works. */
export const HOW_IT_WORKS = [
  {
    title: 'Connect your sportsbook',
    text: 'Sign in to your sportsbook on our partner’s secure page. Grid never sees your password.',
  },
  {
    title: 'Sync your bets',
    text: 'Sync Now brings in new bets and their results; syncing again never adds a bet twice.',
  },
  {
    title: 'Track them on the grid',
    text: 'Synced bets appear on their game’s outcome grid and in your history, like bets you enter.',
  },
] as const

import type { BetType, Result } from '../../domain/bet'
import type { Cents } from '../../domain/money'
import type { Sportsbook } from '../../domain/sportsbooks'
import type { TicketDraft } from '../../domain/ticket-draft'

/**
 * Decision 052: what Grid needs from a bet-sync partner, so that the routes know no partner's API. One adapter
 * exists (sharpsports.ts); another partner is another implementation of this interface.
 */
export interface BetSyncConnector {
  /** The partner's name, for logs and the status answer. */
  readonly partner: string
  /** Starts linking one book: where the browser goes to sign in to it at the partner (never at Grid). */
  startLink(user: PartnerUser, sportsbook: Sportsbook, returnUrl: string): Promise<{ linkUrl: string }>
  /** The user's books the partner holds a link for (none before the first link). */
  linkedAccounts(user: PartnerUser): Promise<LinkedAccount[]>
  /** Asks the partner to read the books again; it answers at once and refreshes in the background. */
  refresh(user: PartnerUser): Promise<void>
  /**
   * The user's bets as the partner last read them, normalised: singles, slips of several legs as ticket
   * drafts (decision 062), and the ones that could not be read.
   */
  bets(user: PartnerUser): Promise<{ bets: SyncedBet[]; tickets: SyncedTicket[]; problems: SyncProblem[] }>
  /** Ends the partner's access to one linked book (decision 020: Disconnect works). */
  unlink(account: LinkedAccount): Promise<void>
}

/** Grid's user as the partner knows it: its id as the partner's `internalId`. */
export interface PartnerUser {
  id: number
}

export interface LinkedAccount {
  /** The partner's id of the link (SharpSports: a bettorAccount, BACT_...). */
  accountId: string
  sportsbook: Sportsbook
  /** False when the partner can no longer read the book (access removed, credentials to renew). */
  usable: boolean
}

/**
 * One bet as a sportsbook recorded it, in the normalised form every source gives (the partner's bet
 * slips here; an imported file's rows have the same fields): ingestSyncedBets takes a list of these.
 */
export interface SyncedBet {
  /** The source's own id of the bet: the key that makes a re-sync idempotent. */
  externalId: string
  placedAt: Date
  /** As the source writes it ('NBA'); matched to Grid's league codes and aliases. */
  league: string
  event: { name: string; homeTeam: string; awayTeam: string; startsAt: Date | null }
  market: BetType
  /** The side as the source names it: a team's name, 'Over' or 'Under', or 'Draw'. */
  selection: string
  /** Spread points (the side's handicap) or total points; null for a moneyline. */
  line: number | null
  /** American odds. */
  odds: number
  stake: Cents
  /** Decision 003: null while pending. */
  result: Result | null
  /** The book's display name ('DraftKings'). */
  sportsbook: string
}

/**
 * A slip of several legs as the partner recorded it (decision 062): a ticket draft whose legs still need
 * their games, with the source's id (the key of a re-sync) and its book.
 */
export interface SyncedTicket {
  externalId: string
  placedAt: Date
  sportsbook: string
  draft: TicketDraft
}

/** Something a sync could not store, with the reason, for the sync answer's errors list. */
export interface SyncProblem {
  sportsbook: string | null
  externalId: string | null
  reason: string
  /**
   * A kind of bet Grid does not track (parlays, props, part of a game, voided): counted apart, since no
   * sync will ever store it; the rest are errors the bettor may fix (a game Grid does not have yet).
   */
  skipped?: boolean
}

/** The partner could not be reached or answered what its documentation does not describe. */
export class ConnectorError extends Error {
  override name = 'ConnectorError'
}

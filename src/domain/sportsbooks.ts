/**
 * docs/spec/product-spec.md §2 and §3 (Connections): the sportsbooks a bettor can connect, and the screen's
 * fixed texts. Shared by the server (ids a connect names, names a synced bet carries) and the web.
 */
export interface Sportsbook {
  /** Grid's id, as POST /api/sportsbooks/connect and the disconnect route name it. */
  id: string
  name: string
  description: string
  /**
   * How the bet-sync partner names the book: SharpSports' book abbreviation ('dk') and name, compared
   * case-insensitively.
   */
  partnerAbbr: string
}

export const SPORTSBOOKS: readonly Sportsbook[] = [
  {
    id: 'draftkings',
    name: 'DraftKings',
    description: 'Sync your DraftKings Sportsbook bets and results automatically.',
    partnerAbbr: 'dk',
  },
  {
    id: 'fanduel',
    name: 'FanDuel',
    description: 'Sync your FanDuel Sportsbook bets and results automatically.',
    partnerAbbr: 'fd',
  },
]

export function sportsbookById(id: string): Sportsbook | null {
  return SPORTSBOOKS.find((book) => book.id === id) ?? null
}

/** The partner's book (abbreviation or name) as one of Grid's sportsbooks; null for any other book. */
export function sportsbookForPartnerBook(book: { abbr?: string | null; name?: string | null }) {
  const abbr = book.abbr?.trim().toLowerCase()
  const name = book.name?.trim().toLowerCase()
  return SPORTSBOOKS.find((known) => known.partnerAbbr === abbr || known.name.toLowerCase() === name) ?? null
}

/** docs/spec/product-spec.md §9: the sync interval the status card shows. */
export const SYNC_INTERVAL = '30 seconds'

/** docs/spec/product-spec.md §2 and §8: what the Connections screen and its answers say. */
export const CONNECTION_MESSAGES = {
  partnerRequired:
    'Sportsbook connections need partnership or API access to a bet-sync partner, which this Grid does not have. Import your bets from a file instead.',
  partnerDown: 'The bet-sync partner could not be reached. Try again in a moment.',
  unknownSportsbook: 'Choose one of the listed sportsbooks',
} as const

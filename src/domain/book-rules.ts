import type { VoidRule } from './ticket'

/**
 * What the books Grid knows do with a same-game parlay's pushed or void leg (decision 055), by the book's
 * name as a bettor writes it: DraftKings and ESPN BET void the ticket, Bookmaker reduces it to the legs
 * left, FanDuel reprices it. Any other book: the bettor says, or the ticket waits for the payout the book
 * made (decision 060), which never invents a price.
 */
const SAME_GAME_PARLAY_VOID_RULES: Readonly<Record<string, VoidRule>> = {
  draftkings: 'void',
  'espn bet': 'void',
  espnbet: 'void',
  bookmaker: 'reduce',
  fanduel: 'reprice',
}

export function sameGameParlayVoidRule(sportsbook: string | null | undefined): VoidRule | null {
  const key =
    sportsbook
      ?.trim()
      .toLowerCase()
      .replace(/\s+sportsbook$/, '') ?? ''
  return SAME_GAME_PARLAY_VOID_RULES[key] ?? null
}

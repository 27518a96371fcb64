import { displayStatus, type RecordedBet, WHAT_IF_STATUS } from '../../../domain/bet'
import { type CalendarDay, calendarDay, type DateFilter } from '../../../domain/calendar'
import { isFinalStatus } from '../../../domain/game-status'
import { type Cents, formatRoi, parseCents, sharePercent } from '../../../domain/money'
import { type BetSummary, summarizeActiveBets, summarizeBets } from '../../../domain/statistics'
import type { BetWithGame, Game, HistoryPageView } from '../../types'
import { formatMoney, formatPercent, formatSignedMoney } from '../../ui/format'
import { toRecordedBet } from '../bets/bet-money'
import { uniqueBets } from '../bets/ticket-view'

/**
 * The history page only groups and formats: the range's summary is the server's (one SQL aggregate through
 * the domain's rule), each game's figures the domain's summarizeBets over its bets (decisions 002 and 007).
 */
export interface HistoryQuery {
  filter: DateFilter
  startDate: CalendarDay | null
  endDate: CalendarDay | null
}

/** The query string of GET /api/bets/history and /api/bets/export/csv (docs/spec/product-spec.md §7). */
export function historyRangeQuery({ filter, startDate, endDate }: HistoryQuery) {
  const params: { dateFilter: HistoryQuery['filter']; startDate?: string; endDate?: string } = {
    dateFilter: filter,
  }
  if (filter === 'custom') {
    // Plain days: the server reads them as whole days in the user's time zone.
    if (startDate) params.startDate = startDate
    if (endDate) params.endDate = endDate
  }
  return params
}

export function historySearch(query: HistoryQuery): string {
  return new URLSearchParams(historyRangeQuery(query)).toString()
}

/** A custom range needs both days, the first on or before the last; presets are always ready. */
export function rangeProblem({ filter, startDate, endDate }: HistoryQuery): string | null {
  if (filter !== 'custom') return null
  if (!startDate || !endDate) return 'Pick a start date and an end date.'
  if (startDate > endDate) return 'The start date must be on or before the end date.'
  return null
}

/** The answer's summary in cents, as the summary cards read a BetSummary. */
export function summaryOf(page: HistoryPageView): BetSummary {
  const { totalWagered, netProfit, ...counts } = page.summary
  return { ...counts, wagered: parseCents(totalWagered) ?? 0, net: parseCents(netProfit) ?? 0 }
}

export function recordedBets(bets: readonly BetWithGame[]): RecordedBet[] {
  return bets.map(toRecordedBet)
}

/**
 * The range's bets of the pages loaded, each once: a ticket is listed under every game it has a leg on, so
 * whatever adds the loaded bets up (the CSV built in the browser) counts it once, by bet id.
 */
export function loadedBets(pages: readonly Pick<HistoryPageView, 'bets'>[]): BetWithGame[] {
  return uniqueBets(pages.flatMap((page) => page.bets))
}

export interface HistoryGame {
  game: Game
  bets: BetWithGame[]
  summary: BetSummary
  tentative: BetWithGame[]
  /** Bets whose file (or sync) and final score disagree, awaiting the bettor's choice. */
  conflicts: BetWithGame[]
  /**
   * Stakes of placed bets without a result yet: at stake, shown beside the settled wager and never added
   * to it (decision 007). Tentative bets were never placed, so nothing of theirs is at stake.
   */
  pendingStake: Cents
}

/**
 * One entry per game, newest game first (start time, else creation time), bets as the server sent them. A
 * ticket comes once under each game it has a leg on, with that game embedded (its `gameId` is its first
 * leg's): it is grouped by the game it came with, and listed once per game.
 */
export function groupByGame(bets: readonly BetWithGame[]): HistoryGame[] {
  const byId = new Map<number, BetWithGame[]>()
  const games = new Map<number, Game>()
  for (const bet of bets) {
    const list = byId.get(bet.game.id)
    if (!list) {
      byId.set(bet.game.id, [bet])
      games.set(bet.game.id, bet.game)
    } else if (!list.some((listed) => listed.id === bet.id)) list.push(bet)
  }
  const grouped: HistoryGame[] = []
  for (const [id, gameBets] of byId) {
    const game = games.get(id)
    if (game) grouped.push(historyGame(game, gameBets))
  }
  // Ties on time by id, newest first: the server's page order, so pages appended keep their order.
  return grouped.sort((a, b) => gameTime(b.game) - gameTime(a.game) || b.game.id - a.game.id)
}

function historyGame(game: Game, bets: BetWithGame[]): HistoryGame {
  const pending = bets.filter((bet) => bet.betStatus === 'committed' && toRecordedBet(bet).result === null)
  return {
    game,
    bets,
    summary: summarizeBets(recordedBets(bets)),
    tentative: bets.filter((bet) => bet.betStatus === 'tentative'),
    conflicts: bets.filter((bet) => bet.conflict !== null),
    pendingStake: summarizeActiveBets(pending.map(toRecordedBet)).totalWagered,
  }
}

/** Start time, falling back to creation time when the feed gave none (docs/spec/product-spec.md §2). */
export function gameTime(game: Game): number {
  const start = Date.parse(game.startTime)
  if (Number.isFinite(start)) return start
  const created = Date.parse(game.createdAt)
  return Number.isFinite(created) ? created : 0
}

export function isFinalGame(game: Game): boolean {
  return isFinalStatus(game.status)
}

/** 'Mon, Nov 23, 2026' in the user's zone. */
export function gameDateText(game: Game, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(gameTime(game)))
}

/** The game's local day, for file names ('2026-11-23'). */
export function gameDay(game: Game, timeZone: string): CalendarDay {
  return calendarDay(new Date(gameTime(game)), timeZone)
}

export function matchup(game: Game): string {
  return `${game.awayTeam} @ ${game.homeTeam}`
}

/** 'Away 3 - 5 Home'-style score, away first as the matchup reads. */
export function finalScoreText(game: Game): string {
  return `${game.awayTeam} ${game.awayScore ?? 0} - ${game.homeScore ?? 0} ${game.homeTeam}`
}

/** Decision 007 ROI to 1 decimal with its sign: '+12.5%', '-100.0%', '0.0%'. */
export function roiText(summary: Pick<BetSummary, 'roi'>): string {
  return formatRoi(summary.roi)
}

/** Decision 007 win rate to 1 decimal: '66.7%' (0 with nothing settled). */
export function winRateText(summary: Pick<BetSummary, 'won' | 'settledBets'>): string {
  return formatPercent(sharePercent(summary.won, summary.settledBets))
}

/** '1 bet' / '3 bets'. */
export function betCount(count: number): string {
  return `${count} ${count === 1 ? 'bet' : 'bets'}`
}

/**
 * The card's summary line: '3 bets placed • 1 won • 1 lost • 1 pending' (pending only when above zero).
 * On a final game nothing tentative is pending any more: it was never placed, a what-if.
 */
export function summaryLine(summary: BetSummary, final = false): string {
  const parts = [`${betCount(summary.totalBets)} placed`, `${summary.won} won`, `${summary.lost} lost`]
  const whatIfs = final ? summary.tentativeBets : 0
  const pending = summary.pending - whatIfs
  if (pending > 0) parts.push(`${pending} pending`)
  if (whatIfs > 0) parts.push(`${whatIfs} ${WHAT_IF_STATUS}`)
  return parts.join(' • ')
}

/**
 * The card's money cell. The settled wager (decision 007) with what placed bets still have at stake
 * beside it ('$425.00 at stake', never '+$425.00': a stake is no gain); with nothing settled yet, the
 * stake alone.
 */
export function stakeCell(entry: Pick<HistoryGame, 'summary' | 'pendingStake'>): {
  label: string
  value: string
  note: string | null
} {
  const atStake = `${formatMoney(entry.pendingStake)} at stake`
  if (entry.summary.settledBets === 0 && entry.pendingStake > 0)
    return { label: 'At stake', value: formatMoney(entry.pendingStake), note: null }
  return {
    label: 'Wagered',
    value: formatMoney(entry.summary.wagered),
    note: entry.pendingStake > 0 ? atStake : null,
  }
}

/** A bet without a result: 'pending', or on a final game a tentative bet's what-if. */
export function unsettledLabel(betStatus: BetWithGame['betStatus'], final: boolean): string {
  return displayStatus({ result: null, betStatus }, final) === WHAT_IF_STATUS ? WHAT_IF_STATUS : 'pending'
}

/** The card's net: the settled net, else 'Pending', or on a final game with nothing placed, a what-if. */
export function netText(summary: BetSummary, final: boolean): string {
  if (summary.settledBets > 0) return formatSignedMoney(summary.net, 2)
  return final && summary.placedBets === 0 ? 'Not placed (what-if)' : 'Pending'
}

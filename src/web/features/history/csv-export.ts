import { OTHER_MARKET } from '../../../domain/bet'
import { calendarDay } from '../../../domain/calendar'
import { type CsvBet, csvFileName, csvHeader, csvRows } from '../../../domain/csv'
import { type Cents, parseCents } from '../../../domain/money'
import { exactPriceOfWire } from '../../../domain/price'
import { legMarketOf, TICKET_KINDS, ticketBoost, ticketShape } from '../../../domain/ticket'
import { type CsvTicket, csvTicketRows } from '../../../domain/ticket-csv'
import { apiUrl } from '../../api'
import type { BetWithGame } from '../../types'
import { toRecordedBet } from '../bets/bet-money'
import { isTicket, orderedLegs, uniqueBets } from '../bets/ticket-view'

/**
 * Export CSV (docs/spec/product-spec.md §7): download the server's file for the same query; when the server fails,
 * build the same CSV in the browser from the shared domain code (src/domain/csv.ts) and the bets shown.
 */
export async function exportCsv({
  search,
  bets,
  timeZone,
  unitSizeCents,
  onServerFailure,
}: {
  search: string
  bets: readonly BetWithGame[]
  timeZone: string
  /** The bettor's unit, for the units columns the server's file has too (decision 072). */
  unitSizeCents: Cents | null
  onServerFailure: () => void
}): Promise<void> {
  try {
    const response = await fetch(`${apiUrl('GET /api/bets/export/csv')}?${search}`, {
      credentials: 'include',
    })
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`)
    const blob = await response.blob()
    const name = attachmentName(response.headers.get('content-disposition'))
    downloadBlob(blob, name ?? csvFileName(calendarDay(new Date(), timeZone)))
  } catch {
    onServerFailure()
    // The server streams oldest first (by id); the history lists newest first.
    // Each bet once: a ticket is listed under each game it has a leg on.
    const oldestFirst = uniqueBets(bets).sort((a, b) => a.id - b.id)
    const csv = csvFile(oldestFirst, timeZone, unitSizeCents)
    downloadBlob(
      new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      csvFileName(calendarDay(new Date(), timeZone)),
    )
  }
}

/**
 * The file the server writes (bet-csv.ts) from the bets shown: a ticket of several legs as its one row with
 * the Legs column (decision 062), which the file then has, so Grid's import gives the same tickets back.
 */
export function csvFile(
  bets: readonly BetWithGame[],
  timeZone: string,
  unitSizeCents: Cents | null = null,
): string {
  const legs = bets.some(isTicket)
  const single = csvRows(timeZone, { legs, unitSizeCents })
  const ticket = csvTicketRows(timeZone, unitSizeCents)
  return (
    csvHeader({ legs, unitSizeCents }) +
    bets.map((bet) => (isTicket(bet) ? ticket(csvTicket(bet)) : single(csvBet(bet)))).join('')
  )
}

/** A ticket as csvTicketRows writes it: its shape, boost and legs from the API's bet. */
function csvTicket(bet: BetWithGame): CsvTicket {
  const kind = TICKET_KINDS.find((type) => type === bet.betType) ?? 'parlay'
  return {
    ...toRecordedBet(bet),
    shape: ticketShape({ ...bet, kind }),
    boost: ticketBoost(bet),
    potentialWin: parseCents(bet.potentialWin) ?? 0,
    sportsbook: bet.sportsbook,
    placedAt: bet.placedAt,
    legs: orderedLegs(bet).map((leg) => ({
      event: leg.event
        ? { kind: 'off_feed', ...leg.event }
        : {
            kind: 'game',
            awayTeam: leg.game.awayTeam,
            homeTeam: leg.game.homeTeam,
            sport: leg.game.league,
            startTime: leg.game.startTime,
          },
      market: legMarketOf({ ...leg, market: leg.betType === OTHER_MARKET ? null : leg.betType }),
      selection: leg.selection,
      odds: leg.odds,
      exactPrice: exactPriceOfWire(leg),
      result: leg.result,
    })),
  }
}

/** The same fields the server hands to csvRows: the recorded bet, when it was placed and its game. */
export function csvBet(bet: BetWithGame): CsvBet {
  return {
    ...toRecordedBet(bet),
    sportsbook: bet.sportsbook,
    placedAt: bet.placedAt,
    game: {
      homeTeam: bet.game.homeTeam,
      awayTeam: bet.game.awayTeam,
      sport: bet.game.sport,
      startTime: bet.game.startTime,
    },
  }
}

/** The file name of `attachment; filename="bet-history-2026-11-23.csv"` (or filename*=UTF-8''...). */
export function attachmentName(header: string | null): string | null {
  if (!header) return null
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header)
  if (extended?.[1]) {
    try {
      return safeName(decodeURIComponent(extended[1].trim().replace(/^"|"$/g, '')))
    } catch {
      // A malformed escape falls through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header)
  const value = plain?.[2] ?? plain?.[1]
  return value ? safeName(value.trim()) : null
}

// Only a base name: a header can never steer the download into a folder.
function safeName(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.trim() ?? ''
  return base || null
}

/** Saves a blob under a file name through a temporary object URL and <a download>. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  downloadUrl(url, fileName)
  // Revoke after the click has been handled; the download keeps its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function downloadUrl(url: string, fileName: string): void {
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
}

import { ledgerResult } from '../../domain/bet'
import { type CsvBet, type CsvOptions, csvHeader, csvRows } from '../../domain/csv'
import { type CsvTicket, csvTicketRows } from '../../domain/ticket-csv'
import type { CsvExportRow, CsvTicketParts } from './csv-batches'

/**
 * Grid's CSV of a user's bets, one chunk of text per batch of rows: the history export and the data
 * download (decision 025). Every cell is the domain's (csv.ts and ticket-csv.ts over statistics.ts); a
 * Readable over this generator asks for the next batch only when the response has room for it. `legs`: the
 * range holds a ticket of several legs, so the file has the Legs column (decision 062); without one the
 * file is byte for byte a file of singles. `unitSizeCents`: the units columns too (decision 072).
 */
export async function* csvText(
  batches: AsyncIterable<CsvExportRow[]>,
  timeZone: string,
  options: CsvOptions = {},
): AsyncGenerator<string> {
  yield csvHeader(options)
  const row = csvRows(timeZone, options)
  const ticketRow = csvTicketRows(timeZone, options.unitSizeCents ?? null)
  for await (const batch of batches) {
    let text = ''
    for (const bet of batch) {
      text += bet.ticket ? ticketRow(csvTicket(bet, bet.ticket)) : row(csvBet(bet))
      if (text.length < CHUNK_CHARACTERS) continue
      yield text
      text = ''
    }
    if (text) yield text
  }
}

/**
 * How much text a chunk holds at most: a batch of tickets' rows is over a megabyte, and strings that large
 * live outside V8's young generation until a full collection, so the server's memory grew with the file.
 */
const CHUNK_CHARACTERS = 64 * 1024

// Each row's object is one literal with every key: one added to after it was made, or spread from a
// shared part, reallocated its properties for each of a file's rows.
function csvBet(bet: CsvExportRow): CsvBet {
  return {
    odds: bet.odds,
    exactPrice: bet.exactPrice,
    amount: bet.amountCents,
    betStatus: bet.betStatus,
    result: ledgerResult(bet.result),
    payout: bet.payoutCents,
    sportsbook: bet.sportsbook,
    placedAt: bet.placedAt,
    betType: bet.betType,
    selection: bet.selection,
    game: bet.game.single,
  }
}

function csvTicket(bet: CsvExportRow, ticket: CsvTicketParts): CsvTicket {
  return {
    odds: bet.odds,
    amount: bet.amountCents,
    betStatus: bet.betStatus,
    result: ledgerResult(bet.result),
    payout: bet.payoutCents,
    sportsbook: bet.sportsbook,
    placedAt: bet.placedAt,
    shape: ticket.shape,
    legs: ticket.legs,
    boost: ticket.boost,
    potentialWin: ticket.potentialWin,
  }
}

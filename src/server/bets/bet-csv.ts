import { ledgerResult } from '../../domain/bet'
import { csvHeader, csvRows } from '../../domain/csv'
import type { CsvFields } from './bets.repository'

/**
 * Grid's CSV of a user's bets, one chunk of text per batch of rows: the history export and the data
 * download (decision 025). Every cell is the domain's (csv.ts over statistics.ts); a Readable over this generator
 * asks for the next batch only when the response has room for it.
 */
export async function* csvText(
  batches: AsyncIterable<CsvFields[]>,
  timeZone: string,
): AsyncGenerator<string> {
  yield csvHeader()
  const row = csvRows(timeZone)
  for await (const batch of batches) {
    let text = ''
    for (const bet of batch) {
      text += row({
        betType: bet.betType,
        selection: bet.selection,
        odds: bet.odds,
        amount: bet.amountCents,
        betStatus: bet.betStatus,
        result: ledgerResult(bet.result),
        payout: bet.payoutCents,
        sportsbook: bet.sportsbook,
        placedAt: bet.placedAt,
        game: { homeTeam: bet.homeTeam, awayTeam: bet.awayTeam, sport: bet.league, startTime: bet.startTime },
      })
    }
    yield text
  }
}

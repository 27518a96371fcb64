import { csvHeader, csvRow } from '../../domain/csv'
import { recordedBet } from './bet-rows'
import type { BetWithGame } from './bets.repository'

/** Grid's CSV of a user's bets, a batch at a time: the history export and the data download (D25). */
export async function* csvText(
  batches: AsyncGenerator<BetWithGame[]>,
  timeZone: string,
): AsyncGenerator<string> {
  yield csvHeader()
  for await (const batch of batches) {
    yield batch
      .map(({ bet, game }) =>
        csvRow(
          { ...recordedBet(bet), placedAt: bet.placedAt, game: { ...game, sport: game.league } },
          timeZone,
        ),
      )
      .join('')
  }
}

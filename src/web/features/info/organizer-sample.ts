import type { BetType } from '../../../domain/bet'
import type { Cents } from '../../../domain/money'
import { potentialWin } from '../../../domain/odds'

/** Static sample data for the bet organizer demo: games "with history" and the bets on them. */
export interface SampleBet {
  id: number
  betType: BetType
  selection: string
  /** The line: spread or total points, null for a moneyline. */
  points: number | null
  amount: Cents
  odds: number
  decimalOdds: null
  fractionalOdds: null
  toWin: Cents
  sportsbook: string
  status: 'won' | 'lost' | 'push' | 'committed' | 'tentative'
}

export interface SampleGame {
  id: number
  label: string
  bets: SampleBet[]
}

function bet(
  id: number,
  betType: BetType,
  selection: string,
  points: number | null,
  amount: Cents,
  odds: number,
  sportsbook: string,
  status: SampleBet['status'],
): SampleBet {
  return {
    id,
    betType,
    selection,
    points,
    amount,
    odds,
    // The sample's slips are American.
    decimalOdds: null,
    fractionalOdds: null,
    toWin: potentialWin(amount, odds),
    sportsbook,
    status,
  }
}

export const SAMPLE_GAMES: SampleGame[] = [
  {
    id: 1,
    label: 'Boston Celtics 108 at Los Angeles Lakers 114 (NBA, final)',
    bets: [
      bet(1, 'spread', 'Los Angeles Lakers -4.5', -4.5, 11_000, -110, 'DraftKings', 'won'),
      bet(2, 'total', 'Over 221.5', 221.5, 5_500, -110, 'FanDuel', 'won'),
      bet(3, 'moneyline', 'Boston Celtics ML', null, 5_000, 145, 'DraftKings', 'lost'),
      bet(4, 'spread', 'Boston Celtics +6', 6, 2_500, -105, 'Manual Entry', 'push'),
      bet(5, 'total', 'Under 226', 226, 4_000, -115, 'BetMGM', 'lost'),
    ],
  },
  {
    id: 2,
    label: 'Kansas City Chiefs 27 at Buffalo Bills 24 (NFL, final)',
    bets: [
      bet(6, 'moneyline', 'Kansas City Chiefs ML', null, 10_000, 120, 'FanDuel', 'won'),
      bet(7, 'spread', 'Buffalo Bills -2.5', -2.5, 7_500, -110, 'Caesars', 'lost'),
      bet(8, 'total', 'Over 47.5', 47.5, 3_000, -108, 'Manual Entry', 'won'),
    ],
  },
  { id: 3, label: 'New York Yankees at Boston Red Sox (MLB, upcoming)', bets: [] },
]

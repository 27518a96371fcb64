import { describe, expect, it } from 'vitest'
import { choiceLabel, FINISHED_GROUP, gameChoices } from '../../src/web/features/bets/bet-form/game-choices'
import type { Game } from '../../src/web/types'
import { apiGame } from '../support/web-fixtures'

/** The New Bet Entry game list is searchable, grouped by league, live and upcoming first. */
const final = { status: 'STATUS_FINAL', gameStatus: 'final', isLive: false } as const
const live = { status: 'STATUS_IN_PROGRESS', gameStatus: 'in_progress', isLive: true } as const
const scheduled = { status: 'STATUS_SCHEDULED', gameStatus: 'scheduled', isLive: false } as const

const games: Game[] = [
  apiGame({
    id: 1,
    league: 'nba',
    sport: 'NBA',
    ...final,
    startTime: '2026-11-26T01:00:00Z',
    awayTeam: 'Lakers',
    homeTeam: 'Celtics',
  }),
  apiGame({
    id: 2,
    league: 'nfl',
    sport: 'NFL',
    ...scheduled,
    startTime: '2026-11-28T01:20:00Z',
    awayTeam: 'Bills',
    homeTeam: 'Chiefs',
  }),
  apiGame({
    id: 3,
    league: 'nba',
    sport: 'NBA',
    ...scheduled,
    startTime: '2026-11-28T00:30:00Z',
    awayTeam: 'Knicks',
    homeTeam: 'Heat',
  }),
  apiGame({
    id: 4,
    league: 'nfl',
    sport: 'NFL',
    ...live,
    startTime: '2026-11-27T18:00:00Z',
    awayTeam: 'Jets',
    homeTeam: 'Bears',
  }),
  apiGame({
    id: 5,
    league: 'nfl',
    sport: 'NFL',
    ...scheduled,
    startTime: '2026-11-27T21:25:00Z',
    awayTeam: 'Rams',
    homeTeam: 'Packers',
  }),
  apiGame({
    id: 6,
    league: 'nfl',
    sport: 'NFL',
    ...final,
    startTime: '2026-11-27T01:00:00Z',
    awayTeam: 'Lions',
    homeTeam: 'Giants',
  }),
]

const shape = (groups: ReturnType<typeof gameChoices>): [string, number[]][] =>
  groups.map((group) => [group.label, group.games.map((game) => game.id)])

describe('the New Bet Entry game list', () => {
  it("groups by league in the spec's order, live then upcoming by start, finished last and most recent first", () => {
    expect(shape(gameChoices(games, ''))).toEqual([
      ['NFL', [4, 5, 2]],
      ['NBA', [3]],
      [FINISHED_GROUP, [6, 1]],
    ])
  })

  it('finds games by team or league, every word of the search', () => {
    expect(shape(gameChoices(games, 'chiefs'))).toEqual([['NFL', [2]]])
    expect(shape(gameChoices(games, '  NBA  ')).flatMap(([, ids]) => ids)).toEqual([3, 1])
    expect(shape(gameChoices(games, 'nfl lions'))).toEqual([[FINISHED_GROUP, [6]]])
    expect(gameChoices(games, 'cowboys')).toEqual([])
  })

  it('keeps the chosen game listed whatever the search', () => {
    expect(shape(gameChoices(games, 'chiefs', '3'))).toEqual([
      ['NFL', [2]],
      ['NBA', [3]],
    ])
  })

  it("gives each option its start in the account's zone, Live under way, and the league of a finished game", () => {
    const now = new Date('2026-11-27T20:00:00Z')
    expect(choiceLabel(games[1] as Game, 'America/Los_Angeles', now)).toBe('Bills @ Chiefs (5:20 PM)')
    expect(choiceLabel(games[1] as Game, 'America/New_York', now)).toBe('Bills @ Chiefs (8:20 PM)')
    expect(choiceLabel(games[3] as Game, 'America/New_York', now)).toBe('Jets @ Bears (Live)')
    expect(choiceLabel(games[0] as Game, 'America/New_York', now)).toBe(
      'NBA: Lakers @ Celtics (Final, Nov 25, 8:00 PM)',
    )
  })
})

import { displayGameStatus } from '../../../../domain/game-status'
import { leagueCode, leagueLabel, leagueRank } from '../../../../domain/leagues'
import type { Game } from '../../../types'
import { formatWhen } from '../../../ui/format'

/** One <optgroup> of the New Bet Entry game list. */
export interface GameChoiceGroup {
  label: string
  games: Game[]
}

export const FINISHED_GROUP = 'Finished'

/**
 * The New Bet Entry game list: the games matching the search (teams or league), in
 * one group per league in the spec's league order, live games first and then the upcoming ones by start
 * time. A finished game can still take a bet the bettor placed before it ended, so finished games stay
 * reachable, in a last group, the most recent first. The chosen game stays listed whatever the search,
 * so the select never shows another game than the one the form holds.
 */
export function gameChoices(games: readonly Game[], search: string, chosenId = ''): GameChoiceGroup[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean)
  const shown = games.filter((game) => String(game.id) === chosenId || matches(game, words))
  const leagues = new Map<string, Game[]>()
  const finished: Game[] = []
  for (const game of shown) {
    if (displayGameStatus(game.status) === 'FINAL') {
      finished.push(game)
      continue
    }
    const key = leagueCode(game.league) ?? game.league
    leagues.set(key, [...(leagues.get(key) ?? []), game])
  }
  const groups = [...leagues.entries()]
    .sort(([a], [b]) => leagueRank(a) - leagueRank(b) || a.localeCompare(b))
    .map(([key, list]) => ({ label: leagueLabel(key), games: list.sort(liveThenStart) }))
  if (finished.length > 0) groups.push({ label: FINISHED_GROUP, games: finished.sort(latestFirst) })
  return groups
}

/** Every word of the search is in the teams, the league's code or its label. */
function matches(game: Game, words: readonly string[]): boolean {
  const text = [game.awayTeam, game.homeTeam, game.league, leagueLabel(game.league)].join(' ').toLowerCase()
  return words.every((word) => text.includes(word))
}

function liveThenStart(a: Game, b: Game): number {
  const live = Number(isLive(b)) - Number(isLive(a))
  return live || Date.parse(a.startTime) - Date.parse(b.startTime)
}

function latestFirst(a: Game, b: Game): number {
  return Date.parse(b.startTime) - Date.parse(a.startTime)
}

function isLive(game: Game): boolean {
  return displayGameStatus(game.status) === 'LIVE'
}

/**
 * An option's text: the matchup and when, through the app's one formatter ('8:20 PM', 'Nov 28, 8:20 PM');
 * 'Live' for a game under way. The finished group mixes leagues, so its options name theirs.
 */
export function choiceLabel(game: Game, timeZone: string, now: Date = new Date()): string {
  const matchup = `${game.awayTeam} @ ${game.homeTeam}`
  const start = formatWhen(new Date(game.startTime), timeZone, now)
  switch (displayGameStatus(game.status)) {
    case 'LIVE':
      return `${matchup} (Live)`
    case 'FINAL':
      return `${leagueLabel(game.league)}: ${matchup} (Final, ${start})`
    default:
      return `${matchup} (${start})`
  }
}

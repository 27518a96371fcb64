import { isLiveStatus } from '../game-status'
import type { ScorePoint, SuggestionContext } from './types'

/**
 * Trend and momentum read what has happened in the game, so a game too young for them says so in plain
 * words instead of guessing (never from invented data).
 */
export function notStartedReason(context: SuggestionContext): string | null {
  return isLiveStatus(context.game.status)
    ? null
    : 'the game is not in progress, so there is no scoring to read yet'
}

/** 'From 0-0 at 19:05 UTC to 24-10 at 20:31 UTC' over the kept history. */
export function scoringText(history: readonly ScorePoint[]): string {
  const first = history[0]
  const last = history[history.length - 1]
  if (!first || !last) return ''
  return `The score went from ${first.homeScore}-${first.awayScore} at ${clock(first.at)} to ${last.homeScore}-${last.awayScore} at ${clock(last.at)} (home-away).`
}

function clock(at: Date): string {
  return `${at.toISOString().slice(11, 16)} UTC`
}

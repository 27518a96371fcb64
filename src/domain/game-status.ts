/**
 * Game statuses arrive in several spellings (docs/spec/product-spec.md §3); the display mapping of section 4 folds
 * them. 'completed' shows FINAL: the game detail treats it as final (Final Score box), so calling it
 * PENDING would contradict the screen.
 */
export type DisplayStatus = 'SCHEDULED' | 'LIVE' | 'FINAL' | 'PENDING'

const DISPLAY: Readonly<Record<string, DisplayStatus>> = {
  scheduled: 'SCHEDULED',
  status_scheduled: 'SCHEDULED',
  in_progress: 'LIVE',
  status_in_progress: 'LIVE',
  live: 'LIVE',
  final: 'FINAL',
  status_final: 'FINAL',
  completed: 'FINAL',
}

export function displayGameStatus(status: string | null | undefined): DisplayStatus {
  return DISPLAY[(status ?? '').trim().toLowerCase()] ?? 'PENDING'
}

export function isLiveStatus(status: string | null | undefined): boolean {
  return displayGameStatus(status) === 'LIVE'
}

export function isFinalStatus(status: string | null | undefined): boolean {
  return displayGameStatus(status) === 'FINAL'
}

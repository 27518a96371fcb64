/** '1 game' / '3 games'. */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`
}

/** 'Mar 14, 2026' in the user's own zone; a zone the browser does not know falls back to its own. */
export function formatDay(instant: Date, timeZone: string): string {
  try {
    return instant.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone })
  } catch {
    return instant.toLocaleDateString('en-US', { dateStyle: 'medium' })
  }
}

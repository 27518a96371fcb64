/** Shared class strings of the games home, so every control gets the same visible focus ring. */
export const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400'

export const PRIMARY_BUTTON = `rounded-lg bg-emerald-500 px-4 py-2 font-semibold text-slate-950 hover:bg-emerald-400 disabled:cursor-not-allowed disabled:opacity-60 ${FOCUS}`

export const SECONDARY_BUTTON = `rounded-lg border border-slate-600 px-4 py-2 font-medium text-slate-100 hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-60 ${FOCUS}`

export const CARD = 'rounded-xl border border-slate-800 bg-slate-900'

export const BADGE = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold'

/** '1 game' / '3 games'. */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`
}

export const DANGER_BUTTON = `rounded-lg bg-red-500 px-4 py-2 font-semibold text-white hover:bg-red-400 disabled:cursor-not-allowed disabled:opacity-60 ${FOCUS}`

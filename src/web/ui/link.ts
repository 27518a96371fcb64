import { FOCUS } from './focus'

/** An inline link: underlined on hover (forms), or always (the static pages' running text). */
export const TEXT_LINK = `rounded text-emerald-400 underline-offset-2 hover:underline ${FOCUS}`
export const UNDERLINED_LINK = `rounded text-emerald-400 underline hover:text-emerald-300 ${FOCUS}`

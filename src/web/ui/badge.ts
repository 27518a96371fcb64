/** A pill for statuses, tiers and counts; the caller adds its colours. */
export const BADGE = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold'

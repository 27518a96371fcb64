import type { Cents } from '../money'

/**
 * Decision 024's phantom filter: a lock of profit "whatever happens" is usually a price that has moved on. A price
 * older than the configured age, or a lock above 10% of the money staked, is flagged as probably stale
 * instead of suggested. In a live game a held bet's old price can honestly lock more than 10% (the score
 * moved since), so the hedge rule passes `live` and keeps such a lock when its price is fresh.
 */
export const PHANTOM_PROFIT_SHARE = 0.1

export interface LockCheck {
  locked: Cents
  staked: Cents
  priceAgeSeconds: number
  maxPriceAgeSeconds: number
}

export function staleReason(check: LockCheck, live: boolean): string | null {
  if (check.priceAgeSeconds > check.maxPriceAgeSeconds) {
    return `the price is ${Math.round(check.priceAgeSeconds)} s old (limit ${check.maxPriceAgeSeconds} s): probably stale`
  }
  if (!live && check.locked > check.staked * PHANTOM_PROFIT_SHARE) {
    const share = ((check.locked / check.staked) * 100).toFixed(1)
    return `it would lock ${share}% of the money staked; above 10%, the price is probably stale`
  }
  return null
}

import { REFERRAL_CODE_LENGTH } from '../../../domain/accounts'
import {
  DISCOUNT_MONTHS,
  MAX_ACTIVE_REFERRALS,
  MONTHLY_PRICE_CENTS,
  REFERRAL_DISCOUNT_PERCENT,
  REFERRAL_MESSAGES,
} from '../../../domain/referrals'
import { formatMoney } from '../../ui/format'

/** docs/spec/product-spec.md §9, Polling: the referral figures refresh every 30 s. */
export const REFERRAL_POLL_MS = 30_000

/** The Referrals screen's visible texts (docs/spec/product-spec.md §2, §5, §8 and §9; decision 017), in one place for the tests. */
export const REFERRAL_TEXT = {
  ...REFERRAL_MESSAGES,
  title: 'Referrals',
  lead: `Invite friends to Grid: each friend who subscribes takes ${REFERRAL_DISCOUNT_PERCENT}% off your subscription for ${DISCOUNT_MONTHS} months.`,
  hint: `${REFERRAL_CODE_LENGTH.min}-${REFERRAL_CODE_LENGTH.max} characters, letters and numbers only`,
  loadFailed: 'Failed to load your referrals',
  noCodes: 'You have no referral codes yet. Create one to get your link.',
  noDiscounts: `No active discounts yet. When a friend you referred pays their first month, you get ${REFERRAL_DISCOUNT_PERCENT}% off for ${DISCOUNT_MONTHS} months.`,
  noReferrals: 'No referrals yet. Share your link to invite friends.',
} as const

/** docs/spec/product-spec.md §2, Referrals: the how-it-works steps, with the decision 017 numbers. */
export const HOW_IT_WORKS = [
  {
    title: 'Share your link',
    text: 'Create a referral code below and send your link to friends who bet.',
  },
  {
    title: 'Your friend signs up',
    text: 'The link opens the sign-up form with your code filled in.',
  },
  {
    title: 'You save',
    text: `When your friend pays their first month, you get ${REFERRAL_DISCOUNT_PERCENT}% off your subscription for ${DISCOUNT_MONTHS} months.`,
  },
  {
    title: 'Stack discounts',
    text: `Up to ${MAX_ACTIVE_REFERRALS} referrals count at once: ${MAX_ACTIVE_REFERRALS * REFERRAL_DISCOUNT_PERCENT}% off the ${formatMoney(MONTHLY_PRICE_CENTS, 0)}/month plan.`,
  },
] as const

import { z } from 'zod'
import { int } from './fields'

export interface StripeConfig {
  secretKey: string
  /** The recurring price of Monthly Unlimited ($99 a month, decision 016). */
  priceId: string
  webhookSecret: string
}

const STRIPE_KEYS = 'STRIPE_SECRET_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET'

/** The trial's slots, and payment through Stripe or recorded by an admin. */
export const billing = z
  .object({
    TRIAL_SLOT_CAP: int('TRIAL_SLOT_CAP', 0, 1_000_000)
      .default(50)
      .describe('trial slots; `0` means no cap (decision 016)'),
    STRIPE_SECRET_KEY: z
      .string()
      .min(1)
      .optional()
      .describe(
        'with the next two, turns on billing through Stripe ([docs/billing.md](docs/billing.md)): the secret key. Setting only some of the three is refused at start. Unset, /pricing says online payment is not set up and admins record payments (`mark-paid`)',
      ),
    STRIPE_PRICE_ID: z
      .string()
      .min(1)
      .optional()
      .describe('the recurring $99/month price of Monthly Unlimited'),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .min(1)
      .optional()
      .describe('the signing secret of the webhook endpoint `POST /api/billing/webhook`'),
  })
  .superRefine((e, context) => {
    const keys = [e.STRIPE_SECRET_KEY, e.STRIPE_PRICE_ID, e.STRIPE_WEBHOOK_SECRET]
    if (keys.some(Boolean) && !keys.every(Boolean)) {
      context.addIssue({
        code: 'custom',
        path: [STRIPE_KEYS],
        message: 'set all three to bill through Stripe, or none to have admins record payments',
      })
    }
  })
  .transform((e) => ({
    /** Decision 016: how many trial slots exist; 0 means no cap. */
    trialSlotCap: e.TRIAL_SLOT_CAP,
    /**
     * Decision 047: billing through Stripe Checkout and its signed webhook, when the secret key, the price and
     * the webhook secret are all set; null: payments are recorded by an admin (mark-paid).
     */
    stripe: (e.STRIPE_SECRET_KEY && e.STRIPE_PRICE_ID && e.STRIPE_WEBHOOK_SECRET
      ? { secretKey: e.STRIPE_SECRET_KEY, priceId: e.STRIPE_PRICE_ID, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
      : null) as StripeConfig | null,
  }))

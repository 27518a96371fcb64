/**
 * What billing says, to the API's callers and on the screens alike (src/contract/billing.ts
 * answers with these; the web shows them), so a refusal and the page that explains it never drift apart.
 */
export const BILLING_MESSAGES = {
  notConfigured:
    'Online payment is not set up yet. Contact support and an admin will record your payment for Monthly Unlimited.',
  admin: 'Admins have no plan to pay for',
  providerDown: 'The payment provider could not be reached; try again in a moment',
  deletionProviderDown:
    'The account’s subscription could not be canceled: the payment provider could not be reached. Nothing was deleted; try again in a moment.',
  noSubscription: 'There is no Stripe subscription to cancel',
  success: 'Payment received',
  successDetail: 'Monthly Unlimited is active as soon as Stripe confirms it',
  cancel: 'Checkout canceled',
  cancelDetail: 'Nothing was charged',
} as const

import type { FastifyInstance } from 'fastify'
import type { LifecycleChange } from '../../domain/subscription'
import type { UserRow } from '../db/schema'
import { sendInBackground } from '../mail/mailer'

/** Decision 021: the inactivity notices, the last two counting down to the deletion day. */
export function mailInactivityNotice(
  app: FastifyInstance,
  user: UserRow,
  daysInactive: number,
  daysLeft: number,
) {
  const { appUrl } = app.config.http
  sendInBackground(app, {
    to: user.email,
    subject: `Your Grid account will be deleted in ${daysLeft} days`,
    text: [
      `Hi ${user.username},`,
      '',
      `Your Grid account has not been used for ${daysInactive} days. Unless you sign in, it will be deleted in ${daysLeft} days, with your personal data.`,
      '',
      `To keep it, sign in at ${appUrl}/ (or press 'I'm Here!' on the banner). Nothing else is needed.`,
      `To keep a copy of your data instead, sign in and use Settings > Download my data.`,
    ].join('\n'),
  })
}

const PLAN_MAIL: Record<LifecycleChange['kind'], { subject: string; body: string }> = {
  'trial expired': {
    subject: 'Your Grid trial has ended',
    body: 'Your 7-day trial has ended. Your history, exports and settings stay yours; new bets, suggestions and probabilities need Monthly Unlimited.',
  },
  'slot released': {
    subject: 'Verify your e-mail to keep your Grid trial',
    body: 'Your trial spot was released because your e-mail address was not verified within 48 hours. Verify it from the link we sent (or Settings) and, while spots are left, your trial comes back.',
  },
  'paid lapsed': {
    subject: 'Your Grid subscription has lapsed',
    body: 'Your paid period has ended without a renewal. Your history, exports and settings stay yours; new bets, suggestions and probabilities need Monthly Unlimited again.',
  },
}

/** Decision 016: the owner hears of each plan change the account job makes. */
export function mailPlanChange(app: FastifyInstance, user: UserRow, change: LifecycleChange) {
  const mail = PLAN_MAIL[change.kind]
  sendInBackground(app, {
    to: user.email,
    subject: mail.subject,
    text: [`Hi ${user.username},`, '', mail.body, '', `Plans: ${app.config.http.appUrl}/pricing`].join('\n'),
  })
}

import type { FastifyInstance } from 'fastify'
import type { UserRow } from '../db/schema'
import { sendInBackground } from '../mail/mailer'

/** Issues a new verification link (the resend) and mails it. */
export async function sendVerificationEmail(app: FastifyInstance, user: UserRow): Promise<void> {
  const { token } = await app.repos.tokens.issue('verify_email', user.id)
  mailVerificationLink(app, user, token)
}

/**
 * Sends the link off the request path: neither sign-up (decision 022: a registered address must answer as fast)
 * nor the resend waits on the mail server. A mail failure is logged; the user can ask for a new link.
 */
export function mailVerificationLink(app: FastifyInstance, user: UserRow, token: string): void {
  const link = `${app.config.http.appUrl}/verify-email?token=${encodeURIComponent(token)}`
  sendInBackground(app, {
    to: user.email,
    subject: 'Verify your e-mail for Grid',
    text: `Hi ${user.username},\n\nConfirm your e-mail address for Grid by opening this link (valid 24 hours):\n${link}\n\nIf you did not sign up, ignore this message.`,
  })
}

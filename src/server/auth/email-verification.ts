import type { FastifyInstance } from 'fastify'
import type { UserRow } from '../db/schema'

/** Sends the verification link; a mail failure is logged and never blocks sign-up (the user can ask again). */
export async function sendVerificationEmail(app: FastifyInstance, user: UserRow): Promise<void> {
  const { token } = await app.repos.tokens.issue('verify_email', user.id)
  const link = `${app.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`
  await app.mailer
    .send({
      to: user.email,
      subject: 'Verify your e-mail for Grid',
      text: `Hi ${user.username},\n\nConfirm your e-mail address for Grid by opening this link (valid 24 hours):\n${link}\n\nIf you did not sign up, ignore this message.`,
    })
    .catch((error: unknown) => app.log.error({ err: error }, 'verification e-mail failed'))
}

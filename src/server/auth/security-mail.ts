import type { FastifyInstance } from 'fastify'
import type { UserRow } from '../db/schema'
import { sendInBackground } from '../mail/mailer'

/** Decision 014: what changed on an account, each told to its owner at once. */
export type SecurityChange = 'password' | 'two_factor_on' | 'two_factor_off'

const SUBJECTS: Record<SecurityChange, string> = {
  password: 'Your Grid password was changed',
  two_factor_on: 'Two-factor sign-in is now on for your Grid account',
  two_factor_off: 'Two-factor sign-in was turned off for your Grid account',
}

const WHAT: Record<SecurityChange, string> = {
  password: 'The password of your Grid account was changed, and every other device was signed out.',
  two_factor_on: 'Two-factor sign-in was turned on: each sign-in now asks for a code as well.',
  two_factor_off:
    'Two-factor sign-in was turned off: a sign-in now needs only the password, and every other device was signed out.',
}

/** Sent after the change committed; a mail failure is logged and undoes nothing. */
export function mailSecurityChange(app: FastifyInstance, user: UserRow, change: SecurityChange): void {
  mailOwner(app, user, SUBJECTS[change], WHAT[change])
}

/** The username is the login name: its owner hears of a change like of a new password. */
export function mailUsernameChange(app: FastifyInstance, user: UserRow, formerUsername: string): void {
  const what = `The username of your Grid account was changed from ${formerUsername} to ${user.username}: sign in with ${user.username} from now on.`
  mailOwner(app, user, 'Your Grid username was changed', what)
}

function mailOwner(app: FastifyInstance, user: UserRow, subject: string, what: string): void {
  const { appUrl } = app.config.http
  const { supportEmail } = app.config.mail
  sendInBackground(app, {
    to: user.email,
    subject,
    text: [
      `Hi ${user.username},`,
      '',
      `${what} (${app.clock().toISOString()})`,
      '',
      `If this was not you, reset your password now at ${appUrl}/forgot-password and write to ${supportEmail}.`,
    ].join('\n'),
  })
}

/**
 * Decision 022: someone signed up with an address that already has an account. The stranger learns nothing; the
 * owner learns it happened. Sent off the request path like the verification mail of a new account, so
 * both answers take as long.
 */
export function mailSignUpAttempt(app: FastifyInstance, owner: UserRow): void {
  const { appUrl } = app.config.http
  sendInBackground(app, {
    to: owner.email,
    subject: 'Someone tried to sign up for Grid with your address',
    text: [
      `Hi ${owner.username},`,
      '',
      'Someone tried to create a new Grid account with this e-mail address, which already belongs to your account. No new account was made.',
      '',
      `If it was you, sign in at ${appUrl}/login with the username ${owner.username}, or choose a new password at ${appUrl}/forgot-password.`,
      'If it was not you, there is nothing to do: your account is unchanged.',
    ].join('\n'),
  })
}

import type { FastifyInstance } from 'fastify'
import { BILLING_MESSAGES } from '../../domain/billing'
import { INACTIVITY } from '../../domain/inactivity'
import { cancelSubscriptionsNow } from '../billing/stripe'
import { connectionsRepository } from '../connections/connections.repository'
import { endPartnerAccessInBackground } from '../connections/connections.service'
import type { Db } from '../db/client'
import type { UserRow } from '../db/schema'
import { HttpError } from '../http/errors'
import { sendInBackground } from '../mail/mailer'
import { forgetAccountTraces } from './account-traces'
import { EXPORT_LINK_DAYS, FINANCIAL_RETENTION_YEARS } from './accounts.repository'
import { dataArchive } from './data-export'

/** Why an account goes (decisions 021 and 025): its owner asked, two years without activity, or an admin's hard delete. */
export type DeletionCause = 'request' | 'inactivity' | 'admin'

export interface Deletion {
  user: UserRow
  cause: DeletionCause
  archive: Uint8Array
}

/**
 * Step one, before the deleting transaction: the Stripe subscription canceled, the account's archive,
 * read while the account is whole (the bets repository reads outside any transaction; the embedded
 * database runs one at a time), and the end of the bet-sync partner's access to its sportsbooks.
 */
export async function prepareDeletion(
  app: FastifyInstance,
  user: UserRow,
  cause: DeletionCause,
): Promise<Deletion> {
  await endSubscription(app, user)
  const archive = await dataArchive(app.db, app.repos.bets, user, app.clock())
  // Decision 025: the bet-sync partner stops reading the account's sportsbooks.
  if ((await connectionsRepository(app.db).list(user.id)).length > 0) {
    endPartnerAccessInBackground(app.betSync, user, app.log)
  }
  return { user, cause, archive }
}

/**
 * Decision 050: an account that goes stops paying. Its Stripe subscriptions are canceled now, before its row
 * (and with it the only link to its Stripe customer) goes; when Stripe cannot be reached the deletion
 * stops here with a 503 and nothing deleted, so no subscription is left charging nobody (the account job
 * tries an inactive account again on its next run). Without Stripe keys nothing can be canceled: the
 * operator is told in the log which customer to cancel by hand.
 */
async function endSubscription(app: FastifyInstance, user: UserRow): Promise<void> {
  const customer = user.stripeCustomerId
  if (!customer) return
  if (!app.stripe) {
    app.log.warn(
      { userId: user.id, customer },
      'account deleted without Stripe keys: cancel its subscription in Stripe',
    )
    return
  }
  try {
    const canceled = await cancelSubscriptionsNow(app.stripe, customer)
    app.log.info({ userId: user.id, canceled }, 'stripe subscriptions canceled for a deletion')
  } catch (error) {
    app.log.error({ err: error, userId: user.id }, 'stripe cancel failed: account not deleted')
    throw new HttpError(503, BILLING_MESSAGES.deletionProviderDown)
  }
}

/**
 * Step two, in the caller's transaction (an admin's is also writing its audit entry): the archive is
 * kept for 30 days behind a new link, and the account row goes. Its sessions, tokens, referral codes and
 * support requests go with it; its bets and payments stay, no longer tied to anyone (decision 025), and nothing
 * elsewhere keeps its e-mail, username or a value derived from its id (account-traces.ts). Answers the
 * link's token, or null when there was nothing to delete: the account is already gone, or (for
 * inactivity) its owner came back since it was read.
 */
export async function deleteAccount(
  app: FastifyInstance,
  tx: Db,
  deletion: Deletion,
): Promise<string | null> {
  const { user, cause } = deletion
  if (!(await app.repos.accounts.lockForDeletion(tx, user, cause === 'inactivity'))) return null
  await forgetAccountTraces(tx, user)
  await app.repos.accounts.deleteUser(tx, user.id)
  return app.repos.accounts.storeExport(tx, user.id, deletion.archive, app.clock())
}

/** Step three, after the commit: the owner learns it happened and gets the link (the last use of the address). */
export function mailDeletion(app: FastifyInstance, deletion: Deletion, token: string): void {
  const { user, cause } = deletion
  const link = `${app.config.http.appUrl}/api/data-export/${token}`
  sendInBackground(app, {
    to: user.email,
    subject: 'Your Grid account has been deleted',
    text: [
      `Hi ${user.username},`,
      '',
      `${why(cause, INACTIVITY.deleteDays)} Your profile, sign-in details and settings are erased.`,
      '',
      `You can download a copy of your data (account, bets, referrals and payments) for ${EXPORT_LINK_DAYS} days at:`,
      link,
      '',
      `As the law on financial records requires, your bets and payments are kept for ${FINANCIAL_RETENTION_YEARS} years without your name or address, then erased.`,
      `Questions: ${app.config.mail.supportEmail}`,
    ].join('\n'),
  })
}

function why(cause: DeletionCause, inactivityDays: number): string {
  if (cause === 'request') return 'As you asked, your Grid account has been deleted.'
  if (cause === 'admin') return 'Your Grid account has been deleted by an administrator.'
  return `Your Grid account has been deleted after ${inactivityDays} days without activity, as our notices said.`
}

/** The three steps for a deletion with no other write to share its transaction. True when deleted. */
export async function deleteAccountNow(
  app: FastifyInstance,
  user: UserRow,
  cause: DeletionCause,
): Promise<boolean> {
  const deletion = await prepareDeletion(app, user, cause)
  const token = await app.db.transaction((tx) => deleteAccount(app, tx, deletion))
  if (token) mailDeletion(app, deletion, token)
  return token !== null
}

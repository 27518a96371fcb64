import type { FastifyInstance } from 'fastify'
import { connectionsRepository } from '../connections/connections.repository'
import { endPartnerAccessInBackground } from '../connections/connections.service'
import type { Db } from '../db/client'
import type { UserRow } from '../db/schema'
import { sendInBackground } from '../mail/mailer'
import { EXPORT_LINK_DAYS, FINANCIAL_RETENTION_YEARS } from './accounts.repository'
import { dataArchive } from './data-export'

/** Why an account goes (D21, D25): its owner asked, two years without activity, or an admin's hard delete. */
export type DeletionCause = 'request' | 'inactivity' | 'admin'

export interface Deletion {
  user: UserRow
  cause: DeletionCause
  archive: Uint8Array
}

/**
 * Step one, before the deleting transaction: the account's archive, read while the account is whole
 * (the bets repository reads outside any transaction; the embedded database runs one at a time), and
 * the end of the bet-sync partner's access to its sportsbooks.
 */
export async function prepareDeletion(
  app: FastifyInstance,
  user: UserRow,
  cause: DeletionCause,
): Promise<Deletion> {
  const archive = await dataArchive(app.db, app.repos.bets, user, app.clock())
  // D25 and issue 16: the bet-sync partner stops reading the account's sportsbooks.
  if ((await connectionsRepository(app.db).list(user.id)).length > 0) {
    endPartnerAccessInBackground(app.betSync, user, app.log)
  }
  return { user, cause, archive }
}

/**
 * Step two, in the caller's transaction (an admin's is also writing its audit entry): the archive is
 * kept for 30 days behind a new link, and the account row goes. Its sessions, tokens, referral codes and
 * support requests go with it; its bets and payments stay, no longer tied to anyone (D25). Answers the
 * link's token, or null when there was nothing to delete: the account is already gone, or (for
 * inactivity) its owner came back since it was read.
 */
export async function deleteAccount(
  app: FastifyInstance,
  tx: Db,
  deletion: Deletion,
): Promise<string | null> {
  const { user, cause } = deletion
  if (!(await app.repos.accounts.deleteUser(tx, user, cause === 'inactivity'))) return null
  return app.repos.accounts.storeExport(tx, user.id, deletion.archive, app.clock())
}

/** Step three, after the commit: the owner learns it happened and gets the link (the last use of the address). */
export function mailDeletion(app: FastifyInstance, deletion: Deletion, token: string): void {
  const { user, cause } = deletion
  const link = `${app.config.appUrl}/api/data-export/${token}`
  sendInBackground(app, {
    to: user.email,
    subject: 'Your Grid account has been deleted',
    text: [
      `Hi ${user.username},`,
      '',
      `${why(cause, app.config.inactivityDeleteDays)} Your profile, sign-in details and settings are erased.`,
      '',
      `You can download a copy of your data (account, bets, referrals and payments) for ${EXPORT_LINK_DAYS} days at:`,
      link,
      '',
      `As the law on financial records requires, your bets and payments are kept for ${FINANCIAL_RETENTION_YEARS} years without your name or address, then erased.`,
      `Questions: ${app.config.supportEmail}`,
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

import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import nodemailer from 'nodemailer'
import { type Config, devConveniences } from '../config'

export interface Mail {
  to: string
  subject: string
  text: string
  /** Where a reply goes (support requests: the requester). */
  replyTo?: string
}

export interface SentMail extends Mail {
  from: string
  sentAt: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
  /** Outside production without SMTP_URL, the last messages, for GET /api/dev/outbox. */
  outbox: SentMail[] | null
}

export const OUTBOX_SIZE = 50
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

/**
 * Real SMTP when SMTP_URL is set. Without it, in development and tests, mail goes to an in-memory outbox
 * (GET /api/dev/outbox) and the log says so without the body: links in it carry tokens. Decision 012: in
 * production without SMTP_URL each mail is written whole to the server log instead, one line for the
 * operator who runs the server, so the quick start works end to end; it is never served over HTTP.
 */
export function createMailer(config: Pick<Config, 'mail' | 'server'>, log: FastifyBaseLogger): Mailer {
  if (config.mail.smtpUrl) {
    // No request waits on delivery, but nodemailer's defaults (2 min to connect, 10 min of silence) would
    // pile up sends on a stalled server. Query parameters of SMTP_URL still override these.
    const transport = nodemailer.createTransport({ url: config.mail.smtpUrl, ...SMTP_TIMEOUTS })
    return {
      outbox: null,
      async send(mail) {
        await transport.sendMail({ from: config.mail.mailFrom, ...mail })
        log.info({ subject: mail.subject }, 'mail sent')
      },
    }
  }
  if (!devConveniences(config)) {
    log.warn(
      'SMTP_URL is not set: e-mails are not sent but written to this log, one line each, with their links and codes (decision 012). Set SMTP_URL to send them.',
    )
    return {
      outbox: null,
      async send(mail) {
        log.warn({ mail: { from: config.mail.mailFrom, ...mail } }, 'e-mail written to the log (no SMTP_URL)')
      },
    }
  }
  const outbox: SentMail[] = []
  return {
    outbox,
    async send(mail) {
      outbox.unshift({ ...mail, from: config.mail.mailFrom, sentAt: new Date().toISOString() })
      outbox.length = Math.min(outbox.length, OUTBOX_SIZE)
      log.info({ subject: mail.subject }, 'mail kept in the development outbox: GET /api/dev/outbox')
    },
  }
}

/** Sends without holding the request: the answer must not wait on, nor fail with, the mail server. */
export function sendInBackground(app: FastifyInstance, mail: Mail): void {
  app.mailer
    .send(mail)
    .catch((error: unknown) => app.log.error({ err: error }, `mail failed: ${mail.subject}`))
}

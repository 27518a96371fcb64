import type { FastifyBaseLogger } from 'fastify'
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

const OUTBOX_SIZE = 50
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

/**
 * Real SMTP when SMTP_URL is set. Otherwise (development only, config refuses it in production) mail goes
 * to an in-memory outbox, and the log says so without the body: links in it carry tokens. D12: a
 * production config that got past loadConfig without SMTP_URL still gets no outbox; its mail fails.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'nodeEnv'>,
  log: FastifyBaseLogger,
): Mailer {
  if (config.smtpUrl) {
    // Sign-up and resend await delivery: nodemailer's defaults (2 min to connect, 10 min of silence) would
    // hold those requests on a stalled server. Query parameters of SMTP_URL still override these.
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
    return {
      outbox: null,
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail })
        log.info({ subject: mail.subject }, 'mail sent')
      },
    }
  }
  if (!devConveniences(config)) {
    return {
      outbox: null,
      async send() {
        throw new Error('SMTP_URL is not set: mail cannot be sent in production')
      },
    }
  }
  const outbox: SentMail[] = []
  return {
    outbox,
    async send(mail) {
      outbox.unshift({ ...mail, from: config.mailFrom, sentAt: new Date().toISOString() })
      outbox.length = Math.min(outbox.length, OUTBOX_SIZE)
      log.info({ subject: mail.subject }, 'mail kept in the development outbox: GET /api/dev/outbox')
    },
  }
}

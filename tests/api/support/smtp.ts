import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** One message as the SMTP sink received it: envelope recipients, headers that matter, plain text. */
export interface ReceivedMail {
  to: string[]
  /** The From header's address and display name. */
  from: { address: string; name: string }
  subject: string
  text: string
  /** The Reply-To address, '' when there is none. */
  replyTo: string
}

interface Waiter {
  to: string
  subject: string | undefined
  resolve(mail: ReceivedMail): void
}

/** How long nextMail waits before failing the test with a clear message instead of a test timeout. */
const WAIT_MS = 10_000

/**
 * A real SMTP server on 127.0.0.1 (a free port) that keeps every message, for `smtpUrl` in tests.
 * No TLS and no AUTH, so nodemailer talks plain SMTP to it. Mail sent without awaiting (fire and
 * forget) is waited for with nextMail.
 */
export class SmtpSink {
  /** Every message, oldest first. */
  readonly received: ReceivedMail[] = []
  private readonly unread: ReceivedMail[] = []
  private readonly waiters: Waiter[] = []
  private readonly server: SMTPServer

  private constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
        simpleParser(stream)
          .then((parsed) => {
            const from = parsed.from?.value[0]
            this.deliver({
              to,
              from: { address: from?.address ?? '', name: from?.name ?? '' },
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              replyTo: parsed.replyTo?.value[0]?.address ?? '',
            })
            callback()
          })
          .catch((error: Error) => callback(error))
      },
    })
  }

  static async start(): Promise<SmtpSink> {
    const sink = new SmtpSink()
    await new Promise<void>((resolve, reject) => {
      sink.server.once('error', reject)
      sink.server.listen(0, '127.0.0.1', () => resolve())
    })
    return sink
  }

  get url(): string {
    const { port } = this.server.server.address() as AddressInfo
    return `smtp://127.0.0.1:${port}`
  }

  /**
   * The next message to this address (with this subject, when given) not yet taken by nextMail; waits for
   * it if none has come yet. A subject lets a test take a link while security notices (decision 014) arrive in
   * between.
   */
  nextMail(to: string, subject?: string): Promise<ReceivedMail> {
    const address = to.toLowerCase()
    const index = this.unread.findIndex((m) => matches(m, address, subject))
    if (index >= 0) {
      const [mail] = this.unread.splice(index, 1)
      if (mail) return Promise.resolve(mail)
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        to: address,
        subject,
        resolve: (mail) => {
          clearTimeout(timer)
          resolve(mail)
        },
      }
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1)
        reject(new Error(`no mail to ${to}${subject ? ` ('${subject}')` : ''} arrived within ${WAIT_MS} ms`))
      }, WAIT_MS)
      this.waiters.push(waiter)
    })
  }

  /** Every message ever received for this address (taken by nextMail or not). */
  mailTo(to: string): ReceivedMail[] {
    const address = to.toLowerCase()
    return this.received.filter((m) => m.to.includes(address))
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }

  private deliver(mail: ReceivedMail) {
    this.received.push(mail)
    const index = this.waiters.findIndex((w) => matches(mail, w.to, w.subject))
    const waiter = index >= 0 ? this.waiters.splice(index, 1)[0] : undefined
    if (waiter) waiter.resolve(mail)
    else this.unread.push(mail)
  }
}

function matches(mail: ReceivedMail, to: string, subject: string | undefined): boolean {
  return mail.to.includes(to) && (subject === undefined || mail.subject === subject)
}

/** The first link to the app in a message (appUrl is http://grid.test in tests). */
export function linkIn(mail: ReceivedMail): URL {
  const match = /http:\/\/grid\.test\/\S+/.exec(mail.text)
  if (!match) throw new Error(`no link in mail '${mail.subject}':\n${mail.text}`)
  return new URL(match[0])
}

/** The token of the first link in a message. */
export function tokenIn(mail: ReceivedMail): string {
  const token = linkIn(mail).searchParams.get('token')
  if (!token) throw new Error(`no token in the link of '${mail.subject}'`)
  return token
}

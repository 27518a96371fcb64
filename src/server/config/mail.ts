import { z } from 'zod'
import { url } from './fields'

/** How Grid's e-mails leave, who sends them, and where support requests go. */
export const mail = z
  .object({
    SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:'])
      .optional()
      .describe(
        '`smtp://user:pass@host:587` for real e-mail. Unset in production, each e-mail (with its link or code) is written to the server log, one line, for the operator, and never served over HTTP; in development it goes to `GET /api/dev/outbox`',
      ),
    MAIL_FROM: z
      .string()
      .min(3, 'MAIL_FROM must be an address')
      .default('Grid <no-reply@grid.local>')
      .describe("sender of Grid's e-mails"),
    SUPPORT_EMAIL: z
      .email('SUPPORT_EMAIL must be an e-mail address like support@example.com')
      .default('support@grid.local')
      .describe(
        "where the support form's requests are e-mailed (decision 020); each is also stored in `support_requests`",
      ),
  })
  .transform((e) => ({
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    /** Decision 020: where support-form requests are e-mailed. */
    supportEmail: e.SUPPORT_EMAIL,
  }))

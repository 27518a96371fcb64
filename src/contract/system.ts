import { z } from 'zod'

/** Liveness, and decision 012's development outbox. */
export const healthAnswer = z.object({ ok: z.literal(true) })

export const outboxAnswer = z.object({
  messages: z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      from: z.string(),
      sentAt: z.string(),
      replyTo: z.string().optional(),
    }),
  ),
})

import type { FastifyBaseLogger } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { Config } from '../config'

const SYSTEM = [
  "Rewrite this summary of a sports bettor's position in plain, friendly English, in at most three sentences.",
  'Keep every number exactly as written. Do not add any number, team, score, price or advice that is not in it.',
  'Answer with the rewritten text only.',
].join(' ')

/** Rewrites are kept per rule text: the text changes whenever the game or the user's bets do. */
const KEPT = 1_000

export type InsightWriter = (ruleText: string) => Promise<string>

/**
 * Decision 024: the insight is written by rules; with an OpenAI-compatible endpoint configured (LLM_*),
 * the endpoint rewrites it from the same facts. A rewrite that holds a number the rule text does not, an
 * error, or no answer within the timeout keeps the rule text, which is never wrong.
 */
export function insightWriter(llm: Config['llm'], log: FastifyBaseLogger): InsightWriter {
  if (!llm) return async (ruleText) => ruleText
  const kept = new LRUCache<string, string>({ max: KEPT })
  return async (ruleText) => {
    const held = kept.get(ruleText)
    if (held !== undefined) return held
    const written = await rewrite(llm, ruleText).catch((error: unknown) => {
      log.warn({ err: error }, 'the insight rewrite failed; the rule text stands')
      return ruleText
    })
    const chosen = numbersWithin(written, ruleText) ? written : ruleText
    if (chosen !== written) log.warn('the insight rewrite changed a number; the rule text stands')
    kept.set(ruleText, chosen)
    return chosen
  }
}

async function rewrite(llm: NonNullable<Config['llm']>, ruleText: string): Promise<string> {
  const response = await fetch(`${llm.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${llm.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      model: llm.model,
      temperature: 0,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: ruleText },
      ],
    }),
    signal: AbortSignal.timeout(llm.timeoutMs),
  })
  if (!response.ok) throw new Error(`the endpoint answered ${response.status}`)
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] }
  const text = body.choices?.[0]?.message?.content
  if (typeof text !== 'string' || text.trim() === '') throw new Error('the endpoint sent no text')
  return text.trim()
}

/** Every number of the rewrite appears in the rule text (decision 024: the insight never invents a number). */
export function numbersWithin(rewrite: string, ruleText: string): boolean {
  const numbers = (text: string) =>
    new Set(text.match(/\d[\d,]*(?:\.\d+)?/g)?.map((n) => n.replace(/,/g, '')))
  const allowed = numbers(ruleText)
  return [...numbers(rewrite)].every((n) => allowed.has(n))
}

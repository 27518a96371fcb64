import { z } from 'zod'
import { int, url, withoutTrailingSlash } from './fields'

export interface LlmConfig {
  baseUrl: string
  apiKey: string
  model: string
  timeoutMs: number
}

/**
 * An OpenAI-compatible endpoint that rewrites the rule-written insight (decision 024: from the same
 * facts, never a new number); null keeps the rule text.
 */
export const llm = z
  .object({
    LLM_BASE_URL: url('LLM_BASE_URL', ['http:', 'https:'])
      .optional()
      .describe(
        "with `LLM_API_KEY` and `LLM_MODEL`, an OpenAI-compatible endpoint that rewrites the suggestions' insight (docs/suggestions.md); unset keeps the rule text",
      ),
    LLM_API_KEY: z.string().min(1).optional().describe("the endpoint's key"),
    LLM_MODEL: z.string().min(1).optional().describe('the model the endpoint runs'),
    LLM_TIMEOUT_MS: int('LLM_TIMEOUT_MS', 100, 60_000)
      .default(4000)
      .describe('how long the insight waits for that endpoint'),
  })
  .transform((e): LlmConfig | null =>
    e.LLM_BASE_URL && e.LLM_API_KEY && e.LLM_MODEL
      ? {
          baseUrl: withoutTrailingSlash(e.LLM_BASE_URL),
          apiKey: e.LLM_API_KEY,
          model: e.LLM_MODEL,
          timeoutMs: e.LLM_TIMEOUT_MS,
        }
      : null,
  )

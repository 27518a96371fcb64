import type { BrowserContext } from 'playwright-core'

/**
 * What went wrong outside the test's own assertions while it ran: an uncaught error in a page
 * (`pageerror`) or an error-level line in the server's log. tests/e2e/setup.ts fails the test over them,
 * and closes the browser contexts the test opened, passed or not.
 */
const problems: string[] = []
const contexts = new Set<BrowserContext>()

export function reportProblem(problem: string): void {
  problems.push(problem)
}

export function trackContext(context: BrowserContext): void {
  contexts.add(context)
  context.on('close', () => contexts.delete(context))
}

/** Closes the test's contexts and returns the problems seen since the last call. */
export async function endOfTest(): Promise<string[]> {
  await Promise.all([...contexts].map((context) => context.close()))
  return problems.splice(0)
}

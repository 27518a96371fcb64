import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
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

/** How many problems the running test has met so far. */
export function pendingProblems(): number {
  return problems.length
}

/** Saves a screenshot of each page the test has open, under `name` made safe for a file name. */
export async function screenshotOpenPages(dir: string, name: string): Promise<void> {
  const pages = [...contexts].flatMap((context) => context.pages())
  const base = name.replace(/[^A-Za-z0-9.-]+/g, '-').slice(0, 120)
  mkdirSync(dir, { recursive: true })
  await Promise.all(
    pages.map((page, i) =>
      // A page that has crashed or closed meanwhile has nothing to show; the failure is reported anyway.
      page.screenshot({ path: join(dir, `${base}-${i + 1}.png`) }).catch(() => {}),
    ),
  )
}

import { afterAll, afterEach } from 'vitest'
import { endOfTest } from './support/problems'

// An e2e test fails on a page's uncaught error or an error-level server log, even if its own checks pass.
async function failOnProblems() {
  const problems = await endOfTest()
  if (problems.length > 0) throw new Error(`Unexpected errors during the test:\n${problems.join('\n')}`)
}

afterEach(failOnProblems)
afterAll(failOnProblems)

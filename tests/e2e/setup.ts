import type { TestContext } from 'vitest'
import { afterAll, afterEach } from 'vitest'
import { ARTIFACTS } from './support/e2e-app'
import { endOfTest, pendingProblems, screenshotOpenPages } from './support/problems'

// An e2e test fails on a page's uncaught error or an error-level server log, even if its own checks pass.
async function failOnProblems() {
  const problems = await endOfTest()
  if (problems.length > 0) throw new Error(`Unexpected errors during the test:\n${problems.join('\n')}`)
}

// A failed test leaves what its pages showed, beside the named screenshots the tests take.
afterEach(async ({ task }: TestContext) => {
  if (task.result?.state === 'fail' || pendingProblems() > 0)
    await screenshotOpenPages(ARTIFACTS, `failed-${task.file.name}-${task.name}`)
  await failOnProblems()
})
afterAll(failOnProblems)

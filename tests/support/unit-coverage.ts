import v8 from '@vitest/coverage-v8'
import type { CoverageProviderModule } from 'vitest/node'

/**
 * V8's coverage provider, measuring the `unit` project's workers only. Coverage measures src/domain,
 * which the unit tests cover; vitest starts the profiler in every worker of every project, and in the
 * API and browser workers it only slows the run (precise block counts on every server module, collected
 * after every file). The project a worker runs is in its state, the one place a provider can read it.
 */
type WorkerState = { __vitest_worker__?: { config: { name?: string } } }
const measured = () => (globalThis as WorkerState).__vitest_worker__?.config.name === 'unit'

const unitCoverage: CoverageProviderModule = {
  getProvider: () => v8.getProvider(),
  startCoverage: (options) => (measured() ? v8.startCoverage?.(options) : undefined),
  takeCoverage: (options) => (measured() ? v8.takeCoverage?.(options) : { result: [] }),
  stopCoverage: (options) => (measured() ? v8.stopCoverage?.(options) : undefined),
}

export default unitCoverage

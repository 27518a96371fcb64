// Reads Vitest's JSON report and fails when a test file under tests/ did not run, when any test was
// skipped or left as todo, or when a test failed. Every API file runs on PGlite; with TEST_DATABASE_URL
// set, an engine-sensitive API file (named `*.db.test.ts`) must have run twice (PGlite and PostgreSQL)
// and any other API file once, as vitest.config.ts arranges. Prints the passed tests per suite, then the
// closing line CI reads: 'N passed, N failed'.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

const reportPath = process.argv[2]
if (!reportPath) {
  console.error('usage: check-test-report.mjs <vitest-json-report>')
  process.exit(2)
}

const root = resolve(import.meta.dirname, '..')
const report = JSON.parse(readFileSync(reportPath, 'utf8'))
const bothDatabases = Boolean(process.env.TEST_DATABASE_URL)
const problems = []

const runs = new Map()
const passedBySuite = new Map()
for (const file of report.testResults ?? []) {
  const path = relative(root, file.name)
  const statuses = (file.assertionResults ?? []).map((a) => a.status)
  const run = (runs.get(path) ?? 0) + (statuses.length > 0 ? 1 : 0)
  runs.set(path, run)
  const suite = suiteOf(path, run)
  const passed = statuses.filter((s) => s === 'passed').length
  passedBySuite.set(suite, (passedBySuite.get(suite) ?? 0) + passed)
  const idle = statuses.filter((s) => s === 'skipped' || s === 'pending' || s === 'todo').length
  if (idle > 0) problems.push(`${path}: ${idle} test(s) skipped`)
  if (statuses.length === 0) problems.push(`${path}: no test ran`)
}

for (const file of listTests(join(root, 'tests'))) {
  const expected = bothDatabases && file.endsWith('.db.test.ts') ? 2 : 1
  const count = runs.get(file) ?? 0
  if (count !== expected) problems.push(`${file}: ran ${count} time(s), expected ${expected}`)
}

const passed = report.numPassedTests ?? 0
const failed = report.numFailedTests ?? 0
if (failed > 0) problems.push(`${failed} test(s) failed`)
if (report.success === false && failed === 0) problems.push('the test run failed outside any test')

for (const problem of problems) console.error(`check: ${problem}`)
for (const [suite, count] of [...passedBySuite].sort()) console.log(`${suite}: ${count} passed`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(problems.length > 0 ? 1 : 0)

/**
 * The suite (vitest.config.ts's project) a file's run belongs to. The report does not name it; an API
 * file's second run can only be the one on PostgreSQL, since the PGlite suite runs every API file.
 */
function suiteOf(path, run) {
  if (path.startsWith('tests/unit/')) return 'unit'
  if (path.startsWith('tests/e2e/')) return 'e2e'
  if (path.startsWith('tests/api/')) return run > 1 ? 'api-postgres' : 'api-pglite'
  return 'other'
}

function listTests(dir) {
  const out = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...listTests(path))
    else if (name.endsWith('.test.ts')) out.push(relative(root, path))
  }
  return out
}

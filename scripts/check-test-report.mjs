// Reads Vitest's JSON report and fails when a test file under tests/ did not run, when any test was
// skipped or left as todo, or when a test failed. With TEST_DATABASE_URL set, every API file must have run
// twice (PGlite and PostgreSQL). Prints the closing line CI reads: 'N passed, N failed'.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

const reportPath = process.argv[2]
if (!reportPath) {
  console.error('usage: check-test-report.mjs <vitest-json-report>')
  process.exit(2)
}

const root = resolve(import.meta.dirname, '..')
const report = JSON.parse(readFileSync(reportPath, 'utf8'))
const problems = []

const runs = new Map()
for (const file of report.testResults ?? []) {
  const path = relative(root, file.name)
  const statuses = (file.assertionResults ?? []).map((a) => a.status)
  if (statuses.length > 0) runs.set(path, (runs.get(path) ?? 0) + 1)
  const idle = statuses.filter((s) => s === 'skipped' || s === 'pending' || s === 'todo').length
  if (idle > 0) problems.push(`${path}: ${idle} test(s) skipped`)
  if (statuses.length === 0) problems.push(`${path}: no test ran`)
}

const bothDatabases = Boolean(process.env.TEST_DATABASE_URL)
for (const file of listTests(join(root, 'tests'))) {
  const expected = bothDatabases && file.startsWith('tests/api/') ? 2 : 1
  const count = runs.get(file) ?? 0
  if (count < expected) problems.push(`${file}: ran ${count} time(s), expected ${expected}`)
}

const passed = report.numPassedTests ?? 0
const failed = report.numFailedTests ?? 0
if (failed > 0) problems.push(`${failed} test(s) failed`)
if (report.success === false && failed === 0) problems.push('the test run failed outside any test')

for (const problem of problems) console.error(`check: ${problem}`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(problems.length > 0 ? 1 : 0)

function listTests(dir) {
  const out = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...listTests(path))
    else if (name.endsWith('.test.ts')) out.push(relative(root, path))
  }
  return out
}

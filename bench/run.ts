import { eventsBench, eventsTicketsBench, eventsTwoInstancesBench } from './events.bench'
import { gridBench } from './grid.bench'
import { FAILED, httpBench } from './http.bench'
import { importBench, importYearBench } from './import.bench'
import { probabilityBench } from './probability.bench'
import { suggestionsBench } from './suggestions.bench'
import { ticketGridBench } from './ticket-grid.bench'

type Figures = Record<string, number | string>

/**
 * `npm run bench`: every figure from one run, printed as `name: value` lines under a `# section` line.
 * bench/http.bench.ts and bench/events.bench.ts list the environment variables that shorten or extend
 * their sections. A section
 * that fails, or a figure that shows FAILED, makes the run exit with an error once every section ran.
 */
const sections: [string, () => Figures | Promise<Figures>][] = [
  ['domain grid', gridBench],
  ['score models (speed, and calibration on held-apart seasons)', probabilityBench],
  ['suggestions (10 live games, 50 bets)', suggestionsBench],
  ['ticket grid (1,000 open tickets, 300 parlays on 50 games, pglite)', ticketGridBench],
  ['http (pglite)', () => httpBench('pglite')],
  ['http (postgres)', () => httpBench('postgres')],
  ['import (10,000 rows of a generic file, pglite)', importBench],
  ['import (10,000 rows on 365 past days, pglite)', importYearBench],
  ['events (10,000 streams, pglite)', () => eventsBench('pglite')],
  ['events (10,000 streams, postgres)', () => eventsBench('postgres')],
  ['events (two instances, postgres)', eventsTwoInstancesBench],
  ['events (10,000 streams, 2,000 with parlays over two games, postgres)', eventsTicketsBench],
]

/** BENCH_ONLY: run only the sections whose names contain one of these semicolon-separated words (e.g. `events`). */
const only = (process.env.BENCH_ONLY ?? '').split(';').filter(Boolean)
const chosen = only.length ? sections.filter(([name]) => only.some((word) => name.includes(word))) : sections

for (const [name, bench] of chosen) {
  console.log(`# ${name}`)
  try {
    for (const [key, value] of Object.entries(await bench())) {
      console.log(`${key}: ${value}`)
      if (String(value).startsWith(FAILED)) process.exitCode = 1
    }
  } catch (error) {
    console.log(`error: ${error instanceof Error ? error.message : String(error)}`)
    console.error(error)
    process.exitCode = 1
  }
}

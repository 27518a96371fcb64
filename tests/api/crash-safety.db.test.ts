import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import {
  HttpUser,
  killLeftovers,
  PROCESS_TEST_MS,
  type ServerData,
  type ServerProcess,
  serverData,
  startServer,
} from './support/server-process'
import { onPostgres } from './support/test-app'

/**
 * Kill -9 in the middle of bet bursts lost no acknowledged bet (measured: 20 runs on PGlite, 10
 * on PostgreSQL). A bet answered 201 is committed: PGlite writes its WAL to the files before answering
 * (the OS keeps it when the process dies), PostgreSQL commits before the answer.
 */
const RUNS = 3
/** Bets posted at the same time during a burst. */
const IN_FLIGHT = 8
/** The kill comes once this many bets are acknowledged, with others in flight. */
const KILL_AFTER = 40
/** A run that cannot get its bets acknowledged stops here and fails, rather than looping. */
const MAX_BETS = 2_000

let data: ServerData
beforeAll(async () => {
  data = await serverData()
})
afterAll(() => data.drop())
afterEach(killLeftovers)

it(`keeps every acknowledged bet across ${RUNS} kills (SIGKILL) in the middle of a burst`, {
  timeout: PROCESS_TEST_MS * 2,
}, async () => {
  let server = await startServer(data)
  for (let run = 0; run < RUNS; run++) {
    // A new bettor each run, so that no per-user limit decides how many bets a run can place.
    const user = await HttpUser.signUp(server.url, `crash${run}${Date.now().toString(36)}`)
    const acknowledged = await burstUntilKilled(server, user)
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER)
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' })

    server = await startServer(data)
    if (!onPostgres) {
      // PGlite's own recovery messages reach the server log.
      const recovery = server
        .logLines()
        .filter((l) => l.component === 'pglite' && /automatic recovery in progress/.test(String(l.msg)))
      expect(recovery).toHaveLength(1)
    }
    const again = await HttpUser.logIn(server.url, user.name)
    const stored = (await (await again.request('GET', '/api/bets')).json()) as {
      id: number
      amount: string
    }[]
    const amounts = new Map(stored.map((bet) => [bet.id, bet.amount]))
    for (const [id, amount] of acknowledged) expect(amounts.get(id), `bet ${id}`).toBe(amount)
  }
  server.kill('SIGTERM')
  expect(await server.exited).toEqual({ code: 0, signal: null })
})

/** Posts bets IN_FLIGHT at a time; kills the server once KILL_AFTER are acknowledged. Returns id -> amount. */
async function burstUntilKilled(server: ServerProcess, user: HttpUser): Promise<Map<number, string>> {
  const game = await user.aGame()
  const acknowledged = new Map<number, string>()
  let next = 1
  let killed = false
  const worker = async () => {
    while (!killed && next <= MAX_BETS) {
      const dollars = next++
      try {
        const response = await user.placeBet(game, dollars)
        if (response.status !== 201) continue
        const bet = (await response.json()) as { id: number; amount: string }
        acknowledged.set(bet.id, bet.amount)
      } catch {
        // The connection died with the process: this bet was never acknowledged.
        continue
      }
      if (acknowledged.size >= KILL_AFTER && !killed) {
        killed = true
        server.kill('SIGKILL')
      }
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
  if (!killed) server.kill('SIGKILL')
  return acknowledged
}

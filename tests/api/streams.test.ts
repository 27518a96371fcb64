import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { buildApp } from '../../src/server/app'
import type { BetsRepository } from '../../src/server/bets/bets.repository'
import { trackConnections } from '../../src/server/http/connections'
import { storeGame } from './support/bets'
import { eventually } from './support/server-process'
import { buildTestApp, freshDatabase, signedIn, type TestDatabase, testConfig } from './support/test-app'

/**
 * A CSV export that broke after its 200 headers, and servers that then never stopped. Whatever
 * breaks a stream (here the database, failing or stalling after the first batch), the response ends, the
 * client sees an incomplete download rather than a short file, and nothing holds the server's stop.
 */
let db: TestDatabase
let app: Awaited<ReturnType<typeof buildApp>>
let connections: ReturnType<typeof trackConnections>
let exportUrl: string
let cookie: string

beforeAll(async () => {
  db = await freshDatabase()
  app = await buildTestApp(db, testConfig(db))
  connections = trackConnections(app.server)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { client } = await signedIn(app)
  const game = await storeGame(app)
  const placed = await client.post('/api/bets', {
    gameId: game.id,
    betType: 'moneyline',
    selection: game.homeTeam,
    odds: -110,
    amount: 10,
  })
  expect(placed.statusCode).toBe(201)
  cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  exportUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/bets/export/csv`
})
afterAll(async () => {
  await app.close()
  await db.drop()
})

/** The real batches, then `after` once they are done: a database that fails or stalls mid-export. */
function breakAfterFirstBatch(after: () => Promise<never>) {
  const bets = app.repos.bets
  const real = bets.csvBatches.bind(bets)
  bets.csvBatches = async function* (...args: Parameters<BetsRepository['csvBatches']>) {
    yield* real(...args)
    await after()
  }
}

function openConnections(): Promise<number> {
  return new Promise((resolve, reject) =>
    app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  )
}

describe('CSV export streams', () => {
  it('ends the response and its connection when the data fails mid-stream', async () => {
    breakAfterFirstBatch(() => Promise.reject(new Error('the database went away')))
    const response = await fetch(exportUrl, { headers: { cookie } })
    expect(response.status).toBe(200)
    await expect(response.text()).rejects.toThrow()
    await eventually('every connection closed', async () => (await openConnections()) === 0, 5_000)
  })

  it('is ended at once by a stop, without waiting for the drain bound', async () => {
    breakAfterFirstBatch(() => new Promise<never>(() => {}))
    const response = await fetch(exportUrl, { headers: { cookie } })
    expect(response.status).toBe(200)
    // Read from now on, so that the cut is seen whenever it comes.
    const body = response.text().then(
      () => 'complete',
      () => 'cut',
    )
    // The header row and the bet have arrived; the stream now waits on a database that never answers.
    const closed = app.close()
    connections.stop(600_000)
    await closed
    expect(await body).toBe('cut')
  })
})

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sessions, users } from '../../src/server/db/schema'
import { CHANNELS, notify } from '../../src/server/events/notify'
import { feedGame } from './support/bets'
import { signedIn, type TestApp, testApp } from './support/test-app'

/**
 * The triggers of drizzle/0014 announce every committed change to a user row or a session, on
 * both engines, and nothing for a transaction that rolls back.
 */
describe('change notifications', () => {
  let t: TestApp
  const heard: { channel: string; payload: unknown }[] = []
  beforeAll(async () => {
    t = await testApp()
    for (const channel of [CHANNELS.user, CHANNELS.session, CHANNELS.games])
      await t.app.database.listen(channel, (payload) => heard.push({ channel, payload: JSON.parse(payload) }))
  })
  afterAll(() => t.close())

  /** PostgreSQL delivers in commit order: once a marker arrives, everything committed before it has. */
  async function quiet() {
    await notify(t.app.db, CHANNELS.user, { id: -1, bets: false })
    await vi.waitFor(() => expect(heard.at(-1)?.payload).toEqual({ id: -1, bets: false }))
    heard.length = 0
  }

  it('announces a user change, says whether the bets moved, and ends with the sessions', async () => {
    const { user, client } = await signedIn(t.app)
    await quiet()
    await t.app.db.update(users).set({ timezone: 'UTC' }).where(eq(users.id, user.id))
    await t.app.db.update(users).set({ betsVersion: 5 }).where(eq(users.id, user.id))
    await vi.waitFor(() => expect(heard).toHaveLength(2))
    expect(heard).toEqual([
      { channel: CHANNELS.user, payload: { id: user.id, bets: false } },
      { channel: CHANNELS.user, payload: { id: user.id, bets: true } },
    ])

    await quiet()
    expect((await client.get('/api/logout')).statusCode).toBeLessThan(400)
    await vi.waitFor(() =>
      expect(heard).toContainEqual({ channel: CHANNELS.session, payload: { userId: user.id } }),
    )
  })

  it('announces nothing for a transaction that rolls back', async () => {
    const { user } = await signedIn(t.app)
    await quiet()
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.update(users).set({ timezone: 'UTC' }).where(eq(users.id, user.id))
        await tx.delete(sessions).where(eq(sessions.userId, user.id))
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    await t.app.db.update(users).set({ timezone: 'Europe/London' }).where(eq(users.id, user.id))
    await vi.waitFor(() => expect(heard).toHaveLength(1))
    expect(heard[0]).toEqual({ channel: CHANNELS.user, payload: { id: user.id, bets: false } })
  })

  it('announces the games an upsert stored or changed, and none it left as they were', async () => {
    const games = t.app.repos.games
    const first = feedGame()
    const second = feedGame()
    await quiet()
    // Upsert answers in its lock order (provider, providerId), not the order given.
    const stored = await games.upsert([first, second])
    const one = stored.find((row) => row.providerId === first.providerId)
    await quiet()
    // The same scoreboard again: nothing changed, nothing is announced (the marker comes alone).
    await games.upsert([first, second])
    await notify(t.app.db, CHANNELS.user, { id: -1, bets: false })
    await vi.waitFor(() => expect(heard.at(-1)?.payload).toEqual({ id: -1, bets: false }))
    expect(heard).toHaveLength(1)
    heard.length = 0
    const third = feedGame()
    const scored = { ...first, homeScore: 3, awayScore: 0, status: 'in_progress' as const }
    const rows = await games.upsert([scored, second, third])
    const three = rows.find((row) => row.providerId === third.providerId)
    await vi.waitFor(() => expect(heard).toHaveLength(1))
    const byId = (x: number, y: number) => x - y
    const payload = heard[0]?.payload as { ids: number[] } | undefined
    expect(heard[0]?.channel).toBe(CHANNELS.games)
    expect([...(payload?.ids ?? [])].sort(byId)).toEqual([one?.id ?? 0, three?.id ?? 0].sort(byId))
  })
})

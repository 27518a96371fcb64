import { QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { liveEventApplier, parseLiveEvent, withGames } from '../../src/web/live-events'
import { BET_CHANGE_KEYS, KEYS } from '../../src/web/queries'
import type { ListedGame } from '../../src/web/types'
import { apiBet, apiGame } from '../support/web-fixtures'

const clients: QueryClient[] = []

/** A cache like the app's: nothing goes stale by itself, so only the events invalidate. */
function cache(): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  })
  clients.push(client)
  return client
}

afterEach(() => {
  for (const client of clients.splice(0)) client.clear()
})

const invalidated = (client: QueryClient, key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false

/** A query on screen: its fetches are counted. */
async function onScreen(client: QueryClient, queryKey: QueryKey): Promise<{ fetches: () => number }> {
  let fetches = 0
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: async () => {
      fetches += 1
      return { fetch: fetches }
    },
  })
  observer.subscribe(() => {})
  await client.getQueryCache().find({ queryKey })?.promise
  return { fetches: () => fetches }
}

const listed = (game = apiGame(), bets = [apiBet(game)]): ListedGame => ({ ...game, bets })

describe('a game event', () => {
  const before = apiGame({
    id: 7,
    status: 'in_progress',
    isLive: true,
    homeScore: 3,
    awayScore: 0,
    version: 4,
  })
  const after = { ...before, homeScore: 10, version: 5 }

  it('puts the new state into the games list, keeping the bets on it, and into the bet lists', async () => {
    const client = cache()
    const other = listed(apiGame({ id: 8 }))
    client.setQueryData(KEYS.liveGames, [listed(before), other])
    client.setQueryData(KEYS.activeBets, [apiBet(before, { id: 3 })])
    client.setQueryData([...KEYS.history, 'alltime', null, null], [apiBet(before, { id: 4 })])
    await liveEventApplier(client, 0)({ kind: 'game', data: { game: after } })

    const games = client.getQueryData<ListedGame[]>(KEYS.liveGames)
    expect(games?.[0]).toEqual({ ...after, bets: listed(before).bets })
    expect(games?.[1]).toBe(other)
    expect(client.getQueryData<{ game: unknown }[]>(KEYS.activeBets)?.[0]?.game).toEqual(after)
    expect(
      client.getQueryData<{ game: unknown }[]>([...KEYS.history, 'alltime', null, null])?.[0]?.game,
    ).toEqual(after)
  })

  it('never replaces a newer state with an older one', async () => {
    const list = [listed(after)]
    expect(withGames(list, new Map([[7, before]]))).toBe(list)
    expect(withGames(list, new Map([[7, after]]))).toBe(list)

    // Nor does an older event that arrives later in the same batch.
    const client = cache()
    client.setQueryData(KEYS.liveGames, [listed(apiGame({ ...before, version: 3 }))])
    const apply = liveEventApplier(client, 20)
    await Promise.all([
      apply({ kind: 'game', data: { game: after } }),
      apply({ kind: 'game', data: { game: before } }),
    ])
    expect(client.getQueryData<ListedGame[]>(KEYS.liveGames)?.[0]?.version).toBe(5)
  })

  it("makes that game's grid, probability and suggestions stale, and no other game's", async () => {
    const client = cache()
    client.setQueryData(KEYS.liveGames, [listed(before)])
    for (const key of [KEYS.grid, KEYS.liveProbability, KEYS.gameSuggestions]) {
      client.setQueryData([...key, 7], {})
      client.setQueryData([...key, 8], {})
    }
    await liveEventApplier(client, 0)({ kind: 'game', data: { game: after } })
    for (const key of [KEYS.grid, KEYS.liveProbability, KEYS.gameSuggestions]) {
      expect(invalidated(client, [...key, 7])).toBe(true)
      expect(invalidated(client, [...key, 8])).toBe(false)
    }
    expect(invalidated(client, KEYS.liveGames)).toBe(false)
  })

  it('reads the games list again when it does not hold the game yet', async () => {
    const client = cache()
    client.setQueryData(KEYS.liveGames, [listed(apiGame({ id: 8 }))])
    await liveEventApplier(client, 0)({ kind: 'game', data: { game: after } })
    expect(invalidated(client, KEYS.liveGames)).toBe(true)
  })
})

describe('a position event', () => {
  it("makes that game's grid, probability and suggestions stale, with the user's suggestions and standings", async () => {
    const client = cache()
    const keys = [
      [...KEYS.grid, 7],
      [...KEYS.liveProbability, 7],
      [...KEYS.gameSuggestions, 7],
      KEYS.userSuggestions,
      KEYS.liveStatus,
    ]
    for (const key of [...keys, [...KEYS.grid, 8], KEYS.liveGames, KEYS.stats]) client.setQueryData(key, {})
    await liveEventApplier(client, 0)({ kind: 'position', data: { gameId: 7, matrixVersion: '5:2' } })
    for (const key of keys) expect(invalidated(client, key)).toBe(true)
    for (const key of [[...KEYS.grid, 8], KEYS.liveGames, KEYS.stats])
      expect(invalidated(client, key)).toBe(false)
  })
})

describe('a bets event', () => {
  it('refreshes what a bet change makes stale, unless its bets version is older than one seen', async () => {
    const client = cache()
    const apply = liveEventApplier(client, 0)
    const gameGrid = await onScreen(client, [...KEYS.grid, 7])
    for (const key of BET_CHANGE_KEYS) client.setQueryData(key, [])
    client.setQueryData(KEYS.user, {})

    await apply({ kind: 'bets', data: { betsVersion: 3 } })
    for (const key of BET_CHANGE_KEYS) expect(invalidated(client, key)).toBe(true)
    expect(invalidated(client, KEYS.user)).toBe(false)
    expect(gameGrid.fetches()).toBe(2)

    // An older version (a resumed stream replaying): this tab already refreshed past it.
    await apply({ kind: 'bets', data: { betsVersion: 2 } })
    expect(gameGrid.fetches()).toBe(2)
    // The same version again: a sync settled bets on a final game, which leaves the version where it was.
    await apply({ kind: 'bets', data: { betsVersion: 3 } })
    expect(gameGrid.fetches()).toBe(3)
    await apply({ kind: 'bets', data: { betsVersion: 4 } })
    expect(gameGrid.fetches()).toBe(4)
  })
})

describe('a reset event', () => {
  it('makes everything stale', async () => {
    const client = cache()
    for (const key of [KEYS.user, KEYS.billingPlan, KEYS.liveGames, [...KEYS.grid, 7]])
      client.setQueryData(key, {})
    await liveEventApplier(client, 0)({ kind: 'reset', data: { reason: 'too old' } })
    for (const key of [KEYS.user, KEYS.billingPlan, KEYS.liveGames, [...KEYS.grid, 7]])
      expect(invalidated(client, key)).toBe(true)
  })
})

describe('events arriving together', () => {
  it('refetch each query on screen once', async () => {
    const client = cache()
    const apply = liveEventApplier(client, 20)
    const gameGrid = await onScreen(client, [...KEYS.grid, 7])
    const suggestions = await onScreen(client, KEYS.userSuggestions)
    await Promise.all([
      apply({ kind: 'position', data: { gameId: 7, matrixVersion: '5:2' } }),
      apply({ kind: 'bets', data: { betsVersion: 2 } }),
      apply({ kind: 'position', data: { gameId: 8, matrixVersion: '9:2' } }),
    ])
    expect(gameGrid.fetches()).toBe(2)
    expect(suggestions.fetches()).toBe(2)
  })
})

describe('game events arriving together', () => {
  it('change the games list once', async () => {
    const client = cache()
    const first = apiGame({ id: 7, version: 1 })
    const second = apiGame({ id: 8, version: 1 })
    client.setQueryData(KEYS.liveGames, [listed(first), listed(second)])
    let writes = 0
    client.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'success' &&
        event.query.queryKey === KEYS.liveGames
      )
        writes += 1
    })
    const apply = liveEventApplier(client, 20)
    await Promise.all([
      apply({ kind: 'game', data: { game: { ...first, homeScore: 30, version: 2 } } }),
      apply({ kind: 'game', data: { game: { ...second, awayScore: 31, version: 2 } } }),
    ])
    expect(writes).toBe(1)
    expect(client.getQueryData<ListedGame[]>(KEYS.liveGames)?.map((game) => game.version)).toEqual([2, 2])
  })
})

describe('parseLiveEvent', () => {
  it('reads the JSON object of a message, and drops anything else', () => {
    expect(parseLiveEvent('bets', '{"betsVersion":3}')).toEqual({ kind: 'bets', data: { betsVersion: 3 } })
    expect(parseLiveEvent('bets', 'not json')).toBeNull()
    expect(parseLiveEvent('bets', 'null')).toBeNull()
    expect(parseLiveEvent('bets', '3')).toBeNull()
  })
})

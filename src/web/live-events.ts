import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { BET_CHANGE_KEYS, KEYS } from './queries'
import type { Game, LiveEvent, LiveEventKind } from './types'

/**
 * What each event of GET /api/events (src/contract/events.ts) does to the TanStack Query cache.
 * Invalidation refetches the queries on screen and marks the rest stale, as a poll would have found them.
 */

/** Every kind the stream sends: a record, so a kind added to the contract fails to compile until listed. */
const KINDS: Record<LiveEventKind, true> = { game: true, position: true, bets: true, reset: true }
export const LIVE_EVENT_KINDS = Object.keys(KINDS) as LiveEventKind[]

/**
 * One SSE message as the EventSource hands it over. The data is the server's own JSON (no zod in the
 * bundle, web/types.ts); anything that is not a JSON object is dropped, never thrown.
 */
export function parseLiveEvent(kind: LiveEventKind, data: string): LiveEvent | null {
  try {
    const parsed: unknown = JSON.parse(data)
    return typeof parsed === 'object' && parsed !== null ? ({ kind, data: parsed } as LiveEvent) : null
  } catch {
    return null
  }
}

/** The cached lists that hold games: the games list, and the bet lists that embed each bet's game. */
const GAME_LISTS: readonly QueryKey[] = [KEYS.liveGames, KEYS.activeBets, KEYS.bets, KEYS.history]

/** The per-game answers a game's state or the user's bets on it feed. */
const PER_GAME: readonly QueryKey[] = [KEYS.grid, KEYS.liveProbability, KEYS.gameSuggestions]

/**
 * Events arriving within this long are applied together: a sync announces every game it changed at once,
 * and each list then changes once and each query on screen refetches once, not once per event.
 */
const BATCH_MS = 50

/** Applies one event; resolves once the batch it joined has been applied (the refetches on screen too). */
export type LiveEventApplier = (event: LiveEvent) => Promise<void>

/**
 * The tab's event handler on `client`. It remembers the newest bets version it refreshed for and skips an
 * older one (a resumed stream replaying). The same version again still refreshes: a sync that settles the
 * user's bets on a final game sends it without moving the version (settlement leaves bets_version alone).
 */
export function liveEventApplier(client: QueryClient, batchMs = BATCH_MS): LiveEventApplier {
  let betsVersion = Number.NEGATIVE_INFINITY
  let games = new Map<number, Game>()
  let stale: QueryKey[] | 'all' = []
  let flush: Promise<void> | null = null

  const apply = () => {
    const changed = [...games.values()]
    const keys = stale === 'all' ? 'all' : [...stale, ...applyGames(client, changed)]
    games = new Map()
    stale = []
    flush = null
    return client.invalidateQueries(
      keys === 'all'
        ? undefined
        : { predicate: (query) => keys.some((key) => startsWith(query.queryKey, key)) },
    )
  }
  const later = (keys: readonly QueryKey[] | 'all'): Promise<void> => {
    stale = keys === 'all' || stale === 'all' ? 'all' : [...stale, ...keys]
    flush ??= new Promise((resolve) => setTimeout(resolve, batchMs)).then(apply)
    return flush
  }

  return (event) => {
    switch (event.kind) {
      case 'game': {
        const { game } = event.data
        const known = games.get(game.id)
        if (!known || game.version > known.version) games.set(game.id, game)
        return later([])
      }
      case 'position':
        // The suggestions page, the bets' standings and the ticket tracker read every game the user holds.
        return later([
          ...perGame(event.data.gameId),
          KEYS.userSuggestions,
          KEYS.liveStatus,
          KEYS.ticketChances,
        ])
      case 'bets':
        if (event.data.betsVersion < betsVersion) return Promise.resolve()
        betsVersion = event.data.betsVersion
        return later(BET_CHANGE_KEYS)
      case 'reset':
        return later('all')
    }
  }
}

/**
 * Puts the games' new states into every cached list holding them (their bets stay: they are not the
 * game's); an older state never replaces a newer one (`version`). Answers what is stale now: what each
 * game's state feeds, and a games list that lacks one of them (it has just started, or was scheduled after
 * the list was read), since the server decides what the list holds.
 */
function applyGames(client: QueryClient, changed: readonly Game[]): QueryKey[] {
  if (changed.length === 0) return []
  const byId = new Map(changed.map((game) => [game.id, game]))
  for (const queryKey of GAME_LISTS) {
    for (const [key, data] of client.getQueriesData<unknown>({ queryKey })) {
      const next = Array.isArray(data) ? withGames(data, byId) : data
      if (next !== data) client.setQueryData(key, next)
    }
  }
  const stale = changed.flatMap((game) => perGame(game.id))
  const unlisted = client
    .getQueriesData<unknown>({ queryKey: KEYS.liveGames })
    .some(
      ([, data]) =>
        Array.isArray(data) &&
        changed.some((game) => !data.some((item) => isGame(item) && item.id === game.id)),
    )
  return unlisted ? [...stale, KEYS.liveGames] : stale
}

/**
 * `list` with each game of `games` in place of its older state, as a game or as a bet's game; `list` itself
 * when nothing in it changed.
 */
export function withGames<T>(list: readonly T[], games: ReadonlyMap<number, Game>): readonly T[] {
  let changed = false
  const next = list.map((item) => {
    if (isGame(item)) {
      const game = newer(games, item)
      if (game) {
        changed = true
        return { ...item, ...game }
      }
    } else if (hasGame(item)) {
      const game = newer(games, item.game)
      if (game) {
        changed = true
        return { ...item, game: { ...item.game, ...game } }
      }
    }
    return item
  })
  return changed ? next : list
}

/** The state in `games` of the cached game, when it is newer. */
function newer(games: ReadonlyMap<number, Game>, cached: Game): Game | null {
  const game = games.get(cached.id)
  return game && game.version > cached.version ? game : null
}

function isGame(item: unknown): item is Game {
  return typeof item === 'object' && item !== null && 'homeTeam' in item && 'version' in item
}

function hasGame(item: unknown): item is { game: Game } {
  return typeof item === 'object' && item !== null && 'game' in item && isGame(item.game)
}

function perGame(gameId: number): QueryKey[] {
  return PER_GAME.map((key) => [...key, gameId])
}

/** Query keys are API paths split at '/' (queries.ts): a key covers every key it begins. */
function startsWith(queryKey: QueryKey, prefix: QueryKey): boolean {
  return prefix.every((part, i) => queryKey[i] === part)
}

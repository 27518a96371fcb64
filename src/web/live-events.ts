import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { BET_CHANGE_KEYS, KEYS } from './queries'
import type { Game, LiveEvent, LiveEventKind } from './types'

/**
 * Issue 17: what each event of GET /api/events (src/contract/events.ts) does to the TanStack Query cache.
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

/** The per-game answers a game's state or the user's position on it feeds. */
const PER_GAME: readonly QueryKey[] = [KEYS.matrix, KEYS.liveProbability, KEYS.gameSuggestions]

/**
 * Events arriving within this long are applied as one invalidation: a sync announces every game it changed
 * at once, and each query they touch then refetches once, not once per event.
 */
const BATCH_MS = 50

/** Applies one event; resolves once the invalidation it joined has run (the refetches on screen too). */
export type LiveEventApplier = (event: LiveEvent) => Promise<void>

/**
 * The tab's event handler on `client`. It remembers the newest bets version it refreshed for, so an event
 * it has already acted on (a resumed stream repeating itself) refetches nothing.
 */
export function liveEventApplier(client: QueryClient, batchMs = BATCH_MS): LiveEventApplier {
  let betsVersion = Number.NEGATIVE_INFINITY
  let stale: QueryKey[] | 'all' = []
  let flush: Promise<void> | null = null

  const invalidate = (keys: readonly QueryKey[] | 'all'): Promise<void> => {
    stale = keys === 'all' || stale === 'all' ? 'all' : [...stale, ...keys]
    flush ??= new Promise((resolve) => setTimeout(resolve, batchMs)).then(() => {
      const batch = stale
      stale = []
      flush = null
      return client.invalidateQueries(
        batch === 'all'
          ? undefined
          : { predicate: (query) => batch.some((key) => startsWith(query.queryKey, key)) },
      )
    })
    return flush
  }

  return (event) => {
    switch (event.kind) {
      case 'game':
        return invalidate(applyGame(client, event.data.game))
      case 'position':
        // The suggestions page and the bets' standings read the position on every game.
        return invalidate([...perGame(event.data.gameId), KEYS.userSuggestions, KEYS.liveStatus])
      case 'bets':
        if (event.data.betsVersion <= betsVersion) return Promise.resolve()
        betsVersion = event.data.betsVersion
        return invalidate(BET_CHANGE_KEYS)
      case 'reset':
        return invalidate('all')
    }
  }
}

/**
 * Puts a game's new state into every cached list holding it (its bets stay: they are not the game's);
 * an older state never replaces a newer one (`version`). Answers what is stale now: what the game's state
 * feeds, and a games list that does not hold the game (it has just started, or was scheduled after the
 * list was read), since the server decides what the list holds.
 */
function applyGame(client: QueryClient, game: Game): QueryKey[] {
  for (const queryKey of GAME_LISTS) {
    for (const [key, data] of client.getQueriesData<unknown>({ queryKey })) {
      const next = Array.isArray(data) ? withGame(data, game) : data
      if (next !== data) client.setQueryData(key, next)
    }
  }
  const unlisted = client
    .getQueriesData<unknown>({ queryKey: KEYS.liveGames })
    .some(([, data]) => Array.isArray(data) && !data.some((item) => isGame(item) && item.id === game.id))
  return unlisted ? [...perGame(game.id), KEYS.liveGames] : perGame(game.id)
}

/** `list` with `game` in place of its older state, as a game or as a bet's game; `list` itself if unchanged. */
export function withGame<T>(list: readonly T[], game: Game): readonly T[] {
  let changed = false
  const next = list.map((item) => {
    if (isGame(item) && newer(game, item)) {
      changed = true
      return { ...item, ...game }
    }
    if (hasGame(item) && newer(game, item.game)) {
      changed = true
      return { ...item, game: { ...item.game, ...game } }
    }
    return item
  })
  return changed ? next : list
}

function newer(game: Game, cached: Game): boolean {
  return cached.id === game.id && game.version > cached.version
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

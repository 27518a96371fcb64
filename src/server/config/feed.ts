import { z } from 'zod'
import { int, url } from './fields'

/** Where games come from, how often they are synced, and the simulator's seed. */
export const feed = z
  .object({
    SPORTS_FEED: z
      .enum(['auto', 'espn', 'simulated'], 'SPORTS_FEED must be auto, espn or simulated')
      .default('auto')
      .describe(
        'where games come from (decision 018): `auto` uses ESPN when it answers and the built-in simulator when it does not (no network), `espn`, or `simulated`; `GET /api/games/feed` says which is in use',
      ),
    ESPN_BASE_URL: url('ESPN_BASE_URL', ['http:', 'https:'])
      .default('https://site.api.espn.com/apis/site/v2/sports')
      .describe(
        'the ESPN scoreboard API; any server answering `{base}/{sport}/{league}/scoreboard` will do (replays)',
      ),
    ESPN_TIMEOUT_MS: int('ESPN_TIMEOUT_MS', 100, 60_000).default(5000).describe('per-league request timeout'),
    FEED_SYNC_SECONDS: int('FEED_SYNC_SECONDS', 0, 86_400)
      .default(30)
      .describe(
        'background sync period while a game is live (hourly otherwise); `0` turns the background sync off',
      ),
    FEED_SEED: int('FEED_SEED', 0, 2 ** 31 - 1)
      .default(2026)
      .describe("the simulator's seed: the same seed and time give the same games"),
  })
  .transform((e) => ({
    /** Decision 018: auto (ESPN when reachable, else the simulator), espn or simulated. */
    source: e.SPORTS_FEED,
    espnBaseUrl: e.ESPN_BASE_URL,
    espnTimeoutMs: e.ESPN_TIMEOUT_MS,
    /** Background sync period while a game is live; 0 turns the background sync off. */
    syncSeconds: e.FEED_SYNC_SECONDS,
    seed: e.FEED_SEED,
  }))

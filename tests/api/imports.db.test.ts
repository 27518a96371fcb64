import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_SAVED_MAPPINGS } from '../../src/contract/imports'
import { addDays } from '../../src/domain/calendar'
import { csvHeader } from '../../src/domain/csv'
import { FIRST_FEED_DAY } from '../../src/domain/feed-days'
import type { FeedGame } from '../../src/domain/game'
import { DEFAULT_RATE_LIMITS } from '../../src/domain/limits'
import { formatCents } from '../../src/domain/money'
import { settle } from '../../src/domain/settlement'
import { simulatedScoreboard } from '../../src/server/feeds/simulator/simulator'
import { settleGame } from '../../src/server/games/settlement.service'
import { ASK_AGAIN_AFTER_MS, gameLookup } from '../../src/server/imports/game-lookup'
import { MAX_CANDIDATES, MAX_FETCHED_DAYS_PER_REQUEST } from '../../src/server/imports/import.service'
import { feedGame, storeGame } from './support/bets'
import { EspnReplay, fixture } from './support/espn-replay'
import { openEvents, type SseEvent } from './support/event-stream'
import { expectLegsInStep } from './support/legs'
import { type Client, signedIn, type TestApp, testApp } from './support/test-app'

/**
 * POST /api/bets/import. Bets of past days find their games, which the feed is asked for once
 * (the simulator here, a recorded ESPN scoreboard below); Grid's own export imports back to the same
 * history; re-importing adds nothing; bad, unmatched and ambiguous rows each come back with a reason.
 */
const NOW = '2026-11-23T18:00:00Z'
const DAY = '2026-11-20'

let t: TestApp
let client: Client
let addresses = 0
const newBettor = () => signedIn(t.app, {}, `10.1.0.${++addresses}`)

type Json = Record<string, unknown>
interface Answer {
  format: string
  imported: number
  unlinked: number
  duplicates: { row: number; reason: string }[]
  unmatched: {
    row: number
    reason: string
    kind: string
    games: { id: number; homeTeam: string }[]
    moreGames: number
  }[]
  failed: { row: number; reason: string }[]
}

function importText(as: Client, text: string, query = '', type = 'text/csv') {
  return as.request({
    method: 'POST',
    url: `/api/bets/import${query}`,
    payload: text,
    headers: { 'content-type': type },
  })
}

async function imported(as: Client, text: string, query = ''): Promise<Answer> {
  const response = await importText(as, text, query)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

const columns = (mapping: Json) => `?columns=${encodeURIComponent(JSON.stringify(mapping))}`

async function history(as: Client) {
  const response = await as.get('/api/bets/history')
  expect(response.statusCode).toBe(200)
  return response.json().bets as (Json & {
    id: number
    game: Json
    payout: string | null
    amount: string
    result: string | null
    conflict: Json | null
    placedAt: string
    sportsbook: string
  })[]
}

/** Decision 002: the P&L of settled bets, in cents. */
function profit(bets: Awaited<ReturnType<typeof history>>): number {
  return bets
    .filter((bet) => bet.result !== null)
    .reduce(
      (sum, bet) => sum + Math.round(Number(bet.payout) * 100) - Math.round(Number(bet.amount) * 100),
      0,
    )
}

let simulated: FeedGame[]
const game = (league: string, index = 0) => {
  const found = simulated.filter((g) => g.league === league && g.status === 'final')[index]
  if (!found) throw new Error(`no final ${league} game`)
  return found
}

beforeAll(async () => {
  t = await testApp({ server: { appNow: NOW } })
  await newBettor() // decision 013: the first account is the admin
  client = (await newBettor()).client
  simulated = simulatedScoreboard({
    seed: t.app.config.feed.seed,
    now: new Date(NOW),
    day: DAY,
    timeZone: 'America/New_York',
  })
})
afterAll(() => t.close())

const GENERIC_HEADER = 'Placed,League,Event,Market,Pick,Line,Price,Stake,Result,Book'

describe('a generic file through a column mapping', () => {
  const mapping = {
    date: 'Placed',
    league: 'League',
    event: 'Event',
    market: 'Market',
    selection: 'Pick',
    line: 'Line',
    odds: 'Price',
    stake: 'Stake',
    result: 'Result',
    sportsbook: 'Book',
  }
  let bettor: Client
  let firstFile = ''

  beforeAll(async () => {
    bettor = (await newBettor()).client
  })

  it('reads every column kind and odds format, finds past games by nickname, keeps the file results', async () => {
    const nba = game('NBA')
    const nfl = game('NFL')
    const nhl = game('NHL')
    const nickname = (name: string) => name.split(' ').at(-1) ?? name
    const file = [
      GENERIC_HEADER,
      // American odds, a settled result the file gives (kept, whatever the score says).
      `${DAY},NBA,${nickname(nba.awayTeam)} @ ${nickname(nba.homeTeam)},Moneyline,${nickname(nba.homeTeam)},,-150,$150.00,W,FanDuel`,
      // Decimal odds, the line in its own column, pending: settled from the final score.
      `11/20/2026,nfl,${nfl.awayTeam} at ${nfl.homeTeam},Spread,${nfl.awayTeam},+3.5,1.91,110,,DraftKings`,
      // Fractional odds, a total written 'Over' with its line, 'L'.
      `20.11.2026,NHL,${nhl.homeTeam} vs ${nhl.awayTeam},Total,Over,5.5,5/2,20,L,`,
      // A bad row: odds of neither kind.
      `${DAY},NBA,${nba.awayTeam} @ ${nba.homeTeam},Moneyline,${nba.homeTeam},,-90,10,,`,
    ].join('\r\n')
    firstFile = file
    const answer = await imported(bettor, file, columns(mapping))
    expect(answer).toMatchObject({
      format: 'mapped',
      imported: 3,
      unlinked: 0,
      duplicates: [],
      unmatched: [],
    })
    expect(answer.failed).toEqual([{ row: 5, reason: expect.stringMatching(/Odds '-90'/) }])

    const bets = await history(bettor)
    expect(bets).toHaveLength(3)
    const byType = (type: string) => bets.find((bet) => bet.betType === type)
    expect(byType('moneyline')).toMatchObject({
      selection: `${nba.homeTeam} ML`,
      odds: -150,
      amount: '150.00',
      result: 'won',
      payout: '250.00',
      sportsbook: 'FanDuel',
      betStatus: 'committed',
      game: { homeTeam: nba.homeTeam, awayTeam: nba.awayTeam, provider: 'simulated', status: 'final' },
    })
    const spreadBet = byType('spread')
    const expected = settle(
      {
        betType: 'spread',
        selection: `${nfl.awayTeam} +3.5`,
        spreadTeam: nfl.awayTeam,
        spreadPoints: 3.5,
        odds: -110,
        amount: 11_000,
      },
      { home: nfl.homeScore ?? 0, away: nfl.awayScore ?? 0 },
      { homeTeam: nfl.homeTeam, awayTeam: nfl.awayTeam, league: 'NFL' },
    )
    expect(spreadBet).toMatchObject({
      odds: -110,
      result: expected.result,
      payout: formatCents(expected.payout),
    })
    expect(byType('total')).toMatchObject({
      selection: 'Over 5.5',
      odds: 250,
      result: 'lost',
      payout: '0.00',
      sportsbook: 'Manual Entry',
    })
    expect(profit(bets)).toBe(10_000 + expected.net - 2_000)
  })

  it('adds nothing when the same file comes again', async () => {
    const before = (await history(bettor)).length
    const answer = await imported(bettor, firstFile, columns(mapping))
    expect(answer).toMatchObject({
      imported: 0,
      duplicates: [2, 3, 4].map((row) => ({ row, reason: 'Already imported' })),
    })
    expect(answer.failed).toHaveLength(1)
    expect(await history(bettor)).toHaveLength(before)
  })

  it('uses the mapping saved for the header, so the next file needs no step', async () => {
    const saved = await bettor.post('/api/bets/import/mappings', {
      header: GENERIC_HEADER.split(','),
      columns: mapping,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const list = await bettor.get('/api/bets/import/mappings')
    expect(list.json()).toEqual([expect.objectContaining({ id: saved.json().id, columns: mapping })])
    const nba = game('NBA', 1)
    const file = [
      GENERIC_HEADER,
      `${DAY},NBA,${nba.awayTeam} @ ${nba.homeTeam},Moneyline,${nba.awayTeam},,+120,10,L,`,
    ].join('\n')
    expect(await imported(bettor, file)).toMatchObject({ imported: 1 })
    expect(await imported(bettor, file, `?mapping=${saved.json().id}`)).toMatchObject({ imported: 0 })
    // Another user's mapping is not found (decision 010).
    expect((await importText(client, file, `?mapping=${saved.json().id}`)).statusCode).toBe(404)
  })

  it('lists rows matching no game with the day’s games, then imports them unlinked or fixed in place', async () => {
    const nba = game('NBA', 2)
    const file = [
      GENERIC_HEADER,
      `${DAY},NBA,Springfield Isotopes @ Shelbyville Sharks,Moneyline,Springfield Isotopes,,+200,25,W,`,
      // The right teams on the wrong day: fixed in place by choosing the game.
      `2026-11-18,NBA,${nba.awayTeam} @ ${nba.homeTeam},Moneyline,${nba.awayTeam},,+130,40,,`,
    ].join('\n')
    const answer = await imported(bettor, file, columns(mapping))
    expect(answer.imported).toBe(0)
    expect(answer.unmatched).toHaveLength(2)
    expect(answer.unmatched[0]).toMatchObject({
      row: 2,
      kind: 'none',
      reason: expect.stringMatching(/No game on this day/),
    })
    expect(answer.unmatched[0]?.games.length).toBeGreaterThan(0)

    const [, second = ''] = file.split('\n').slice(1)
    const stored = (await bettor.get('/api/bets/history')).json().bets as {
      game: { id: number; homeTeam: string }
    }[]
    const gameId = stored.find((bet) => bet.game.homeTeam === game('NBA').homeTeam)?.game.id
    expect(gameId).toBeDefined()
    // A chosen game must fit the row's teams: this one does not.
    const wrong = await imported(
      bettor,
      `${GENERIC_HEADER}\n${second}`,
      `${columns(mapping)}&gameId=${gameId}&offset=2`,
    )
    expect(wrong.failed).toEqual([{ row: 4, reason: expect.stringMatching(/is neither/) }])

    const before = await history(bettor)
    const unlinked = await imported(
      bettor,
      file.split('\n').slice(0, 2).join('\n'),
      `${columns(mapping)}&unlinked=true`,
    )
    expect(unlinked).toMatchObject({ imported: 1, unlinked: 1 })
    const after = await history(bettor)
    const offGrid = after.find((bet) => bet.selection === 'Springfield Isotopes ML')
    expect(offGrid).toMatchObject({
      result: 'won',
      payout: '75.00',
      game: { provider: 'unlinked', awayTeam: 'Springfield Isotopes', homeTeam: 'Shelbyville Sharks' },
    })
    // Kept in history and P&L, never on the games list or the grid's lists.
    expect(profit(after)).toBe(profit(before) + 5_000)
    const live = (await bettor.get('/api/games/live')).json() as { id: number }[]
    const offGridId = (offGrid?.game as { id: number } | undefined)?.id
    expect(offGridId).toBeDefined()
    expect(live.some((g) => g.id === offGridId)).toBe(false)
    // Off the grid: no outcome grid, probability, suggestions or new bet on its placeholder event.
    for (const path of ['outcome-matrix', 'live-probability', 'suggestions/game'])
      expect((await bettor.get(`/api/${path}/${offGridId}`)).statusCode).toBe(404)
    const onPlaceholder = await bettor.post('/api/bets', {
      gameId: offGridId,
      betType: 'moneyline',
      selection: 'Springfield Isotopes ML',
      odds: 100,
      amount: 5,
    })
    expect(onPlaceholder.statusCode).toBe(404)
  })

  it('says which rows fit several games (a doubleheader)', async () => {
    const first = await storeGame(t.app, {
      league: 'MLB',
      leagueAlias: 'mlb',
      homeTeam: 'Chicago Cubs',
      awayTeam: 'St. Louis Cardinals',
      status: 'final',
      homeScore: 3,
      awayScore: 2,
      startTime: new Date('2026-10-01T17:00:00Z'),
    })
    await storeGame(t.app, {
      league: 'MLB',
      leagueAlias: 'mlb',
      homeTeam: 'Chicago Cubs',
      awayTeam: 'St. Louis Cardinals',
      status: 'final',
      homeScore: 1,
      awayScore: 4,
      startTime: new Date('2026-10-01T23:00:00Z'),
    })
    const file = [GENERIC_HEADER, '2026-10-01,MLB,Cardinals @ Cubs,Moneyline,Cubs,,-120,12,,'].join('\n')
    const answer = await imported(bettor, file, columns(mapping))
    expect(answer.unmatched).toEqual([
      expect.objectContaining({ row: 2, kind: 'ambiguous', reason: expect.stringMatching(/2 games/) }),
    ])
    // Fixed in place on the first game: pending, then settled from its final score.
    const fixed = await imported(bettor, file, `${columns(mapping)}&gameId=${first.id}`)
    expect(fixed.imported).toBe(1)
    const bet = (await history(bettor)).find((b) => (b.game as { id: number }).id === first.id)
    expect(bet).toMatchObject({ result: 'won', payout: '22.00' })
  })
})

describe("Grid's own export", () => {
  it('imports back into a new account: the same history and P&L', async () => {
    const source = (await newBettor()).client
    const nba = game('NBA', 3)
    const nfl = game('NFL', 1)
    const file = [
      'Date,Event,Type,Selection,Odds,Stake,Result',
      `${DAY},${nba.awayTeam} @ ${nba.homeTeam},Spread,${nba.homeTeam} -4.5,-110,55,`,
      `${DAY},${nfl.awayTeam} @ ${nfl.homeTeam},Total,Under 44.5,+105,20,push`,
      `${DAY},${nfl.awayTeam} @ ${nfl.homeTeam},Moneyline,${nfl.awayTeam},-130,65,`,
      `${DAY},Nowhere @ Anywhere,Moneyline,Nowhere,+300,5,L`,
    ].join('\n')
    const seeded = await imported(
      source,
      file,
      `${columns({ date: 'Date', event: 'Event', market: 'Type', selection: 'Selection', odds: 'Odds', stake: 'Stake', result: 'Result' })}&unlinked=true`,
    )
    expect(seeded).toMatchObject({ imported: 4, unlinked: 1 })
    // A tentative bet on today's game.
    const sync = await source.post('/api/games/sync-espn', {})
    expect([200, 404]).toContain(sync.statusCode)
    const today = simulatedScoreboard({
      seed: t.app.config.feed.seed,
      now: new Date(NOW),
      day: '2026-11-23',
      timeZone: 'America/New_York',
    })
    const upcoming = today.find((g) => g.status === 'scheduled')
    if (!upcoming) throw new Error('no scheduled game today')
    const [stored] = await t.app.repos.games.upsert([upcoming])
    const placed = await source.post('/api/bets', {
      gameId: stored?.id,
      betType: 'total',
      overUnder: 'over',
      totalPoints: 10.5,
      odds: -105,
      amount: 21,
    })
    expect(placed.statusCode, placed.body).toBe(201)

    const exported = await source.get('/api/bets/export/csv')
    expect(exported.statusCode).toBe(200)
    const target = (await newBettor()).client
    const answer = await imported(target, exported.body, '?unlinked=true')
    expect(answer).toMatchObject({ format: 'grid', imported: 5, unlinked: 1, failed: [], unmatched: [] })

    const view = (bets: Awaited<ReturnType<typeof history>>) =>
      bets
        .map((bet) => ({
          selection: bet.selection,
          betType: bet.betType,
          odds: bet.odds,
          amount: bet.amount,
          payout: bet.payout,
          result: bet.result,
          betStatus: bet.betStatus,
          teams: `${bet.game.awayTeam} @ ${bet.game.homeTeam}`,
          provider: bet.game.provider,
        }))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
    const original = await history(source)
    const copy = await history(target)
    expect(view(copy)).toEqual(view(original))
    expect(profit(copy)).toBe(profit(original))
    // The copy's export is the original's, row for row.
    const again = await target.get('/api/bets/export/csv')
    const sorted = (csv: string) => csv.trim().split('\r\n').sort()
    expect(sorted(again.body)).toEqual(sorted(exported.body))
    // And importing the export once more adds nothing.
    expect(await imported(target, exported.body, '?unlinked=true')).toMatchObject({ imported: 0 })
    expect(csvHeader().startsWith('Date,Game')).toBe(true)
  })
})

describe('refusals', () => {
  it('refuses a file it cannot read, an unmapped file, a bad mapping, and too much', async () => {
    const unmapped = await importText(client, 'A,B\n1,2')
    expect(unmapped.statusCode).toBe(400)
    expect(unmapped.json()).toMatchObject({ field: 'columns' })
    const missing = await importText(client, 'A,B\n1,2', columns({ date: 'A', odds: 'Nope' }))
    expect(missing.json()).toMatchObject({ field: 'columns.odds' })
    expect((await importText(client, 'A,B\n1,2', '?columns=notjson')).json()).toMatchObject({
      field: 'columns',
    })
    const open = await importText(client, 'A,B\n"1,2', columns({ date: 'A' }))
    expect(open.json()).toMatchObject({ field: 'file' })
    const rows = `${GENERIC_HEADER}\n${'x\n'.repeat(10_001)}`
    expect((await importText(client, rows, columns({ date: 'Placed' }))).statusCode).toBe(413)
    const huge = await importText(client, 'x'.repeat(6 * 1_048_576))
    expect(huge.statusCode).toBe(413)
    expect((await importText(client, 'A\n1', '?offset=-1')).json()).toMatchObject({ field: 'offset' })
  })

  it('writes nothing of a batch that would pass the account’s bet cap', async () => {
    const small = await testApp({ server: { appNow: NOW }, limits: { maxBetsPerUser: 1 } })
    try {
      const { client: bettor } = await signedIn(small.app)
      const nba = game('NBA')
      const row = (odds: string) =>
        `${DAY},NBA,${nba.awayTeam} @ ${nba.homeTeam},Moneyline,${nba.homeTeam},,${odds},10,,`
      const response = await bettor.request({
        method: 'POST',
        url: `/api/bets/import${columns({ date: 'Placed', league: 'League', event: 'Event', market: 'Market', selection: 'Pick', line: 'Line', odds: 'Price', stake: 'Stake' })}`,
        payload: [GENERIC_HEADER, row('-110'), row('-120')].join('\n'),
        headers: { 'content-type': 'text/csv' },
      })
      expect(response.statusCode).toBe(409)
      expect((await bettor.get('/api/bets/history')).json().bets).toEqual([])
    } finally {
      await small.close()
    }
  })
})

describe("a past day's games from a recorded ESPN scoreboard", () => {
  let espn: EspnReplay
  let app: TestApp
  let bettor: Client

  beforeAll(async () => {
    espn = await new EspnReplay()
      .set('eng.1', { status: 200, body: fixture('soccer-all-scoreboard-2026-03-21-final.json') })
      .start()
    app = await testApp({
      feed: { source: 'espn', espnBaseUrl: espn.url, espnTimeoutMs: 3_000 },
      server: { appNow: '2026-03-25T18:00:00Z' },
    })
    bettor = (await signedIn(app.app)).client
  })
  afterAll(async () => {
    await app.close()
    await espn.stop()
  })

  it("asks for that day once, stores its games and settles the file's pending bets from the final score", async () => {
    const header = 'Date,League,Event,Bet Type,Selection,Odds,Stake'
    const mapping = {
      date: 'Date',
      league: 'League',
      event: 'Event',
      market: 'Bet Type',
      selection: 'Selection',
      odds: 'Odds',
      stake: 'Stake',
    }
    const file = [
      header,
      '2026-03-21,Premier League,Liverpool @ Brighton,Moneyline,Liverpool,+150,10',
      '2026-03-21,EPL,Leeds v Brentford,1X2,Draw,2.9,10',
    ].join('\n')
    const response = await bettor.request({
      method: 'POST',
      url: `/api/bets/import${columns(mapping)}`,
      payload: file,
      headers: { 'content-type': 'text/csv' },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ imported: 2, failed: [], unmatched: [] })
    expect(espn.requests).toContain('/apis/site/v2/sports/soccer/eng.1/scoreboard?dates=20260321')
    const asked = espn.requests.length
    const bets = (await bettor.get('/api/bets/history')).json().bets as Json[]
    const liverpool = bets.find((bet) => bet.selection === 'Liverpool ML')
    expect(liverpool).toMatchObject({
      result: 'lost',
      payout: '0.00',
      game: { homeTeam: 'Brighton & Hove Albion', homeScore: 2, awayScore: 1, status: 'final' },
    })
    expect(bets.find((bet) => bet.selection === 'Draw')).toMatchObject({
      result: 'won',
      odds: 190,
      payout: '29.00',
    })

    // The same day again: no new request to ESPN.
    const again = await bettor.request({
      method: 'POST',
      url: `/api/bets/import${columns(mapping)}`,
      payload: `${header}\n2026-03-21,EPL,Everton v Chelsea,Moneyline,Chelsea,+200,5`,
      headers: { 'content-type': 'text/csv' },
    })
    expect(again.json()).toMatchObject({ imported: 1 })
    expect(espn.requests).toHaveLength(asked)
  })
})

/**
 * Decision 049: one import request must not be able to fill the disk or flood every live stream. The feed is
 * asked only for days it can hold, each day at most once a while (whoever asks), a bounded number of new
 * days per request and per user an hour; the past games it stores are not broadcast; the answer stays small.
 */
describe('what one import may cost', () => {
  const header = 'Date,League,Event,Bet Type,Selection,Odds,Stake'
  const mapping = columns({
    date: 'Date',
    league: 'League',
    event: 'Event',
    market: 'Bet Type',
    selection: 'Selection',
    odds: 'Odds',
    stake: 'Stake',
  })
  const row = (day: string) => `${day},NBA,Celtics @ Lakers,Moneyline,Lakers,-110,10`
  const fileOf = (days: string[]) => [header, ...days.map(row)].join('\n')
  const askedDays = (replay: EspnReplay) =>
    new Set(replay.requests.map((url) => /dates=(\d{8})/.exec(url)?.[1]).filter(Boolean))
  let espn: EspnReplay
  let app: TestApp

  /** A bettor on the feed's own zone, so that each of their days is one feed day. */
  async function eastern(on: TestApp) {
    const { client: bettor } = await signedIn(on.app)
    expect((await bettor.patch('/api/user/timezone', { timezone: 'America/New_York' })).statusCode).toBe(200)
    return bettor
  }

  beforeAll(async () => {
    espn = await new EspnReplay().start()
    app = await testApp({
      feed: { source: 'espn', espnBaseUrl: espn.url, espnTimeoutMs: 3_000 },
      server: { appNow: '2026-03-25T18:00:00Z' },
    })
  })
  afterAll(async () => {
    await app.close()
    await espn.stop()
  })

  it('never asks the feed for a day before its history or far ahead: the row is unmatched and says why', async () => {
    const bettor = await eastern(app)
    const before = espn.requests.length
    const answer = await imported(
      bettor,
      fileOf(['1905-06-01', addDays(FIRST_FEED_DAY, -1), '2190-01-01', '2026-04-02']),
      mapping,
    )
    expect(answer.imported).toBe(0)
    expect(answer.unmatched).toEqual([
      expect.objectContaining({
        row: 2,
        reason: `Games before ${FIRST_FEED_DAY} are not in the feed`,
        games: [],
      }),
      expect.objectContaining({
        row: 3,
        reason: `Games before ${FIRST_FEED_DAY} are not in the feed`,
        games: [],
      }),
      expect.objectContaining({ row: 4, reason: expect.stringMatching(/not in the feed yet/), games: [] }),
      expect.objectContaining({ row: 5, reason: expect.stringMatching(/not in the feed yet/), games: [] }),
    ])
    expect(espn.requests.slice(before)).toEqual([])
    // Imported as unlinked bets, they still cost no fetch.
    const unlinked = await imported(bettor, fileOf(['1905-06-01', '2190-01-01']), `${mapping}&unlinked=true`)
    expect(unlinked).toMatchObject({ imported: 2, unlinked: 2 })
    expect(espn.requests.slice(before)).toEqual([])
  })

  it('asks for a day once a while, whether or not it had games, whichever instance asks', async () => {
    const bettor = await eastern(app)
    const day = '2025-12-03'
    await imported(bettor, fileOf([day]), mapping)
    expect(askedDays(espn)).toContain('20251203')
    // Another instance on the same database: the day is not asked again, though it had no games.
    let now = new Date('2026-03-25T19:00:00Z')
    const asked: string[] = []
    const other = gameLookup({
      db: app.app.db,
      feed: {
        provider: 'espn',
        games: async (feedDay) => {
          asked.push(feedDay)
          return { games: [], failures: [] }
        },
      },
      games: app.app.repos.games,
      clock: () => now,
      log: app.app.log,
    })
    await other.ensureDay(day)
    expect(asked).toEqual([])
    now = new Date(now.getTime() + ASK_AGAIN_AFTER_MS)
    await other.ensureDay(day)
    expect(asked).toEqual([day])
  })

  it(`reads at most ${MAX_FETCHED_DAYS_PER_REQUEST} new days per request: the rows of the others say to send them again`, async () => {
    const bettor = await eastern(app)
    const days = Array.from({ length: MAX_FETCHED_DAYS_PER_REQUEST + 4 }, (_, i) => addDays('2025-10-01', i))
    const before = askedDays(espn).size
    const answer = await imported(bettor, fileOf(days), mapping)
    expect(askedDays(espn).size - before).toBe(MAX_FETCHED_DAYS_PER_REQUEST)
    const later = answer.unmatched.filter((note) => /send this row again/.test(note.reason))
    expect(later.map((note) => note.row)).toEqual([33, 34, 35, 36])
    // The next request reads them.
    const again = await imported(bettor, fileOf(days.slice(-4)), mapping)
    expect(again.unmatched.filter((note) => /send this row again/.test(note.reason))).toEqual([])
    expect(askedDays(espn).size - before).toBe(MAX_FETCHED_DAYS_PER_REQUEST + 4)
  })

  it('reads a bounded number of new days per user an hour, counted across requests', async () => {
    const hourly = await testApp(
      {
        feed: { source: 'espn', espnBaseUrl: espn.url, espnTimeoutMs: 3_000 },
        server: { appNow: '2026-03-25T18:00:00Z' },
      },
      {
        policies: {
          rateLimits: { ...DEFAULT_RATE_LIMITS, importDaysPerUser: { limit: 3, windowSeconds: 3600 } },
        },
      },
    )
    try {
      const bettor = await eastern(hourly)
      const first = await imported(bettor, fileOf(['2025-09-01', '2025-09-02']), mapping)
      expect(first.unmatched.map((note) => note.reason)).not.toContainEqual(
        expect.stringMatching(/this hour/),
      )
      const second = await imported(bettor, fileOf(['2025-09-03', '2025-09-04', '2025-09-05']), mapping)
      expect(second.unmatched.map((note) => [note.row, note.reason])).toEqual([
        [2, expect.stringMatching(/No game/)],
        [3, 'You had 3 new days of games read this hour: import this row again later'],
        [4, 'You had 3 new days of games read this hour: import this row again later'],
      ])
      // Another user has their own hour.
      const other = await eastern(hourly)
      const theirs = await imported(other, fileOf(['2025-09-04']), mapping)
      expect(theirs.unmatched.map((note) => note.reason)).not.toContainEqual(
        expect.stringMatching(/this hour/),
      )
    } finally {
      await hourly.close()
    }
  })

  it('lists a handful of candidate games with an unmatched row, the closest first, and counts the rest', async () => {
    expect(simulated.length).toBeGreaterThan(MAX_CANDIDATES)
    // The day's last game: the first few by start time would not hold it.
    const [late] = [...simulated].sort((a, b) => b.startTime.getTime() - a.startTime.getTime())
    if (!late) throw new Error('no game on the day')
    const answer = await imported(
      client,
      `${GENERIC_HEADER}\n${DAY},,${late.awayTeam} @ Shelbyville Sharks,Moneyline,${late.awayTeam},,+200,25,,`,
      columns({
        date: 'Placed',
        league: 'League',
        event: 'Event',
        market: 'Market',
        selection: 'Pick',
        odds: 'Price',
        stake: 'Stake',
      }),
    )
    const [note] = answer.unmatched
    expect(note?.games).toHaveLength(MAX_CANDIDATES)
    expect(note?.games[0]?.homeTeam).toBe(late.homeTeam)
    expect(note?.moreGames).toBeGreaterThan(0)
  })

  it("stores a past day's games without sending them to every live stream", async () => {
    const live = await testApp({ server: { appNow: NOW } })
    try {
      await live.app.listen({ port: 0, host: '127.0.0.1' })
      const importer = (await signedIn(live.app)).client
      const watcher = (await signedIn(live.app)).client
      const events = await openEvents(live.app, watcher)
      try {
        const past = simulatedScoreboard({
          seed: live.app.config.feed.seed,
          now: new Date(NOW),
          day: '2026-11-10',
          timeZone: 'America/New_York',
        }).find((g) => g.league === 'NBA')
        if (!past) throw new Error('no NBA game on 2026-11-10')
        const file = `${header}\n2026-11-10,NBA,${past.awayTeam} @ ${past.homeTeam},Moneyline,${past.homeTeam},-110,10`
        expect(await imported(importer, file, mapping)).toMatchObject({ imported: 1 })
        // The watcher's own change comes after the import's: once it arrives, any game event would have.
        await imported(watcher, fileOf(['1905-06-01']), `${mapping}&unlinked=true`)
        await events.next((event: SseEvent) => event.event === 'bets')
        expect(events.events.filter((event) => event.event === 'game')).toEqual([])
      } finally {
        events.close()
      }
    } finally {
      await live.close()
    }
  })
})

describe('saved mappings', () => {
  it('saves the mapping of a wide header and finds it again', async () => {
    const bettor = (await newBettor()).client
    // 14 names of 192 random-looking characters: PostgreSQL cannot compress them into one index entry.
    const wide = Array.from({ length: 14 }, (_, i) =>
      [1, 2, 3].map((part) => createHash('sha256').update(`${i}.${part}`).digest('hex')).join(''),
    )
    const saved = await bettor.post('/api/bets/import/mappings', {
      header: wide,
      columns: { date: wide[0], event: wide[1], selection: wide[2], odds: wide[3], stake: wide[4] },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const file = `${wide.join(',')}\n${DAY},Springfield @ Shelbyville,Shelbyville ML,-110,10`
    const answer = await imported(bettor, file)
    expect(answer.unmatched).toHaveLength(1)
  })

  it(`keeps a user's ${MAX_SAVED_MAPPINGS} most recently saved, listed a page at a time`, async () => {
    const bettor = (await newBettor()).client
    const save = async (name: string) => {
      const response = await bettor.post('/api/bets/import/mappings', {
        header: [name, 'Odds'],
        columns: { date: name, odds: 'Odds' },
      })
      expect(response.statusCode).toBe(200)
      return response.json() as { id: number }
    }
    for (let i = 0; i < MAX_SAVED_MAPPINGS + 1; i++) await save(`Date ${i}`)
    // Saving the first again makes it the most recent: the second is the one forgotten, twice over.
    await save('Date 0')
    await save('Date extra')
    const all = (await bettor.get('/api/bets/import/mappings')).json() as { id: number; header: string[] }[]
    expect(all).toHaveLength(MAX_SAVED_MAPPINGS)
    const names = all.map((m) => m.header[0])
    expect(names).toContain('Date 0')
    expect(names).toContain('Date extra')
    expect(names).not.toContain('Date 1')
    expect(names).not.toContain('Date 2')
    const first = (await bettor.get('/api/bets/import/mappings?limit=20')).json() as { id: number }[]
    expect(first).toEqual(all.slice(0, 20))
    const next = await bettor.get(`/api/bets/import/mappings?limit=20&after=${first.at(-1)?.id}`)
    expect(next.json()).toEqual(all.slice(20, 40))
    for (const query of ['limit=0', 'limit=51', 'after=x'])
      expect((await bettor.get(`/api/bets/import/mappings?${query}`)).json()).toMatchObject({
        field: query.split('=')[0],
      })
  })
})

/**
 * A file's result that the final score contradicts is kept and shown as a conflict until the
 * bettor chooses (decision 027); imported bets keep the file's placed time and sportsbook, through Grid's export too.
 */
describe('the file and the score', () => {
  const mapping = {
    date: 'Date',
    event: 'Event',
    selection: 'Selection',
    odds: 'Odds',
    stake: 'Stake',
    result: 'Result',
    sportsbook: 'Book',
    placed: 'Placed',
  }
  const header = 'Date,Event,Selection,Odds,Stake,Result,Book,Placed'
  const sfAtLv = { homeTeam: 'Las Vegas Raiders', awayTeam: 'San Francisco 49ers' }
  const row = (selection: string, result: string, placed = '') =>
    `${DAY},49ers @ Raiders,${selection},+125,40,${result},DraftKings,${placed}`

  async function summary(as: Client) {
    const response = await as.get('/api/bets/history')
    expect(response.statusCode).toBe(200)
    return response.json().summary as Json
  }

  it('keeps the file’s word, shows the conflict and counts it until the bettor chooses', async () => {
    const bettor = (await newBettor()).client
    const final = await storeGame(t.app, { ...sfAtLv, status: 'final', homeScore: 24, awayScore: 10 })
    const file = [header, row('49ers ML', 'Win'), row('Raiders ML', 'L'), row('Raiders ML', 'W')].join('\n')
    expect(await imported(bettor, file, `${columns(mapping)}&gameId=${final.id}`)).toMatchObject({
      imported: 3,
    })
    const bets = await history(bettor)
    const niners = bets.find((bet) => bet.selection === 'San Francisco 49ers ML')
    expect(niners).toMatchObject({
      result: 'won',
      payout: '90.00',
      conflict: { fileResult: 'won', scoreResult: 'lost' },
    })
    const raiders = bets.filter((bet) => bet.selection === 'Las Vegas Raiders ML')
    expect(raiders.map((bet) => [bet.result, bet.conflict]).sort()).toEqual([
      ['lost', { fileResult: 'lost', scoreResult: 'won' }],
      ['won', null],
    ])
    expect(await summary(bettor)).toMatchObject({ openConflicts: 2, won: 2, lost: 1 })

    const chosen = await bettor.post(`/api/bets/${niners?.id}/resolve-conflict`, { result: 'score' })
    expect(chosen.statusCode, chosen.body).toBe(200)
    expect(chosen.json()).toMatchObject({ result: 'lost', payout: '0.00', conflict: null })
    const lostRaiders = raiders.find((bet) => bet.result === 'lost')
    const kept = await bettor.post(`/api/bets/${lostRaiders?.id}/resolve-conflict`, { result: 'file' })
    expect(kept.json()).toMatchObject({ result: 'lost', payout: '0.00', conflict: null })
    expect(await summary(bettor)).toMatchObject({ openConflicts: 0, won: 1, lost: 2 })

    // A choice is made once; the score settling the game again changes neither choice.
    const again = await bettor.post(`/api/bets/${niners?.id}/resolve-conflict`, { result: 'file' })
    expect(again.statusCode).toBe(409)
    await t.app.db.transaction((tx) => settleGame(tx, final, new Date(NOW), t.app.log))
    expect(await summary(bettor)).toMatchObject({ openConflicts: 0, won: 1, lost: 2 })
    const bad = await bettor.post(`/api/bets/${niners?.id}/resolve-conflict`, { result: 'mine' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/result/)
    const other = await client.post(`/api/bets/${niners?.id}/resolve-conflict`, { result: 'score' })
    expect(other.statusCode).toBe(404)
  })

  it('records the conflict when the game ends after the import, without changing the file’s result', async () => {
    const bettor = (await newBettor()).client
    const later = feedGame({ ...sfAtLv, startTime: new Date('2026-11-24T01:15:00Z') })
    const [scheduled] = await t.app.repos.games.upsert([later])
    expect(
      await imported(
        bettor,
        [header, row('49ers ML', 'W')].join('\n'),
        `${columns(mapping)}&gameId=${scheduled?.id}`,
      ),
    ).toMatchObject({ imported: 1 })
    expect((await history(bettor))[0]).toMatchObject({ result: 'won', conflict: null })
    const [final] = await t.app.repos.games.upsert([
      { ...later, status: 'final', homeScore: 24, awayScore: 10, gameTime: 'Final' },
    ])
    if (!final) throw new Error('game not stored')
    await t.app.db.transaction((tx) => settleGame(tx, final, new Date(NOW), t.app.log))
    expect((await history(bettor))[0]).toMatchObject({
      result: 'won',
      payout: '90.00',
      conflict: { fileResult: 'won', scoreResult: 'lost' },
    })
  })

  it('keeps the file’s placed time and sportsbook, and Grid’s export carries both back', async () => {
    const source = (await newBettor()).client
    const final = await storeGame(t.app, {
      ...sfAtLv,
      status: 'final',
      homeScore: 24,
      awayScore: 10,
      startTime: new Date(`${DAY}T23:00:00Z`),
    })
    const file = [
      header,
      row('49ers ML', 'L', '2026-11-20T16:05:00Z'),
      // A wall time is the bettor's zone's (America/Chicago by default).
      row('Raiders ML', 'W', '2026-11-20 9:30 AM'),
      row('Raiders ML', 'W'),
    ].join('\n')
    expect(await imported(source, file, `${columns(mapping)}&gameId=${final.id}`)).toMatchObject({
      imported: 3,
    })
    const placed = (await history(source)).map((bet) => [bet.placedAt, bet.sportsbook]).sort()
    expect(placed).toEqual([
      ['2026-11-20T15:30:00.000Z', 'DraftKings'],
      ['2026-11-20T16:05:00.000Z', 'DraftKings'],
      [final.startTime.toISOString(), 'DraftKings'],
    ])

    const exported = await source.get('/api/bets/export/csv')
    expect(exported.body.split('\r\n')[0]).toMatch(/,Sportsbook,Placed$/)
    const target = (await newBettor()).client
    const back = await imported(target, exported.body, `?gameId=${final.id}`)
    expect(back).toMatchObject({ format: 'grid', imported: 3, failed: [] })
    expect((await history(target)).map((bet) => [bet.placedAt, bet.sportsbook]).sort()).toEqual(placed)
  })
})

describe('the legs (decision 061)', () => {
  it('holds, after every bet this file imported and settled, one leg per bet equal to it', async () => {
    expect(await expectLegsInStep(t.app.db)).toBeGreaterThan(0)
  })
})

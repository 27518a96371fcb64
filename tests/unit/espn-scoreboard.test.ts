import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { FeedGame } from '../../src/domain/game'
import { LEAGUES, leagueCode } from '../../src/domain/leagues'
import {
  leagueSlugs,
  type ParsedScoreboard,
  parseScoreboard,
} from '../../src/server/feeds/espn/espn-scoreboard'

// Real ESPN responses, described file by file in SOURCES.md there.
const FIXTURES = resolve(import.meta.dirname, '../fixtures/espn')
const MLB = 'mlb-scoreboard-2022-09-17-live-odds.json'
const NFL = 'nfl-scoreboard-2022-wk1-live.json'
const NHL = 'nhl-scoreboard-2022-09-25-live.json'
const MLS = 'usa1-mls-scoreboard-2022-09-17-live.json'
const SOCCER_ALL = 'soccer-all-scoreboard-2026-03-21-final.json'
const NBA = 'nba-scoreboard-2026-05-02-live.json'
// Not one response: events of many scoreboards under an MLB header, for per-event shapes only.
const MIXED = 'multisport-mixed-teamtracker-all.json'

type Json = Record<string, unknown>

function obj(value: unknown): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object')
  return value as Json
}

function arr(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new Error('not an array')
  return value
}

const loaded = new Map<string, Json>()

function load(file: string): Json {
  const cached = loaded.get(file)
  if (cached) return cached
  const json = obj(JSON.parse(readFileSync(resolve(FIXTURES, file), 'utf8')))
  loaded.set(file, json)
  return json
}

/** A deep copy of one recorded event, free to edit. */
function recorded(file: string, id: string): Json {
  const found = arr(load(file).events)
    .map(obj)
    .find((event) => event.id === id)
  if (!found) throw new Error(`${file} has no event ${id}`)
  return structuredClone(found)
}

const competition = (event: Json) => obj(arr(event.competitions)[0])
const competitors = (event: Json) => arr(competition(event).competitors).map(obj)
const team = (event: Json, side: 'home' | 'away') => {
  const found = competitors(event).find((c) => c.homeAway === side)
  if (!found) throw new Error(`no ${side} competitor`)
  return obj(found.team)
}

/** ESPN repeats the status on the event and on its competition; edit both alike. */
function setStatus(event: Json, type: Json, period?: number): void {
  for (const holder of [event, competition(event)]) {
    const status = obj(holder.status)
    status.type = { ...obj(status.type), ...type }
    if (period !== undefined) status.period = period
  }
}

function gameById(result: ParsedScoreboard, id: string): FeedGame {
  const found = result.games.find((game) => game.providerId === id)
  if (!found) throw new Error(`no game ${id}; skipped: ${JSON.stringify(result.skipped)}`)
  return found
}

/** Parses recorded events as a response of their own and returns the one game. */
function parseOne(event: Json, alias: string): FeedGame {
  const result = parseScoreboard({ events: [event] }, alias)
  expect(result.skipped).toEqual([])
  return gameById(result, String(event.id))
}

const fromFile = (file: string, alias: string) => parseScoreboard(load(file), alias)
const countBy = <T>(items: T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((counts, item) => {
    counts[key(item)] = (counts[key(item)] ?? 0) + 1
    return counts
  }, {})

describe('the score by period (decision 070)', () => {
  const FILES = [
    [MLB, 'mlb'],
    [NFL, 'nfl'],
    [NHL, 'nhl'],
    [MLS, 'usa.1'],
    [SOCCER_ALL, 'all'],
    [NBA, 'nba'],
    [MIXED, 'mlb'],
  ] as const
  const total = (game: FeedGame, side: 'homeScore' | 'awayScore') =>
    game.periods.reduce((sum, period) => sum + (period[side] ?? 0), 0)

  it.each(FILES)(
    "adds up to the score in every started game of %s, and a final's periods are all there",
    (file, alias) => {
      for (const game of fromFile(file, alias).games) {
        if (game.homeScore === null) {
          expect(game.periods, game.providerId).toEqual([])
          continue
        }
        // Tennis keeps none; the others keep them, a final always.
        if (LEAGUES[game.league].sport === 'tennis') continue
        if (game.status === 'final') expect(game.periods.length, game.providerId).toBeGreaterThan(0)
        if (game.periods.length === 0) continue
        expect([total(game, 'homeScore'), total(game, 'awayScore')], game.providerId).toEqual([
          game.homeScore,
          game.awayScore,
        ])
      }
    },
  )

  it("reads CBJ@PIT's overtime goal as its own period", () => {
    expect(gameById(fromFile(NHL, 'nhl'), '401461562').periods).toEqual([
      { period: 'P1', homeScore: 0, awayScore: 0 },
      { period: 'P2', homeScore: 1, awayScore: 2 },
      { period: 'P3', homeScore: 1, awayScore: 0 },
      { period: 'OT', homeScore: 1, awayScore: 0 },
    ])
  })

  it("names the period after overtime of a game ESPN calls 'Final/SO' the shoot-out", () => {
    const event = recorded(NHL, '401461562')
    setStatus(event, { detail: 'Final/SO', shortDetail: 'Final/SO' }, 5)
    for (const side of arr(competition(event).competitors).map(obj)) {
      side.linescores = [...arr(side.linescores), { value: side.homeAway === 'home' ? 1 : 0 }]
    }
    expect(parseOne(event, 'nhl').periods.map((period) => period.period)).toEqual([
      'P1',
      'P2',
      'P3',
      'OT',
      'SO',
    ])
  })

  it("leaves a soccer match's halves unknown while its goal details lag its score", () => {
    const event = recorded(SOCCER_ALL, '740898')
    const details = arr(competition(event).details).map(obj)
    competition(event).details = details.filter((detail) => obj(detail.clock).displayValue !== "56'")
    const game = parseOne(event, 'eng.1')
    expect(game).toMatchObject({ homeScore: 2, awayScore: 1, periods: [] })
  })

  it('keeps none before the start', () => {
    const event = recorded(SOCCER_ALL, '740898')
    setStatus(event, { name: 'STATUS_SCHEDULED', state: 'pre', completed: false })
    expect(parseOne(event, 'eng.1').periods).toEqual([])
  })
})

describe('leagueSlugs', () => {
  it('lists the ESPN path of the 14 followed leagues, each folding to a display code', () => {
    expect(leagueSlugs).toEqual([
      { sport: 'baseball', league: 'mlb' },
      { sport: 'football', league: 'nfl' },
      { sport: 'basketball', league: 'nba' },
      { sport: 'hockey', league: 'nhl' },
      { sport: 'football', league: 'college-football' },
      { sport: 'basketball', league: 'mens-college-basketball' },
      { sport: 'soccer', league: 'usa.1' },
      { sport: 'soccer', league: 'eng.1' },
      { sport: 'soccer', league: 'esp.1' },
      { sport: 'soccer', league: 'ger.1' },
      { sport: 'soccer', league: 'ita.1' },
      { sport: 'soccer', league: 'fra.1' },
      { sport: 'soccer', league: 'uefa.champions' },
      { sport: 'soccer', league: 'uefa.europa' },
    ])
    const codes = leagueSlugs.map(({ league }) => leagueCode(league))
    expect(codes).not.toContain(null)
    expect(new Set(codes).size).toBe(14)
  })
})

describe('every recorded event parses or is skipped with a reason', () => {
  it.each([
    [MLB, 'mlb', 17, 0],
    [NFL, 'nfl', 16, 0],
    [NHL, 'nhl', 10, 0],
    [MLS, 'usa.1', 11, 0],
    [SOCCER_ALL, 'all', 39, 11],
    [NBA, 'nba', 1, 0],
    [MIXED, 'mlb', 18, 14],
  ])('%s as %s: %i games, %i skipped', (file, alias, games, skipped) => {
    const result = fromFile(file, alias)
    expect(result.games).toHaveLength(games)
    expect(result.skipped).toHaveLength(skipped)
    expect(games + skipped).toBe(arr(load(file).events).length)
    for (const skip of result.skipped) {
      expect(skip.reason).not.toMatch(/parser error/)
      expect(skip.id).toEqual(expect.any(String))
    }
    for (const game of result.games) {
      expect(game.provider).toBe('espn')
      expect(Number.isNaN(game.startTime.getTime())).toBe(false)
      const started = game.status === 'in_progress' || game.status === 'final'
      expect(game.homeScore !== null).toBe(started)
      expect(game.gameTime !== null).toBe(started)
    }
  })
})

describe('MLB, 2022-09-17', () => {
  it('reads MIA@WSH live in the bottom of the 5th, 2 outs, runners on first and second', () => {
    const game = gameById(fromFile(MLB, 'mlb'), '401356376')
    expect(game).toEqual({
      provider: 'espn',
      providerId: '401356376',
      league: 'MLB',
      leagueAlias: 'mlb',
      status: 'in_progress',
      statusDetail: 'Bottom 5th',
      gameTime: 'Bot 5th',
      period: 5,
      startTime: new Date('2022-09-17T20:05:00Z'),
      homeTeam: 'Washington Nationals',
      awayTeam: 'Miami Marlins',
      homeAbbreviation: 'WSH',
      awayAbbreviation: 'MIA',
      homeScore: 5,
      awayScore: 3,
      // The line score, the bottom of the 5th under way: runs by inning, each side's own.
      periods: [
        { period: 'I1', homeScore: 1, awayScore: 0 },
        { period: 'I2', homeScore: 1, awayScore: 0 },
        { period: 'I3', homeScore: 1, awayScore: 1 },
        { period: 'I4', homeScore: 1, awayScore: 2 },
        { period: 'I5', homeScore: 1, awayScore: 0 },
      ],
      baseball: {
        inning: 5,
        inningHalf: 'bottom',
        outs: 2,
        balls: 0,
        strikes: 1,
        bases: { first: true, second: true, third: false },
      },
      football: null,
      lines: null,
    })
  })

  it('clamps the recorded strikes: 3 of KC@BOS to 2, keeping the rest of the situation', () => {
    const event = recorded(MLB, '401356374')
    expect(obj(competition(event).situation).strikes).toBe(3)
    const game = parseOne(event, 'mlb')
    expect(game.baseball).toEqual({
      inning: 6,
      inningHalf: 'bottom',
      outs: 2,
      balls: 1,
      strikes: 2,
      bases: { first: true, second: false, third: false },
    })
    expect([game.awayAbbreviation, game.awayScore, game.homeAbbreviation, game.homeScore]).toEqual([
      'KC',
      8,
      'BOS',
      0,
    ])
  })

  it('reads BAL@TOR in the top of the 9th with a runner on first', () => {
    const game = gameById(fromFile(MLB, 'mlb'), '401356370')
    expect(game.gameTime).toBe('Top 9th')
    expect(game.baseball).toEqual({
      inning: 9,
      inningHalf: 'top',
      outs: 2,
      balls: 0,
      strikes: 1,
      bases: { first: true, second: false, third: false },
    })
  })

  it("reads Caesars' 'CHW -155' on scheduled CHW@DET as the away moneyline, never a spread", () => {
    const event = recorded(MLB, '401356371')
    expect(competitors(event).map((c) => c.score)).toEqual(['0', '0'])
    expect(obj(competition(event).status).period).toBe(1)
    const game = parseOne(event, 'mlb')
    expect(game).toMatchObject({
      status: 'scheduled',
      statusDetail: 'Sat, September 17th at 6:10 PM EDT',
      gameTime: null,
      period: null,
      homeScore: null,
      awayScore: null,
      homeTeam: 'Detroit Tigers',
      awayTeam: 'Chicago White Sox',
      baseball: null,
    })
    expect(game.lines).toEqual({
      provider: 'Caesars Sportsbook (New Jersey)',
      homeSpread: null,
      total: 8,
      homeMoneyline: null,
      awayMoneyline: -155,
      drawMoneyline: null,
    })
  })

  it('gives the home favourite of a moneyline details the home moneyline (TEX@TB, TB -130)', () => {
    expect(gameById(fromFile(MLB, 'mlb'), '401356384').lines).toMatchObject({
      homeSpread: null,
      total: 7,
      homeMoneyline: -130,
      awayMoneyline: null,
    })
  })

  it('counts the day: 3 final, 3 live with a situation, 11 scheduled with lines', () => {
    const { games } = fromFile(MLB, 'mlb')
    expect(countBy(games, (g) => g.status)).toEqual({ final: 3, in_progress: 3, scheduled: 11 })
    expect(games.filter((g) => g.baseball !== null)).toHaveLength(3)
    expect(games.filter((g) => g.lines !== null)).toHaveLength(11)
    expect(games.every((g) => g.lines === null || g.lines.homeSpread === null)).toBe(true)
  })
})

describe('NFL, 2022 week 1', () => {
  it('reads PIT@CIN in the red zone: down, distance, yard line, possession, timeouts', () => {
    const game = gameById(fromFile(NFL, 'nfl'), '401437634')
    expect(game).toMatchObject({
      status: 'in_progress',
      statusDetail: '0:16 - 4th Quarter',
      gameTime: '0:16 - 4th',
      period: 4,
      homeTeam: 'Cincinnati Bengals',
      awayTeam: 'Pittsburgh Steelers',
      homeScore: 14,
      awayScore: 20,
      baseball: null,
      lines: null,
    })
    // The feed says possession '4', CIN's team id; CIN is at PIT 12, 88 yards from its own goal line.
    expect(game.football).toEqual({
      down: 2,
      distance: 10,
      yardLine: 88,
      possession: 'CIN',
      redZone: true,
      timeouts: { home: 0, away: 2 },
      downDistanceText: '2nd & 10 at PIT 12',
    })
  })

  it("turns ESPN's yardLine (from the home goal line) into the possessing team's own frame", () => {
    const event = recorded(NFL, '401437650')
    expect(obj(competition(event).situation).yardLine).toBe(90)
    const game = parseOne(event, 'nfl')
    expect(game.football).toMatchObject({
      possession: 'NO',
      yardLine: 10,
      downDistanceText: '1st & 10 at NO 10',
    })
    expect(game.football?.timeouts).toEqual({ home: 3, away: 0 })
  })

  it('reads the finals NE@MIA and BUF@LAR', () => {
    const result = fromFile(NFL, 'nfl')
    expect(gameById(result, '401437630')).toEqual({
      provider: 'espn',
      providerId: '401437630',
      league: 'NFL',
      leagueAlias: 'nfl',
      status: 'final',
      statusDetail: 'Final',
      gameTime: 'Final',
      period: 4,
      startTime: new Date('2022-09-11T17:00:00Z'),
      homeTeam: 'Miami Dolphins',
      awayTeam: 'New England Patriots',
      homeAbbreviation: 'MIA',
      awayAbbreviation: 'NE',
      homeScore: 20,
      awayScore: 7,
      periods: [
        { period: 'Q1', homeScore: 3, awayScore: 0 },
        { period: 'Q2', homeScore: 14, awayScore: 0 },
        { period: 'Q3', homeScore: 3, awayScore: 7 },
        { period: 'Q4', homeScore: 0, awayScore: 0 },
      ],
      baseball: null,
      football: null,
      lines: null,
    })
    expect(gameById(result, '401437654')).toMatchObject({
      status: 'final',
      homeAbbreviation: 'LAR',
      awayAbbreviation: 'BUF',
      homeScore: 10,
      awayScore: 31,
    })
  })

  it("reads 'TEN -5.5' / 44 as the home team's -5.5 and 'KC -6.5' at ARI as ARI's +6.5", () => {
    const result = fromFile(NFL, 'nfl')
    expect(gameById(result, '401437640').lines).toEqual({
      provider: 'Caesars Sportsbook (New Jersey)',
      homeSpread: -5.5,
      total: 44,
      homeMoneyline: null,
      awayMoneyline: null,
      drawMoneyline: null,
    })
    expect(gameById(result, '401437653').lines).toMatchObject({ homeSpread: 6.5, total: 54 })
  })

  it('counts the window: 8 live all with a situation, 2 final, 6 scheduled with lines', () => {
    const { games } = fromFile(NFL, 'nfl')
    expect(countBy(games, (g) => g.status)).toEqual({ in_progress: 8, final: 2, scheduled: 6 })
    expect(games.filter((g) => g.football !== null)).toHaveLength(8)
    expect(games.filter((g) => g.lines?.homeSpread != null)).toHaveLength(6)
    expect(games.filter((g) => g.football?.redZone)).toHaveLength(1)
  })
})

describe('NHL, 2022-09-25', () => {
  it("reads CBJ@PIT 'Final/OT' as final, keeping the text", () => {
    const game = gameById(fromFile(NHL, 'nhl'), '401461562')
    expect(game).toMatchObject({
      league: 'NHL',
      status: 'final',
      statusDetail: 'Final/OT',
      gameTime: 'Final/OT',
      period: 4,
      homeTeam: 'Pittsburgh Penguins',
      awayTeam: 'Columbus Blue Jackets',
      homeScore: 3,
      awayScore: 2,
      baseball: null,
      football: null,
      lines: null,
    })
  })

  it('reads a live period clock', () => {
    const game = gameById(fromFile(NHL, 'nhl'), '401461456')
    expect(game).toMatchObject({
      status: 'in_progress',
      gameTime: '9:03 - 3rd',
      period: 3,
      homeScore: 1,
      awayScore: 3,
    })
  })
})

describe('MLS, 2022-09-17', () => {
  it("reads MTL@NE live at 58' with the first whole 1X2 (Holland Casino's), not Caesars' lone draw price", () => {
    const game = gameById(fromFile(MLS, 'usa.1'), '623601')
    expect(game).toMatchObject({
      league: 'MLS',
      leagueAlias: 'usa.1',
      status: 'in_progress',
      statusDetail: "58'",
      gameTime: "58'",
      period: 2,
      homeTeam: 'New England Revolution',
      awayTeam: 'CF Montréal',
      homeScore: 0,
      awayScore: 0,
      baseball: null,
      football: null,
    })
    expect(game.lines).toEqual({
      provider: 'Holland Casino',
      homeSpread: null,
      total: 2.5,
      homeMoneyline: 138,
      awayMoneyline: 190,
      drawMoneyline: 260,
    })
  })

  it('reads STATUS_FIRST_HALF as live and STATUS_FULL_TIME as final', () => {
    const result = fromFile(MLS, 'usa.1')
    expect(gameById(result, '623602')).toMatchObject({ status: 'in_progress', gameTime: "45'", period: 1 })
    expect(gameById(result, '623597')).toMatchObject({
      status: 'final',
      gameTime: 'FT',
      homeScore: 2,
      awayScore: 0,
    })
    expect(countBy(result.games, (g) => g.status)).toEqual({ final: 2, in_progress: 4, scheduled: 5 })
  })
})

describe('soccer/all, 2026-03-21', () => {
  // ENG.2 is one of the spec's aliases of EPL (leagues.ts), so Championship games are kept, as EPL.
  it('files each event under its own league, the Championship (eng.2) in EPL', () => {
    const { games } = fromFile(SOCCER_ALL, 'all')
    expect(countBy(games, (g) => g.league)).toEqual({
      EPL: 13,
      LALIGA: 5,
      BUNDESLIGA: 5,
      SERIEA: 3,
      LIGUE1: 3,
      MLS: 10,
    })
    expect(countBy(games, (g) => g.leagueAlias)).toMatchObject({ 'eng.1': 5, 'eng.2': 8 })
    expect(games.every((g) => g.lines === null)).toBe(true)
  })

  it("skips the NWSL, Liga MX and WSL events with the league's name as the reason", () => {
    const { skipped } = fromFile(SOCCER_ALL, 'all')
    expect(countBy(skipped, (s) => s.reason)).toEqual({
      "league 'usa.nwsl' is not one Grid follows": 3,
      "league 'mex.1' is not one Grid follows": 4,
      "league 'eng.w.1' is not one Grid follows": 4,
    })
    expect(skipped.map((s) => s.id)).toContain('754397')
  })

  it('never files an event under the requested alias when the event names its own league', () => {
    const asAll = fromFile(SOCCER_ALL, 'all')
    const asEpl = fromFile(SOCCER_ALL, 'eng.1')
    expect(asEpl).toEqual(asAll)
  })

  it('reads LIV@BHA and the postponed CRY@MNC', () => {
    const result = fromFile(SOCCER_ALL, 'all')
    expect(gameById(result, '740898')).toMatchObject({
      league: 'EPL',
      leagueAlias: 'eng.1',
      status: 'final',
      homeTeam: 'Brighton & Hove Albion',
      awayTeam: 'Liverpool',
      homeScore: 2,
      awayScore: 1,
      // Its goals in `details`: 14' Brighton, 30' Liverpool, 56' Brighton.
      periods: [
        { period: '1H', homeScore: 1, awayScore: 1 },
        { period: '2H', homeScore: 1, awayScore: 0 },
      ],
    })
    expect(gameById(result, '740902')).toEqual({
      provider: 'espn',
      providerId: '740902',
      league: 'EPL',
      leagueAlias: 'eng.1',
      status: 'postponed',
      statusDetail: 'Postponed',
      gameTime: null,
      period: null,
      startTime: new Date('2026-03-21T15:00:00Z'),
      homeTeam: 'Manchester City',
      awayTeam: 'Crystal Palace',
      homeAbbreviation: 'MNC',
      awayAbbreviation: 'CRY',
      homeScore: null,
      awayScore: null,
      periods: [],
      baseball: null,
      football: null,
      lines: null,
    })
  })
})

describe('NBA, 2026 playoffs', () => {
  it('reads PHI@BOS game 7 live in the 4th', () => {
    const { games } = fromFile(NBA, 'nba')
    expect(games).toEqual([
      {
        provider: 'espn',
        providerId: '401869412',
        league: 'NBA',
        leagueAlias: 'nba',
        status: 'in_progress',
        statusDetail: '8:41 - 4th Quarter',
        gameTime: '8:41 - 4th',
        period: 4,
        startTime: new Date('2026-05-02T23:30:00Z'),
        homeTeam: 'Boston Celtics',
        awayTeam: 'Philadelphia 76ers',
        homeAbbreviation: 'BOS',
        awayAbbreviation: 'PHI',
        homeScore: 87,
        awayScore: 92,
        periods: [
          { period: 'Q1', homeScore: 19, awayScore: 32 },
          { period: 'Q2', homeScore: 31, awayScore: 23 },
          { period: 'Q3', homeScore: 25, awayScore: 33 },
          { period: 'Q4', homeScore: 12, awayScore: 4 },
        ],
        baseball: null,
        football: null,
        lines: null,
      },
    ])
  })
})

describe('single events of the mixed file', () => {
  it('reads live college football ALA@TEX with the away team in possession', () => {
    const game = parseOne(recorded(MIXED, '401403868'), 'college-football')
    expect(game).toMatchObject({
      league: 'NCAAF',
      leagueAlias: 'college-football',
      status: 'in_progress',
      gameTime: '4:15 - 4th',
      homeAbbreviation: 'TEX',
      awayAbbreviation: 'ALA',
      homeScore: 16,
      awayScore: 17,
    })
    expect(game.football).toEqual({
      down: 1,
      distance: 10,
      yardLine: 76,
      possession: 'ALA',
      redZone: false,
      timeouts: { home: 3, away: 3 },
      downDistanceText: '1st & 10 at TEX 24',
    })
  })

  it('reads STATUS_HALFTIME (OSU@MICH) as live, with no possession at the break', () => {
    const game = parseOne(recorded(MIXED, '401404125'), 'college-football')
    expect(game).toMatchObject({
      status: 'in_progress',
      statusDetail: 'Halftime',
      gameTime: 'Halftime',
      period: 2,
    })
    expect(game.football).toMatchObject({ possession: null, yardLine: null, down: 3, distance: 3 })
  })

  it('reads UTAH@TOR, whose NBA situation holds only the last play', () => {
    const game = parseOne(recorded(MIXED, '401474846'), 'nba')
    expect(game).toMatchObject({
      status: 'in_progress',
      gameTime: '1:38 - 2nd',
      period: 2,
      homeScore: 47,
      awayScore: 41,
      baseball: null,
      football: null,
    })
  })

  it('skips the World Cup final for its league; with no league fields STATUS_FINAL_PEN is final', () => {
    const event = recorded(MIXED, '633850')
    expect(parseScoreboard({ events: [event] }, 'eng.1').skipped).toEqual([
      { id: '633850', reason: "league 'fifa.world' is not one Grid follows" },
    ])
    delete event.uid
    delete competition(event).uid
    const game = parseOne(event, 'eng.1')
    expect(game).toMatchObject({
      league: 'EPL',
      status: 'final',
      statusDetail: 'FT-Pens',
      gameTime: 'FT-Pens',
      homeScore: 3,
      awayScore: 3,
    })
  })

  it("reads NBA 'UTAH -2.5' at DET as DET's +2.5 and NHL 'LA -175' as a home moneyline", () => {
    expect(parseOne(recorded(MIXED, '401468616'), 'nba').lines).toMatchObject({ homeSpread: 2.5, total: 229 })
    expect(parseOne(recorded(MIXED, '401461503'), 'nhl').lines).toMatchObject({
      homeSpread: null,
      total: 5.5,
      homeMoneyline: -175,
    })
  })

  it("skips another sport's event whose uid names no league (cricket under an MLB header)", () => {
    const result = parseScoreboard({ events: [recorded(MIXED, '1324647')] }, 'mlb')
    expect(result.skipped).toEqual([{ id: '1324647', reason: "ESPN sport s:200 is not mlb's sport" }])
  })
})

describe('tolerance', () => {
  it.each([
    ['null', null],
    ['an empty string', ''],
    ['a number', 42],
    ['an array', []],
    ['an empty object', {}],
    ['events that are not an array', { events: 'x' }],
  ])('returns no games and one reason for %s', (_, json) => {
    const result = parseScoreboard(json, 'mlb')
    expect(result.games).toEqual([])
    expect(result.skipped).toHaveLength(1)
    expect(result.skipped[0]).toEqual({ id: null, reason: expect.any(String) })
  })

  it('reads an empty day as no games and nothing skipped', () => {
    expect(parseScoreboard({ events: [] }, 'nfl')).toEqual({ games: [], skipped: [] })
  })

  it('skips each broken event with its reason and keeps the good ones around it', () => {
    const noCompetitors = recorded(MLB, '401356373')
    delete competition(noCompetitors).competitors
    const badDate = recorded(MLB, '401356372')
    badDate.date = 'Saturday evening'
    const noId = recorded(MLB, '401356380')
    delete noId.id
    const noCompetition = recorded(MLB, '401356382')
    noCompetition.competitions = []
    const onlyHome = recorded(MLB, '401356375')
    competition(onlyHome).competitors = competitors(onlyHome).filter((c) => c.homeAway === 'home')
    const throwing = recorded(MLB, '401356383')
    Object.defineProperty(throwing, 'date', {
      get() {
        throw new Error('boom')
      },
    })
    const events = [
      recorded(MLB, '401356376'),
      null,
      noCompetitors,
      badDate,
      noId,
      'x',
      noCompetition,
      onlyHome,
      throwing,
      recorded(MLB, '401356374'),
    ]
    const result = parseScoreboard({ events }, 'mlb')
    expect(result.games.map((g) => g.providerId)).toEqual(['401356376', '401356374'])
    expect(result.skipped).toEqual([
      { id: null, reason: 'the event is not an object' },
      { id: '401356373', reason: 'the event has no competitors' },
      { id: '401356372', reason: 'the event has no parseable start date' },
      { id: null, reason: 'the event has no id' },
      { id: null, reason: 'the event is not an object' },
      { id: '401356382', reason: 'the event has no competition' },
      { id: '401356375', reason: 'the event has no named home and away teams' },
      { id: '401356383', reason: 'parser error: Error: boom' },
    ])
  })

  it('sides teams by homeAway, never by their order', () => {
    const event = recorded(MLB, '401356376')
    const reversed = structuredClone(event)
    competition(reversed).competitors = competitors(reversed).reverse()
    expect(parseOne(reversed, 'mlb')).toEqual(parseOne(event, 'mlb'))
  })

  it("falls back to the team's name, then its short name", () => {
    const event = recorded(NFL, '401437630')
    delete team(event, 'home').displayName
    delete team(event, 'away').displayName
    delete team(event, 'away').name
    const game = parseOne(event, 'nfl')
    expect([game.homeTeam, game.awayTeam]).toEqual(['Dolphins', 'Patriots'])
  })

  it('defaults what is missing: no status is scheduled, no odds or situation is null', () => {
    const event = recorded(MLB, '401356376')
    delete event.status
    delete competition(event).status
    delete competition(event).situation
    delete team(event, 'home').abbreviation
    const game = parseOne(event, 'mlb')
    expect(game).toMatchObject({
      status: 'scheduled',
      statusDetail: null,
      gameTime: null,
      period: null,
      homeScore: null,
      homeAbbreviation: null,
      baseball: null,
      lines: null,
    })
  })

  it('keeps a numeric event id and skips a league Grid does not know', () => {
    const event = recorded(NFL, '401437630')
    event.id = 401437630
    expect(parseOne(event, 'nfl').providerId).toBe('401437630')
    delete event.uid
    delete competition(event).uid
    expect(parseScoreboard({ events: [event] }, 'xfl').skipped).toEqual([
      { id: '401437630', reason: "league 'xfl' is not one Grid follows" },
    ])
  })
})

describe('statuses not in the recordings', () => {
  it.each([
    [{ name: 'STATUS_CANCELED', state: 'post', completed: false }, 'canceled'],
    [{ name: 'STATUS_POSTPONED', state: 'pre', completed: false }, 'postponed'],
    [{ name: 'STATUS_DELAYED', state: 'pre', completed: false }, 'delayed'],
    [{ name: 'STATUS_RAIN_DELAY', state: 'in', completed: false }, 'delayed'],
    [{ name: 'STATUS_END_PERIOD', state: 'in', completed: false }, 'in_progress'],
    [{ name: 'STATUS_SECOND_HALF', state: 'in', completed: false }, 'in_progress'],
    [{ name: 'STATUS_FINAL', state: 'post', completed: true }, 'final'],
    [{ name: 'STATUS_SOMETHING_NEW', state: 'post', completed: false }, 'delayed'],
  ])('%o is %s', (type, status) => {
    const event = recorded(NFL, '401437630')
    setStatus(event, type)
    expect(parseOne(event, 'nfl').status).toBe(status)
  })

  it('keeps the score of a game delayed mid-play, but not of one delayed before the start', () => {
    const event = recorded(MLB, '401356376')
    setStatus(event, {
      name: 'STATUS_RAIN_DELAY',
      state: 'in',
      detail: 'Rain Delay',
      shortDetail: 'Rain Delay',
    })
    expect(parseOne(event, 'mlb')).toMatchObject({
      homeScore: 5,
      gameTime: 'Rain Delay',
      period: 5,
      baseball: null,
    })
    setStatus(event, { state: 'pre' })
    expect(parseOne(event, 'mlb')).toMatchObject({ homeScore: null, period: null })
  })
})

describe('baseball between halves', () => {
  it.each([
    ['Mid 6th', { inning: 6, inningHalf: 'bottom' }],
    ['Middle of 6th', { inning: 6, inningHalf: 'bottom' }],
    ['End 6th', { inning: 7, inningHalf: 'top' }],
  ])('shows the half that comes next for %s, with a fresh count and empty bases', (shortDetail, half) => {
    const event = recorded(MLB, '401356374')
    setStatus(event, { shortDetail })
    expect(parseOne(event, 'mlb').baseball).toEqual({
      ...half,
      outs: 0,
      balls: 0,
      strikes: 0,
      bases: { first: false, second: false, third: false },
    })
  })

  it('has no situation when the half cannot be read, and clamps any count out of range', () => {
    const event = recorded(MLB, '401356374')
    setStatus(event, { shortDetail: 'In Progress', detail: 'In Progress' })
    expect(parseOne(event, 'mlb').baseball).toBeNull()
    setStatus(event, { shortDetail: 'Top 6th' })
    Object.assign(obj(competition(event).situation), { outs: 3, balls: 4, strikes: -1 })
    expect(parseOne(event, 'mlb').baseball).toMatchObject({
      inningHalf: 'top',
      outs: 2,
      balls: 3,
      strikes: 0,
    })
  })
})

describe('market lines not in the recordings', () => {
  const withOdds = (odds: unknown[]) => {
    const event = recorded(NFL, '401437640')
    competition(event).odds = odds
    return parseOne(event, 'nfl').lines
  }

  it('takes `spread` over details, skips null entries and reads string moneylines', () => {
    const lines = withOdds([
      null,
      {
        provider: { name: 'ESPN BET' },
        details: 'TEN -5.5',
        spread: -6,
        overUnder: 43.5,
        homeTeamOdds: { moneyLine: '-250' },
        awayTeamOdds: { moneyLine: 200 },
      },
    ])
    expect(lines).toEqual({
      provider: 'ESPN BET',
      homeSpread: -6,
      total: 43.5,
      homeMoneyline: -250,
      awayMoneyline: 200,
      drawMoneyline: null,
    })
  })

  it('takes the first whole 1X2 for soccer, and the first entry with any line elsewhere', () => {
    const drawOnly = { provider: { name: 'Draw only' }, overUnder: 2.5, drawOdds: { moneyLine: 250 } }
    const whole = {
      provider: { name: 'Whole' },
      overUnder: 2.5,
      homeTeamOdds: { moneyLine: 150 },
      drawOdds: { moneyLine: 240 },
      awayTeamOdds: { moneyLine: 180 },
    }
    const soccer = (odds: unknown[]) => {
      const event = recorded(MLS, '623601')
      competition(event).odds = odds
      return parseOne(event, 'usa.1').lines
    }
    expect(soccer([null, drawOnly, whole])).toMatchObject({ provider: 'Whole', homeMoneyline: 150 })
    expect(soccer([drawOnly])).toMatchObject({
      provider: 'Draw only',
      homeMoneyline: null,
      drawMoneyline: 250,
    })
    expect(withOdds([drawOnly, whole])?.provider).toBe('Draw only')
  })

  it("reads 'EVEN' as a spread of 0 and ignores a details naming neither team", () => {
    expect(withOdds([{ details: 'EVEN' }])?.homeSpread).toBe(0)
    expect(withOdds([{ details: 'NYG -0' }])?.homeSpread).toBe(0)
    expect(withOdds([{ details: 'DAL -3', overUnder: 41 }])).toMatchObject({ homeSpread: null, total: 41 })
  })

  it('is null when no entry carries a usable line', () => {
    expect(withOdds([null])).toBeNull()
    expect(
      withOdds([{ provider: { name: 'Bet 365' }, details: 'Off', homeTeamOdds: { moneyLine: 5 } }]),
    ).toBeNull()
  })

  it('moves on to the next provider when the first has nothing usable', () => {
    const lines = withOdds([{ provider: { name: 'empty' } }, { provider: { name: 'next' }, overUnder: 44 }])
    expect(lines).toMatchObject({ provider: 'next', total: 44 })
  })
})

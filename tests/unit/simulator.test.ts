import { describe, expect, it } from 'vitest'
import { addDays, calendarDay, instantAt } from '../../src/domain/calendar'
import type { FeedGame, GameStatus } from '../../src/domain/game'
import { LEAGUES } from '../../src/domain/leagues'
import { type BaseballScript, baseballScript } from '../../src/server/feeds/simulator/baseball'
import {
  LEAGUE_ALIASES,
  SIMULATED_LEAGUES,
  type SimulatedLeague,
} from '../../src/server/feeds/simulator/leagues'
import { matchup } from '../../src/server/feeds/simulator/matchup'
import { at, createRng } from '../../src/server/feeds/simulator/random'
import { daySchedule } from '../../src/server/feeds/simulator/schedule'
import {
  buildScript,
  SIMULATED_AVERAGES,
  simulatedScoreboard,
} from '../../src/server/feeds/simulator/simulator'
import { TEAMS } from '../../src/server/feeds/simulator/teams'

const ET = 'America/New_York'
const SEED = 2026
const DAY = '2026-11-22'
const MINUTE = 60_000
// A spring-forward (23 h) and a fall-back (25 h) day in New York, and a summer day.
const DAYS = [DAY, '2026-03-08', '2026-11-01', '2026-07-04']

const board = (now: Date, day = DAY, seed = SEED) => simulatedScoreboard({ seed, now, day, timeZone: ET })
const etTime = (day: string, time: string) => instantAt(day, time, ET)
const countBy = (games: FeedGame[]) => {
  const counts: Record<GameStatus, number> = {
    scheduled: 0,
    in_progress: 0,
    final: 0,
    postponed: 0,
    delayed: 0,
    canceled: 0,
  }
  for (const game of games) counts[game.status]++
  return counts
}

describe('determinism', () => {
  it('gives deep-equal boards for the same seed, now and day, even once the cache has dropped the day', () => {
    const now = etTime(DAY, '20:30')
    const first = structuredClone(board(now))
    expect(board(now)).toEqual(first)
    // Five other days push DAY out of the four-day cache, so the next call simulates it again.
    for (let i = 1; i <= 5; i++) board(now, addDays(DAY, i))
    expect(board(now)).toEqual(first)
  })

  it('differs with another seed', () => {
    const now = etTime(DAY, '20:30')
    expect(board(now, DAY, SEED + 1)).not.toEqual(board(now))
  })

  it('gives each league the same games whether it is asked for alone or with all the others', () => {
    const now = etTime(DAY, '21:00')
    const all = board(now)
    for (const league of ['MLB', 'EPL'] as const) {
      const alone = simulatedScoreboard({ seed: SEED, now, day: DAY, timeZone: ET, leagues: [league] })
      expect(alone).toEqual(all.filter((game) => game.league === league))
    }
  })

  it("names games 'sim-<league>-<day>-<index>', with the league's ESPN slug", () => {
    const games = board(etTime(DAY, '12:00'))
    for (const league of SIMULATED_LEAGUES) {
      const ids = games.filter((g) => g.league === league).map((g) => g.providerId)
      expect(ids).toEqual(ids.map((_, i) => `sim-${league}-${DAY}-${i}`))
    }
    const aliases: Record<string, string> = LEAGUE_ALIASES
    expect(games.every((g) => g.provider === 'simulated' && g.leagueAlias === aliases[g.league])).toBe(true)
    expect(at(games, 0).providerId).toBe('sim-MLB-2026-11-22-0')
  })
})

describe('schedule', () => {
  it.each(DAYS)('gives every league games on %s, all starting within the day in New York', (day) => {
    const games = daySchedule(SEED, day, ET)
    for (const league of SIMULATED_LEAGUES) expect(games.some((g) => g.league === league)).toBe(true)
    for (const game of games) expect(calendarDay(game.start, ET)).toBe(day)
  })

  it('never has a team play twice on one day', () => {
    for (const day of DAYS) {
      for (const league of SIMULATED_LEAGUES) {
        const teams = daySchedule(SEED, day, ET)
          .filter((g) => g.league === league)
          .flatMap((g) => [g.home.abbreviation, g.away.abbreviation])
        expect(new Set(teams).size).toBe(teams.length)
      }
    }
  })

  it('starts the slates at the usual Eastern times', () => {
    const localTime = new Intl.DateTimeFormat('en-US', {
      timeZone: ET,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    const times = (league: SimulatedLeague) =>
      new Set(
        daySchedule(SEED, DAY, ET)
          .filter((g) => g.league === league)
          .map((g) => localTime.format(g.start)),
      )
    expect(
      [...times('NFL')].filter((t) => ['13:00', '16:05', '16:25', '20:20'].includes(t)).length,
    ).toBeGreaterThan(0)
    expect(times('UCL').has('15:00') || times('UCL').has('12:45')).toBe(true)
  })

  it.each(DAYS)('has at least three live games at every hour of %s, 3 am included', (day) => {
    for (let hour = 0; hour < 24; hour++) {
      const games = board(etTime(day, `${String(hour).padStart(2, '0')}:00`), day)
      expect(countBy(games).in_progress, `${day} ${hour}:00`).toBeGreaterThanOrEqual(3)
    }
  })

  it('has scheduled, live and final games at 6 pm', () => {
    const counts = countBy(board(etTime(DAY, '18:00')))
    expect(counts.scheduled).toBeGreaterThan(0)
    expect(counts.in_progress).toBeGreaterThan(0)
    expect(counts.final).toBeGreaterThan(0)
  })
})

describe('a day, minute by minute', () => {
  // Every game of the day sampled every minute, on to 5 am the next day when the last ones are over: ~1,700
  // boards. Checks collect what is wrong and compare once, as 200,000 expect() calls would be slow.
  const samples = new Map<string, FeedGame[]>()
  for (let t = etTime(DAY, '00:00').getTime(); t <= etTime(addDays(DAY, 1), '05:00').getTime(); t += MINUTE) {
    for (const game of board(new Date(t))) {
      const list = samples.get(game.providerId) ?? []
      list.push(game)
      samples.set(game.providerId, list)
    }
  }
  const live = [...samples.values()].flat().filter((g) => g.status === 'in_progress')

  it('goes scheduled, then in progress, then final, and every game ends', () => {
    const order: Record<string, number> = { scheduled: 0, in_progress: 1, final: 2 }
    const wrong = [...samples].filter(([, list]) => {
      const ranks = list.map((g) => order[g.status] ?? -1)
      return (
        ranks.some((rank, i) => rank < (ranks[i - 1] ?? 0)) || at(list, list.length - 1).status !== 'final'
      )
    })
    expect(wrong.map(([id]) => id)).toEqual([])
  })

  it('never lowers a score, and the final score never changes', () => {
    const wrong: string[] = []
    for (const [id, list] of samples) {
      const scored = list.filter((g) => g.status !== 'scheduled')
      for (let i = 1; i < scored.length; i++) {
        const before = at(scored, i - 1)
        const after = at(scored, i)
        if (
          (after.homeScore ?? -1) < (before.homeScore ?? 0) ||
          (after.awayScore ?? -1) < (before.awayScore ?? 0)
        )
          wrong.push(
            `${id}: ${before.awayScore}-${before.homeScore} then ${after.awayScore}-${after.homeScore}`,
          )
      }
      const finals = new Set(scored.filter((g) => g.status === 'final').map((g) => JSON.stringify(g)))
      if (finals.size !== 1) wrong.push(`${id}: ${finals.size} different finals`)
    }
    expect(wrong).toEqual([])
  })

  it('keeps a line score that adds up to the score at every minute, each period once and in order (decision 070)', () => {
    const wrong: string[] = []
    const regulation: Record<string, string[]> = {
      baseball: ['I1', 'I2', 'I3', 'I4', 'I5', 'I6', 'I7', 'I8', 'I9'],
      football: ['Q1', 'Q2', 'Q3', 'Q4'],
      basketball: ['Q1', 'Q2', 'Q3', 'Q4'],
      hockey: ['P1', 'P2', 'P3'],
      soccer: ['1H', '2H'],
    }
    for (const [id, list] of samples) {
      for (const game of list) {
        const names = game.periods.map((period) => period.period)
        const sum = (side: 'homeScore' | 'awayScore') =>
          game.periods.reduce((total, period) => total + (period[side] ?? 0), 0)
        if (game.status === 'scheduled') {
          if (names.length > 0) wrong.push(`${id}: periods before the start`)
          continue
        }
        if (sum('homeScore') !== game.homeScore || sum('awayScore') !== game.awayScore)
          wrong.push(
            `${id} ${game.gameTime}: ${JSON.stringify(game.periods)} for ${game.homeScore}-${game.awayScore}`,
          )
        if (names.length !== game.period)
          wrong.push(`${id} ${game.gameTime}: ${names.length} periods in period ${game.period}`)
        const expected = (regulation[LEAGUES[game.league].sport] ?? []).slice(0, names.length)
        if (expected.some((name, i) => name !== names[i] && game.league !== 'NCAAB'))
          wrong.push(`${id}: periods named ${names.join(' ')}`)
      }
    }
    expect(wrong.slice(0, 10)).toEqual([])
  })

  it('ends with final texts, and no ties where ties are impossible', () => {
    const finals = [...samples.values()].map((list) => at(list, list.length - 1))
    for (const final of finals) {
      const info = LEAGUES[final.league]
      expect(final.statusDetail).toBe(final.gameTime)
      if (info.sport === 'soccer') expect(final.gameTime).toBe('FT')
      else expect(final.gameTime, final.providerId).toMatch(/^Final(\/(\d+|\d*OT|SO))?$/)
      if (info.tiesImpossible) expect(final.homeScore, final.providerId).not.toBe(final.awayScore)
      expect(final).toMatchObject({ baseball: null, football: null })
    }
  })

  it('shows nothing but the start time before a game starts', () => {
    const scheduled = [...samples.values()].flat().filter((g) => g.status === 'scheduled')
    const wrong = scheduled.filter(
      (g) =>
        g.homeScore !== null ||
        g.awayScore !== null ||
        g.gameTime !== null ||
        g.period !== null ||
        !/^\w{3}, \w+ \d+\w\w at \d+:\d\d [AP]M E[SD]T$/.test(g.statusDetail ?? ''),
    )
    expect(wrong).toEqual([])
    expect(scheduled.every((g) => g.statusDetail?.startsWith('Sun, November 22nd at '))).toBe(true)
  })

  it('shows a valid live situation in every live sample, for its sport only', () => {
    expect(live.length).toBeGreaterThan(10_000)
    expect(
      live.filter((game) => liveProblem(game) !== null).map((g) => [g.providerId, liveProblem(g)]),
    ).toEqual([])
  })

  it("writes ESPN's down and distance: '3rd & 4 at DET 34', '1st & Goal at KC 5'", () => {
    const texts = live.flatMap((g) => (g.football?.downDistanceText ? [g.football.downDistanceText] : []))
    expect(texts.length).toBeGreaterThan(1000)
    expect(texts.filter((text) => !/^(1st|2nd|3rd|4th) & (\d+|Goal) at (\S+ \d+|50)$/.test(text))).toEqual([])
    expect(texts.some((text) => text.includes('& Goal at'))).toBe(true)
  })
})

/** What is wrong with a live sample, or null. */
function liveProblem(game: FeedGame): string | null {
  const sport = LEAGUES[game.league].sport
  const text = game.gameTime ?? ''
  if (game.period === null || game.period < 1) return 'period'
  if ((game.baseball === null) !== (sport !== 'baseball')) return 'baseball situation in the wrong sport'
  if ((game.football === null) !== (sport !== 'football')) return 'football situation in the wrong sport'
  if (game.homeScore === null || game.awayScore === null) return 'no score'
  if (game.baseball) {
    const { inning, outs, balls, strikes } = game.baseball
    if (inning < 1 || outs < 0 || outs > 2 || balls < 0 || balls > 3 || strikes < 0 || strikes > 2)
      return 'count'
    if (!/^(Top|Bot|Mid|End) \d+(st|nd|rd|th)$/.test(text)) return text
  }
  if (game.football) {
    const { down, distance, yardLine, redZone, timeouts, possession } = game.football
    if (down !== null && (down < 1 || down > 4)) return `down ${down}`
    if (distance !== null && distance < 1) return `distance ${distance}`
    if (yardLine !== null && (yardLine < 0 || yardLine > 100)) return `yard line ${yardLine}`
    if (yardLine !== null && possession !== game.homeAbbreviation && possession !== game.awayAbbreviation)
      return `possession ${possession}`
    if (redZone !== (yardLine !== null && yardLine >= 80)) return 'red zone'
    if ([timeouts.home, timeouts.away].some((left) => left === null || left < 0 || left > 3))
      return 'timeouts'
  }
  const clocked = /^(\d+:\d\d - (\d+(st|nd|rd|th)|\d*OT)|End of .+|Halftime)$/
  if (sport === 'football' && !(clocked.test(text) || /^\d*OT$/.test(text))) return text
  if (sport === 'basketball' && !clocked.test(text)) return text
  if (sport === 'hockey' && !(clocked.test(text) || text === 'SO')) return text
  if (sport === 'soccer' && !/^(\d+'(\+\d+')?|HT)$/.test(text)) return text
  return null
}

describe('market lines', () => {
  it('favour the same side with the spread and the moneyline; soccer has a draw price and no spread', () => {
    for (const game of board(etTime(DAY, '00:00'))) {
      const lines = game.lines
      expect(lines).not.toBeNull()
      if (!lines) continue
      expect(lines.total).toBeGreaterThan(0)
      const homeFavoured = (lines.homeMoneyline ?? 0) < (lines.awayMoneyline ?? 0)
      if (LEAGUES[game.league].sport === 'soccer') {
        expect(lines.homeSpread).toBeNull()
        expect(lines.drawMoneyline).toBeGreaterThanOrEqual(100)
      } else {
        expect(lines.drawMoneyline).toBeNull()
        // A pick'em can be -110 both ways; otherwise the moneyline favourite gives the points.
        if (lines.homeMoneyline !== lines.awayMoneyline)
          expect((lines.homeSpread ?? 0) < 0, game.providerId).toBe(homeFavoured)
      }
    }
  })
})

describe('scoring, over many simulated games', () => {
  const GAMES = 2000

  /** Scripts straight from the models: random pairings under ten seeds, as the days would give them. */
  function simulate(league: SimulatedLeague) {
    const teams = TEAMS[league]
    return Array.from({ length: GAMES }, (_, i) => {
      const rng = createRng(i).fork(league)
      const [home, away] = rng.shuffle(teams)
      if (!home || !away) throw new Error('two teams')
      return buildScript(league, rng.fork('game'), matchup(i % 10, league, home, away)).final
    })
  }

  it.each(SIMULATED_LEAGUES)('scores about the %s average per team', (league) => {
    const finals = simulate(league)
    const mean = finals.reduce((sum, f) => sum + f.homeScore + f.awayScore, 0) / (2 * finals.length)
    const ties = finals.filter((f) => f.homeScore === f.awayScore).length / finals.length
    const { points: target, drawRate } = SIMULATED_AVERAGES[league]
    const draws =
      drawRate === undefined ? '' : `, ${(100 * ties).toFixed(1)}% draws against ${100 * drawRate}%`
    console.info(`${league}: ${mean.toFixed(2)} a team against ${target}${draws}`)
    expect(Math.abs(mean / target - 1)).toBeLessThan(0.12)
    if (LEAGUES[league].sport === 'soccer') {
      expect(ties).toBeGreaterThan(0.18)
      expect(ties).toBeLessThan(0.32)
    } else if (LEAGUES[league].tiesImpossible) expect(ties).toBe(0)
  })

  it('leaves about 73% of MLB half-innings scoreless, as in 2018', () => {
    let halves = 0
    let scoreless = 0
    for (let i = 0; i < GAMES; i++) {
      const [home, away] = createRng(i).shuffle(TEAMS.MLB)
      if (!home || !away) throw new Error('two teams')
      const script: BaseballScript = baseballScript(
        createRng(i).fork('game'),
        matchup(i % 10, 'MLB', home, away),
      )
      // Innings 1-8 only: the 9th and extras are cut short by walk-offs (as the fixture's both,1-8 row).
      for (const half of [script.lineScore.top, script.lineScore.bottom]) {
        for (const runs of half.slice(0, 8)) {
          halves++
          if (runs === 0) scoreless++
        }
      }
    }
    const share = scoreless / halves
    console.info(`MLB: ${(100 * share).toFixed(1)}% of half-innings scoreless`)
    expect(share).toBeGreaterThan(0.68)
    expect(share).toBeLessThan(0.78)
  })
})

import { addDays, instantAt, startOfDay } from '../../../domain/calendar'
import { SIMULATED_LEAGUES, type SimulatedLeague } from './leagues'
import { at, createRng, type Rng } from './random'
import { TEAMS, type Team } from './teams'

/**
 * The games of one calendar day: each league's realistic slate at its usual local start times, plus the
 * "rolling" games that keep the demo live around the clock.
 *
 * Rolling games: real leagues leave the small hours empty, but a demo opened at 3 am must still show live
 * games. So, on top of the slates, one game starts every 30 minutes from local midnight to the end of
 * the day, the leagues taking turns in ROLLING_ORDER (three open together at midnight, so that the first
 * minutes of the day are live too). With games of 2 to 3.5 hours that keeps 3 to 7 of them in progress at
 * any moment; each league gets 3 or 4 a day. Slates are in the feed's zone (Eastern for Grid).
 */
export interface ScheduledGame {
  league: SimulatedLeague
  /** Position in the league's day by start time: the providerId's last part and the script's fork. */
  index: number
  start: Date
  home: Team
  away: Team
}

interface Slate {
  /** Games on the slate, both included. */
  games: readonly [number, number]
  /** Local start times ('19:05') and how often each is used. */
  times: readonly (readonly [string, number])[]
}

// The usual US Eastern start times: MLB 1:05 pm to 10:10 pm, NFL's 1:00/4:25/8:20 windows, European
// kick-offs from 6:30 am to 3:05 pm Eastern (noon to 9 pm in Europe), Champions League 12:45 and 3:00.
// The maximum leaves room for 4 rolling games with no team playing twice (2 x games <= teams).
const SLATES: Readonly<Record<SimulatedLeague, Slate>> = {
  MLB: {
    games: [8, 11],
    times: [
      ['13:05', 2],
      ['13:10', 2],
      ['13:35', 1],
      ['14:10', 1],
      ['16:05', 1],
      ['16:10', 1],
      ['18:40', 2],
      ['18:45', 1],
      ['19:05', 2],
      ['19:07', 1],
      ['19:10', 3],
      ['19:40', 1],
      ['20:10', 2],
      ['21:38', 1],
      ['21:40', 2],
      ['22:10', 2],
    ],
  },
  NFL: {
    games: [7, 11],
    times: [
      ['13:00', 7],
      ['16:05', 2],
      ['16:25', 3],
      ['20:20', 1],
    ],
  },
  NBA: {
    games: [5, 11],
    times: [
      ['19:00', 2],
      ['19:30', 3],
      ['20:00', 2],
      ['20:30', 1],
      ['21:00', 1],
      ['22:00', 2],
      ['22:30', 1],
    ],
  },
  NHL: {
    games: [5, 10],
    times: [
      ['19:00', 3],
      ['19:30', 2],
      ['20:00', 2],
      ['21:00', 1],
      ['22:00', 1],
      ['22:30', 1],
    ],
  },
  NCAAF: {
    games: [6, 12],
    times: [
      ['12:00', 3],
      ['15:30', 3],
      ['16:00', 1],
      ['19:00', 2],
      ['19:30', 2],
      ['20:00', 1],
      ['22:30', 1],
    ],
  },
  NCAAB: {
    games: [6, 11],
    times: [
      ['12:00', 1],
      ['14:00', 1],
      ['16:00', 1],
      ['18:00', 1],
      ['19:00', 3],
      ['19:30', 1],
      ['20:00', 1],
      ['21:00', 2],
      ['21:30', 1],
    ],
  },
  MLS: {
    games: [4, 10],
    times: [
      ['19:30', 6],
      ['20:30', 1],
      ['21:30', 1],
      ['22:30', 2],
    ],
  },
  EPL: {
    games: [3, 6],
    times: [
      ['07:30', 1],
      ['09:00', 1],
      ['10:00', 4],
      ['11:30', 1],
      ['12:30', 1],
      ['15:00', 1],
    ],
  },
  LALIGA: {
    games: [3, 6],
    times: [
      ['08:00', 1],
      ['10:15', 1],
      ['12:30', 1],
      ['15:00', 1],
    ],
  },
  BUNDESLIGA: {
    games: [3, 5],
    times: [
      ['09:30', 4],
      ['11:30', 1],
      ['12:30', 1],
      ['13:30', 1],
      ['14:30', 1],
    ],
  },
  SERIEA: {
    games: [3, 6],
    times: [
      ['06:30', 1],
      ['09:00', 2],
      ['12:00', 1],
      ['14:45', 1],
    ],
  },
  LIGUE1: {
    games: [3, 5],
    times: [
      ['09:00', 1],
      ['11:00', 1],
      ['13:00', 1],
      ['14:45', 1],
      ['15:05', 1],
    ],
  },
  UCL: {
    games: [5, 9],
    times: [
      ['12:45', 1],
      ['15:00', 3],
    ],
  },
  UEL: {
    games: [5, 9],
    times: [
      ['12:45', 1],
      ['15:00', 1],
    ],
  },
}

/** Sports alternate, so that the small hours show a mix rather than a run of one league. */
const ROLLING_ORDER: readonly SimulatedLeague[] = [
  'NBA',
  'EPL',
  'NHL',
  'MLB',
  'LALIGA',
  'NCAAB',
  'NFL',
  'SERIEA',
  'MLS',
  'BUNDESLIGA',
  'NCAAF',
  'LIGUE1',
  'UCL',
  'UEL',
]
const ROLLING_EVERY_MS = 30 * 60_000
const ROLLING_AT_MIDNIGHT = 3

/** Every game of the day, by league then start time. */
export function daySchedule(seed: number, day: string, timeZone: string): ScheduledGame[] {
  const rolling = rollingStarts(day, timeZone)
  return SIMULATED_LEAGUES.flatMap((league) => {
    const rng = createRng(seed).fork('schedule').fork(league).fork(day)
    const starts = [...slateStarts(rng, SLATES[league], day, timeZone), ...(rolling.get(league) ?? [])]
    const teams = rng.shuffle(TEAMS[league])
    if (starts.length * 2 > teams.length) throw new RangeError(`Not enough ${league} teams for ${day}`)
    const games = starts.map((start, i) => ({ start, home: at(teams, 2 * i), away: at(teams, 2 * i + 1) }))
    // Stable: games that start together keep their drawn order.
    games.sort((a, b) => a.start.getTime() - b.start.getTime())
    return games.map((game, index) => ({ league, index, ...game }))
  })
}

function slateStarts(rng: Rng, slate: Slate, day: string, timeZone: string): Date[] {
  const count = rng.int(slate.games[0], slate.games[1])
  return Array.from({ length: count }, () => instantAt(day, rng.weighted(slate.times), timeZone))
}

/**
 * Real time from local midnight, not wall-clock times: a 23-hour spring-forward day gets two fewer games, a
 * 25-hour day two more, and none lands in the skipped hour or twice in the repeated one.
 */
function rollingStarts(day: string, timeZone: string): Map<SimulatedLeague, Date[]> {
  const first = startOfDay(day, timeZone).getTime()
  const end = startOfDay(addDays(day, 1), timeZone).getTime()
  const starts = new Map<SimulatedLeague, Date[]>()
  for (let slot = 0; ; slot++) {
    const start = first + Math.max(0, slot - (ROLLING_AT_MIDNIGHT - 1)) * ROLLING_EVERY_MS
    if (start >= end) return starts
    const league = at(ROLLING_ORDER, slot % ROLLING_ORDER.length)
    starts.set(league, [...(starts.get(league) ?? []), new Date(start)])
  }
}

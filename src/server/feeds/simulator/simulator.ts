import type { FeedGame, MarketLines } from '../../../domain/game'
import { LEAGUES, type LeagueCode, type SportKind } from '../../../domain/leagues'
import { labelPeriods } from '../../../domain/periods'
import { baseballScript } from './baseball'
import { basketballScript } from './basketball'
import { footballScript } from './football'
import { hockeyScript } from './hockey'
import { LEAGUE_ALIASES, type SimulatedLeague } from './leagues'
import { marketLines } from './lines'
import { type Matchup, matchup } from './matchup'
import { createRng, type Rng } from './random'
import { daySchedule, type ScheduledGame } from './schedule'
import { soccerScript } from './soccer'
import { type GameScript, ordinal } from './timeline'

export { SIMULATED_AVERAGES } from './leagues'

/**
 * The simulated scoreboard: every game of a day as it stands at `now`. Pure and deterministic: a game's
 * schedule, teams and whole script follow from (seed, league, day, game index) through the seeded
 * generator's forks, and `now` only picks the moment shown. See docs/simulator.md.
 */
export interface ScoreboardOptions {
  seed: number
  now: Date
  /** 'YYYY-MM-DD', a calendar day in `timeZone`. */
  day: string
  timeZone: string
  /** Only these leagues; all the simulated ones when left out. */
  leagues?: readonly LeagueCode[] | undefined
}

export function simulatedScoreboard({ seed, now, day, timeZone, leagues }: ScoreboardOptions): FeedGame[] {
  const wanted = leagues ? new Set(leagues) : null
  return simulatedDay(seed, day, timeZone)
    .filter((game) => wanted === null || wanted.has(game.league))
    .map((game) => gameAt(game, now.getTime()))
}

/** A scheduled game with everything that does not depend on `now`. */
interface SimulatedGame extends ScheduledGame {
  providerId: string
  script: GameScript
  lines: MarketLines
  /** ESPN's pre-game status text: 'Sat, September 17th at 7:10 PM EDT'. */
  scheduledText: string
}

/**
 * The sync asks every 30 s for the same day, so the simulated days are kept: a few, in order of use, as
 * a day's scripts are a few hundred kilobytes and only today (and at times yesterday) is asked for.
 */
const CACHED_DAYS = 4
const cache = new Map<string, SimulatedGame[]>()

function simulatedDay(seed: number, day: string, timeZone: string): SimulatedGame[] {
  const key = `${seed}|${day}|${timeZone}`
  const cached = cache.get(key)
  if (cached) {
    cache.delete(key)
    cache.set(key, cached)
    return cached
  }
  const games = daySchedule(seed, day, timeZone).map((game) => simulateGame(seed, day, timeZone, game))
  cache.set(key, games)
  for (const oldest of cache.keys()) {
    if (cache.size <= CACHED_DAYS) break
    cache.delete(oldest)
  }
  return games
}

function simulateGame(seed: number, day: string, timeZone: string, game: ScheduledGame): SimulatedGame {
  const pairing = matchup(seed, game.league, game.home, game.away)
  const rng = createRng(seed).fork('game').fork(game.league).fork(day).fork(game.index)
  return {
    ...game,
    providerId: `sim-${game.league}-${day}-${game.index}`,
    script: buildScript(game.league, rng, pairing),
    lines: marketLines(pairing),
    scheduledText: scheduledText(game.start, timeZone),
  }
}

const MODELS: Readonly<Record<Exclude<SportKind, 'tennis'>, (rng: Rng, pairing: Matchup) => GameScript>> = {
  baseball: baseballScript,
  football: footballScript,
  basketball: basketballScript,
  hockey: hockeyScript,
  soccer: soccerScript,
}

/** One game's whole script, from the model of its league's sport. */
export function buildScript(league: SimulatedLeague, rng: Rng, pairing: Matchup): GameScript {
  const sport = LEAGUES[league].sport
  if (sport === 'tennis') throw new RangeError(`The simulator plays no tennis (${league})`)
  return MODELS[sport](rng, pairing)
}

function gameAt(game: SimulatedGame, now: number): FeedGame {
  const base = {
    provider: 'simulated' as const,
    providerId: game.providerId,
    league: game.league,
    leagueAlias: LEAGUE_ALIASES[game.league],
    // Copies: the day stays cached, so what a caller gets must not reach back into it.
    startTime: new Date(game.start),
    homeTeam: game.home.name,
    awayTeam: game.away.name,
    homeAbbreviation: game.home.abbreviation,
    awayAbbreviation: game.away.abbreviation,
    lines: { ...game.lines },
  }
  const elapsed = now - game.start.getTime()
  const { script } = game
  if (elapsed < 0) {
    return {
      ...base,
      status: 'scheduled',
      statusDetail: game.scheduledText,
      gameTime: null,
      period: null,
      homeScore: null,
      awayScore: null,
      periods: [],
      baseball: null,
      football: null,
    }
  }
  if (elapsed >= script.durationMs) {
    const { homeScore, awayScore, period, gameTime } = script.final
    const ended = { status: 'final' as const, statusDetail: gameTime, gameTime, period, homeScore, awayScore }
    return {
      ...base,
      ...ended,
      periods: labelPeriods(game.league, script.final.periods, gameTime),
      baseball: null,
      football: null,
    }
  }
  const live = script.liveAt(elapsed)
  return {
    ...base,
    status: 'in_progress',
    statusDetail: live.detail,
    gameTime: live.gameTime,
    period: live.period,
    homeScore: live.homeScore,
    awayScore: live.awayScore,
    periods: labelPeriods(game.league, live.periods, live.gameTime),
    baseball: live.baseball,
    football: live.football,
  }
}

const startFormats = new Map<string, Intl.DateTimeFormat>()

function scheduledText(start: Date, timeZone: string): string {
  let format = startFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    })
    startFormats.set(timeZone, format)
  }
  const parts = format.formatToParts(start)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  const time = `${part('hour')}:${part('minute')} ${part('dayPeriod')}`
  return `${part('weekday')}, ${part('month')} ${ordinal(Number(part('day')))} at ${time} ${part('timeZoneName')}`
}

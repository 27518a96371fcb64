import type { FeedGame, GameStatus } from '../../../domain/game'
import { type LeagueCode, leagueCode, leagueInfo } from '../../../domain/leagues'
import { labelPeriods, type PeriodScore, type SoccerGoal, soccerPeriods } from '../../../domain/periods'
import {
  baseballSituation,
  footballSituation,
  integer,
  type Json,
  marketLines,
  record,
  type Teams,
  text,
} from './espn-situation'

/**
 * ESPN's public scoreboard (`site.api.espn.com/apis/site/v2/sports/{sport}/{league}/scoreboard`) read into
 * Grid's FeedGame. Pure and tolerant: whatever the JSON holds, it returns the games it could read and one
 * reason per event it could not, and never throws.
 */
export interface SkippedEvent {
  id: string | null
  reason: string
}

export interface ParsedScoreboard {
  games: FeedGame[]
  skipped: SkippedEvent[]
}

export interface EspnLeague {
  sport: 'baseball' | 'football' | 'basketball' | 'hockey' | 'soccer'
  league: string
}

/** The 14 leagues Grid follows, as the path pieces of their scoreboard URL. */
export const leagueSlugs: readonly EspnLeague[] = [
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
]

/**
 * ESPN's league ids, the `l:` of an event uid ('s:600~l:700~e:740898'). A mixed response (soccer/all) says
 * an event's league only there: `season.slug` is 'regular-season' for MLS, NWSL and the Championship alike,
 * and `competitions[].league` is null. Leagues Grid does not follow are named only for the skip reason.
 */
const ESPN_LEAGUE_IDS: Readonly<Record<string, string>> = {
  '10': 'mlb',
  '28': 'nfl',
  '46': 'nba',
  '90': 'nhl',
  '23': 'college-football',
  '41': 'mens-college-basketball',
  '770': 'usa.1',
  '700': 'eng.1',
  '3914': 'eng.2',
  '740': 'esp.1',
  '720': 'ger.1',
  '730': 'ita.1',
  '710': 'fra.1',
  '775': 'uefa.champions',
  '776': 'uefa.europa',
  '760': 'mex.1',
  '8301': 'usa.nwsl',
  '8097': 'eng.w.1',
  '606': 'fifa.world',
}

/** ESPN's sport ids, the `s:` of a uid, to tell a stray event of another sport when its uid has no league. */
const ESPN_SPORT_IDS: Readonly<Record<EspnLeague['sport'], string>> = {
  baseball: '1',
  football: '20',
  basketball: '40',
  hockey: '70',
  soccer: '600',
}

export function parseScoreboard(json: unknown, leagueAlias: string): ParsedScoreboard {
  const root = record(json)
  const events = root?.events
  if (!root || !Array.isArray(events)) {
    const reason = root ? 'the response has no events array' : 'the response is not a JSON object'
    return { games: [], skipped: [{ id: null, reason }] }
  }
  const context: Context = { requested: leagueAlias, headerLeagueIds: headerLeagueIds(root.leagues) }
  const result: ParsedScoreboard = { games: [], skipped: [] }
  for (const event of events) {
    const parsed = safeParseEvent(event, context)
    if ('reason' in parsed) result.skipped.push(parsed)
    else result.games.push(parsed)
  }
  return result
}

interface Context {
  requested: string
  /** The league ids the response itself is for: a league we asked for, even if ESPN_LEAGUE_IDS lacks it. */
  headerLeagueIds: Set<string>
}

function headerLeagueIds(leagues: unknown): Set<string> {
  const ids = Array.isArray(leagues) ? leagues.map((league) => eventId(record(league)?.id)) : []
  return new Set(ids.filter((id) => id !== null))
}

/** The parser is written not to throw; this guard keeps a bug in it from losing the other events. */
function safeParseEvent(event: unknown, context: Context): FeedGame | SkippedEvent {
  try {
    return parseEvent(event, context)
  } catch (error) {
    return { id: eventId(record(event)?.id), reason: `parser error: ${String(error)}` }
  }
}

function parseEvent(value: unknown, context: Context): FeedGame | SkippedEvent {
  const event = record(value)
  if (!event) return { id: null, reason: 'the event is not an object' }
  const id = eventId(event.id)
  if (id === null) return { id, reason: 'the event has no id' }
  const competition = Array.isArray(event.competitions) ? record(event.competitions[0]) : null
  if (!competition) return { id, reason: 'the event has no competition' }
  const league = eventLeague(event, competition, context)
  if ('reason' in league) return { id, reason: league.reason }
  const startTime = parseDate(event.date ?? competition.date ?? competition.startDate)
  if (!startTime) return { id, reason: 'the event has no parseable start date' }
  const sides = readSides(competition.competitors)
  if ('reason' in sides) return { id, reason: sides.reason }
  return buildGame({ id, event, competition, startTime, sides, ...league })
}

function eventId(value: unknown): string | null {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : text(value)
}

function parseDate(value: unknown): Date | null {
  const iso = text(value)
  const date = iso === null ? null : new Date(iso)
  return date && !Number.isNaN(date.getTime()) ? date : null
}

/** The event's own league when it names one, else the league the scoreboard was requested for. */
function eventLeague(event: Json, competition: Json, context: Context) {
  const slug = eventSlug(event, competition, context)
  if (typeof slug !== 'string') return slug
  const code = leagueCode(slug)
  if (!code) return { reason: `league '${slug}' is not one Grid follows` }
  return { alias: slug.toLowerCase(), code }
}

/**
 * In order: a league slug on the event; the league id of its uid, known by name or being the response's own
 * league (the one requested); with no league id, the requested league unless the uid's sport id says the
 * event belongs to another sport.
 */
function eventSlug(event: Json, competition: Json, context: Context): string | { reason: string } {
  const named = text(record(event.league)?.slug) ?? text(record(competition.league)?.slug)
  if (named) return named
  const uid = text(event.uid) ?? text(competition.uid) ?? ''
  const leagueId = /(?:^|~)l:(\d+)/.exec(uid)?.[1]
  if (leagueId !== undefined) {
    const known = ESPN_LEAGUE_IDS[leagueId]
    if (known) return known
    if (context.headerLeagueIds.has(leagueId)) return context.requested
    return { reason: `ESPN league l:${leagueId} is not one Grid follows` }
  }
  const sportId = /(?:^|~)s:(\d+)/.exec(uid)?.[1]
  const requested = leagueSlugs.find((league) => league.league === context.requested.toLowerCase())
  const expected = requested ? ESPN_SPORT_IDS[requested.sport] : undefined
  if (sportId !== undefined && expected !== undefined && sportId !== expected) {
    return { reason: `ESPN sport s:${sportId} is not ${context.requested}'s sport` }
  }
  return context.requested
}

interface TeamSide {
  name: string
  abbreviation: string | null
  ids: string[]
  score: unknown
  /** The line score: one entry per period played, each `{ value }`. */
  lineScores: unknown
}

/** Home and away come from `homeAway`, never from the order of the array. */
function readSides(value: unknown): { home: TeamSide; away: TeamSide } | { reason: string } {
  if (!Array.isArray(value) || value.length === 0) return { reason: 'the event has no competitors' }
  const competitors = value.map(record)
  const home = teamSide(competitors.find((c) => c?.homeAway === 'home'))
  const away = teamSide(competitors.find((c) => c?.homeAway === 'away'))
  if (!home || !away) return { reason: 'the event has no named home and away teams' }
  return { home, away }
}

function teamSide(competitor: Json | null | undefined): TeamSide | null {
  if (!competitor) return null
  const team = record(competitor.team) ?? {}
  const name = text(team.displayName) ?? text(team.name) ?? text(team.shortDisplayName)
  if (name === null) return null
  const ids = [eventId(competitor.id), eventId(team.id)].filter((id) => id !== null)
  return {
    name,
    abbreviation: text(team.abbreviation),
    ids,
    score: competitor.score,
    lineScores: competitor.linescores,
  }
}

interface StatusInfo {
  status: GameStatus
  detail: string | null
  shortDetail: string | null
  period: number | null
  /** Whether play has begun, so the scores and the period mean something. */
  started: boolean
}

const NAMED_STATUSES: Readonly<Record<string, GameStatus>> = {
  STATUS_POSTPONED: 'postponed',
  STATUS_CANCELED: 'canceled',
  STATUS_CANCELLED: 'canceled',
  STATUS_ABANDONED: 'canceled',
  STATUS_DELAYED: 'delayed',
  STATUS_RAIN_DELAY: 'delayed',
  STATUS_SUSPENDED: 'delayed',
}

function readStatus(value: unknown): StatusInfo {
  const status = record(value) ?? {}
  const type = record(status.type) ?? {}
  const state = text(type.state)
  const normal = normalStatus(text(type.name), state, type.completed)
  const started = normal === 'in_progress' || normal === 'final' || (normal === 'delayed' && state !== 'pre')
  return {
    status: normal,
    detail: text(type.detail),
    shortDetail: text(type.shortDetail),
    period: started ? integer(status.period, 1) : null,
    started,
  }
}

function normalStatus(name: string | null, state: string | null, completed: unknown): GameStatus {
  const named = name === null ? undefined : NAMED_STATUSES[name]
  if (named) return named
  if (state === 'in') return 'in_progress'
  // A 'post' game ESPN does not call completed (and we do not know by name) must never settle as final.
  if (state === 'post') return completed === false ? 'delayed' : 'final'
  return completed === true ? 'final' : 'scheduled'
}

/** The clock text of the card: 'Top 9th', '8:41 - 4th', "58'" live; 'Final/OT', 'FT' at the end. */
function gameTime(status: StatusInfo): string | null {
  if (status.status === 'final') return status.detail ?? status.shortDetail
  if (status.status === 'in_progress' || status.status === 'delayed')
    return status.shortDetail ?? status.detail
  return null
}

/** ESPN sends "0" for games not started, so a score only counts once play has begun. */
function score(value: unknown, status: StatusInfo): number | null {
  if (!status.started) return null
  const displayed = record(value)?.value ?? record(value)?.displayValue ?? value
  return integer(displayed, 0)
}

interface GameParts {
  id: string
  event: Json
  competition: Json
  startTime: Date
  sides: { home: TeamSide; away: TeamSide }
  alias: string
  code: LeagueCode
}

function buildGame({ id, event, competition, startTime, sides, alias, code }: GameParts): FeedGame {
  const status = readStatus(competition.status ?? event.status)
  const { home, away } = sides
  const teams: Teams = { home, away }
  return {
    provider: 'espn',
    providerId: id,
    league: code,
    leagueAlias: alias,
    status: status.status,
    statusDetail: status.detail ?? status.shortDetail,
    gameTime: gameTime(status),
    period: status.period,
    startTime,
    homeTeam: home.name,
    awayTeam: away.name,
    homeAbbreviation: home.abbreviation,
    awayAbbreviation: away.abbreviation,
    homeScore: score(home.score, status),
    awayScore: score(away.score, status),
    periods: status.started ? gamePeriods(code, competition, sides, status) : [],
    ...situations(code, record(competition.situation), status, teams),
    lines: marketLines(competition.odds, teams, leagueInfo(code)?.sport === 'soccer'),
  }
}

/**
 * The score by period (decision 070): the line score of each side, period by period, in the American
 * sports; soccer's scoreboards carry none, so its halves are counted from the goals in the competition's
 * `details` (shoot-out kicks left out). A hockey game ESPN calls 'Final/SO' has its last period the
 * shoot-out's (labelPeriods).
 */
function gamePeriods(
  code: LeagueCode,
  competition: Json,
  teams: { home: TeamSide; away: TeamSide },
  status: StatusInfo,
): PeriodScore[] {
  if (leagueInfo(code)?.sport === 'soccer') return soccerHalves(competition, teams, status)
  const home = Array.isArray(teams.home.lineScores) ? teams.home.lineScores : []
  const away = Array.isArray(teams.away.lineScores) ? teams.away.lineScores : []
  const points = Array.from({ length: Math.max(home.length, away.length) }, (_, index) => ({
    home: lineScore(home[index]),
    away: lineScore(away[index]),
  }))
  return labelPeriods(code, points, status.detail ?? status.shortDetail)
}

/**
 * Soccer's halves from its goals, when they are all there: ESPN's `details` can lag the score by a goal
 * during play, and a split that leaves one out would settle a half wrongly. Then the periods stay unknown
 * (empty) until the details catch up.
 */
function soccerHalves(competition: Json, teams: { home: TeamSide; away: TeamSide }, status: StatusInfo) {
  const scored = goals(competition.details, teams)
  const count = (side: 'home' | 'away') => scored.filter((goal) => goal.side === side).length
  const complete =
    count('home') === score(teams.home.score, status) && count('away') === score(teams.away.score, status)
  return complete ? soccerPeriods(scored, (status.period ?? 0) > 2) : []
}

function lineScore(value: unknown): number | null {
  const entry = record(value)
  if (!entry) return null
  const points = entry.value ?? entry.displayValue
  return points === undefined || points === null ? null : integer(points, 0)
}

/** The match's goals in `details`: scoring plays of either side, shoot-out kicks left out. */
function goals(details: unknown, teams: { home: TeamSide; away: TeamSide }): SoccerGoal[] {
  if (!Array.isArray(details)) return []
  return details.flatMap((value) => {
    const detail = record(value)
    if (detail?.scoringPlay !== true || detail.shootout === true) return []
    const side = sideOf(eventId(record(detail.team)?.id), teams)
    const clock = text(record(detail.clock)?.displayValue)
    return side && clock ? [{ side, clock }] : []
  })
}

/** Which side an event's team id names, by the competitor's and the team's ids. */
function sideOf(id: string | null, teams: { home: TeamSide; away: TeamSide }): 'home' | 'away' | null {
  if (id === null) return null
  if (teams.home.ids.includes(id)) return 'home'
  return teams.away.ids.includes(id) ? 'away' : null
}

/** Live situations only: once a game ends ESPN's last situation is stale. */
function situations(code: LeagueCode, situation: Json | null, status: StatusInfo, teams: Teams) {
  const sport = leagueInfo(code)?.sport
  const live = situation !== null && status.status === 'in_progress'
  const statusText = status.shortDetail ?? status.detail
  return {
    baseball: live && sport === 'baseball' ? baseballSituation(situation, status.period, statusText) : null,
    football: live && sport === 'football' ? footballSituation(situation, teams) : null,
  }
}

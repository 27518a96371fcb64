import type { BaseballSituation, FootballSituation, MarketLines } from '../../../domain/game'
import { isValidOdds, parseOdds } from '../../../domain/odds'

/**
 * Readers of the untyped ESPN JSON and the per-game extras built from it: the live baseball and football
 * situation and the market lines. Every reader returns null for anything it does not recognise, never throws.
 */
export type Json = Record<string, unknown>

export function record(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null
}

export function text(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

/** A finite number, or a string holding one: ESPN sends scores as strings ("5") and most else as numbers. */
export function finite(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  const digits = text(value)
  return digits !== null && /^[+-]?\d+(\.\d+)?$/.test(digits) ? Number(digits) : null
}

export function integer(value: unknown, min = -Infinity, max = Infinity): number | null {
  const n = finite(value)
  return n !== null && Number.isInteger(n) && n >= min && n <= max ? n : null
}

export type Side = 'home' | 'away'

export interface Teams {
  home: { ids: string[]; abbreviation: string | null }
  away: { ids: string[]; abbreviation: string | null }
}

/**
 * The live count and bases. The half comes from the status text ('Top 9th', 'Bot 5th', 'Bottom 5th').
 * Between halves ESPN says 'Mid 7th' / 'End 7th' while its situation still holds the half that ended, so we
 * show the half that comes next (bottom 7th, top 8th) with no outs, no count and empty bases: that is the
 * state of play at the next pitch. Null when the inning or half cannot be read.
 */
export function baseballSituation(
  situation: Json,
  period: number | null,
  status: string | null,
): BaseballSituation | null {
  if (period === null || period < 1) return null
  const word = /^(top|bot|mid|end)/i.exec(status ?? '')?.[1]?.toLowerCase()
  if (word === 'mid') return freshHalf(period, 'bottom')
  if (word === 'end') return freshHalf(period + 1, 'top')
  if (word !== 'top' && word !== 'bot') return null
  return {
    inning: period,
    inningHalf: word === 'top' ? 'top' : 'bottom',
    // ESPN lags a play at times: KC@BOS on 2022-09-17 shows strikes: 3 with the batter still up, and a third
    // out shows until the half flips. A live half never has more than 2 outs, 3 balls or 2 strikes, so the
    // glitch is clamped into range rather than dropping the whole situation.
    outs: count(situation.outs, 2),
    balls: count(situation.balls, 3),
    strikes: count(situation.strikes, 2),
    bases: {
      first: situation.onFirst === true,
      second: situation.onSecond === true,
      third: situation.onThird === true,
    },
  }
}

function freshHalf(inning: number, inningHalf: 'top' | 'bottom'): BaseballSituation {
  const bases = { first: false, second: false, third: false }
  return { inning, inningHalf, outs: 0, balls: 0, strikes: 0, bases }
}

function count(value: unknown, max: number): number {
  const n = finite(value)
  return n === null ? 0 : Math.min(max, Math.max(0, Math.trunc(n)))
}

const FOOTBALL_FIELDS = ['down', 'distance', 'yardLine', 'possession', 'homeTimeouts', 'awayTimeouts']

/** Down and distance; null when the situation is only ESPN's `$ref` link (no live fields). */
export function footballSituation(situation: Json, teams: Teams): FootballSituation | null {
  if (!FOOTBALL_FIELDS.some((field) => field in situation)) return null
  const side = sideOfId(situation.possession, teams)
  const fromHome = integer(situation.yardLine, 0, 100)
  return {
    down: integer(situation.down, 1, 4),
    distance: integer(situation.distance, 0, 100),
    // ESPN counts yardLine from the HOME goal line ('1st & 10 at NO 10' with NO away and in possession is
    // 90; every live game of the recorded week agrees). The domain counts from the possessing team's own
    // goal line, which needs to know who has the ball.
    yardLine: side === null || fromHome === null ? null : side === 'home' ? fromHome : 100 - fromHome,
    possession: side === null ? null : teams[side].abbreviation,
    redZone: situation.isRedZone === true,
    timeouts: { home: integer(situation.homeTimeouts, 0, 3), away: integer(situation.awayTimeouts, 0, 3) },
    downDistanceText: text(situation.downDistanceText),
  }
}

/** ESPN names the team with the ball by its team id; the competitors say which side that is. */
function sideOfId(value: unknown, teams: Teams): Side | null {
  const id = typeof value === 'number' ? String(value) : text(value)
  if (id === null) return null
  if (teams.home.ids.includes(id)) return 'home'
  return teams.away.ids.includes(id) ? 'away' : null
}

/**
 * The first entry of `odds` that carries any line; ESPN sends `[null]` when it has none. For soccer the
 * first with the whole 1X2 comes first: ESPN's first provider often prices only the draw, and the score
 * model needs all three prices to de-vig them (the draw's sets the expected goals).
 */
export function marketLines(odds: unknown, teams: Teams, threeWay: boolean): MarketLines | null {
  if (!Array.isArray(odds)) return null
  const entries = odds.flatMap((entry) => linesOf(record(entry), teams) ?? [])
  const whole = threeWay
    ? entries.find((l) => l.homeMoneyline !== null && l.drawMoneyline !== null && l.awayMoneyline !== null)
    : undefined
  return whole ?? entries[0] ?? null
}

function linesOf(entry: Json | null, teams: Teams): MarketLines | null {
  if (!entry) return null
  const details = readDetails(text(entry.details), teams)
  const total = finite(entry.overUnder)
  const lines: MarketLines = {
    provider: text(record(entry.provider)?.name),
    homeSpread: finite(entry.spread) ?? details.homeSpread,
    total: total !== null && total > 0 ? total : null,
    homeMoneyline: moneyline(record(entry.homeTeamOdds)?.moneyLine) ?? details.homeMoneyline,
    awayMoneyline: moneyline(record(entry.awayTeamOdds)?.moneyLine) ?? details.awayMoneyline,
    drawMoneyline: moneyline(record(entry.drawOdds)?.moneyLine),
  }
  const { provider: _, ...numbers } = lines
  return Object.values(numbers).some((value) => value !== null) ? lines : null
}

function moneyline(value: unknown): number | null {
  if (typeof value === 'number') return isValidOdds(value) ? value : null
  return typeof value === 'string' ? parseOdds(value) : null
}

const DETAILS = /^(\S+)\s+([+-]?\d+(?:\.\d+)?)$/

type DetailLines = Pick<MarketLines, 'homeSpread' | 'homeMoneyline' | 'awayMoneyline'>

/**
 * `details` is the favourite and its line: 'TEN -5.5' is a spread, but on moneyline sports (MLB, NHL) it
 * is the favourite's moneyline, 'CHW -155'. No spread reaches 100, so |n| >= 100 is read as a moneyline.
 */
function readDetails(details: string | null, teams: Teams): DetailLines {
  const lines: DetailLines = { homeSpread: null, homeMoneyline: null, awayMoneyline: null }
  if (details === null) return lines
  if (/^(even|pk|pick)$/i.test(details)) return { ...lines, homeSpread: 0 }
  const match = DETAILS.exec(details)
  const side = match ? sideOfAbbreviation(match[1], teams) : null
  if (!match || side === null) return lines
  const value = Number(match[2])
  if (Math.abs(value) >= 100) {
    const odds = isValidOdds(value) ? value : null
    return side === 'home' ? { ...lines, homeMoneyline: odds } : { ...lines, awayMoneyline: odds }
  }
  // The named team's spread; the away favourite's -3 is the home team's +3 (and '-0' is 0, not -0).
  return { ...lines, homeSpread: value === 0 ? 0 : side === 'home' ? value : -value }
}

function sideOfAbbreviation(abbreviation: string | undefined, teams: Teams): Side | null {
  const wanted = abbreviation?.toUpperCase()
  if (wanted === undefined) return null
  if (teams.home.abbreviation?.toUpperCase() === wanted) return 'home'
  return teams.away.abbreviation?.toUpperCase() === wanted ? 'away' : null
}

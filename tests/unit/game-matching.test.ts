import { describe, expect, it } from 'vitest'
import {
  closestGames,
  foldTeamName,
  matchGame,
  parseEvent,
  sideOf,
  teamFit,
} from '../../src/domain/game-matching'

/** A bet from elsewhere finds its game by league, day and teams as bettors write them. */
const rams = {
  id: 1,
  awayTeam: 'Los Angeles Rams',
  homeTeam: 'Seattle Seahawks',
  awayAbbreviation: 'LAR',
  homeAbbreviation: 'SEA',
}
const chargers = {
  id: 2,
  awayTeam: 'Los Angeles Chargers',
  homeTeam: 'Denver Broncos',
  awayAbbreviation: 'LAC',
  homeAbbreviation: 'DEN',
}
const united = {
  id: 3,
  awayTeam: 'Manchester United',
  homeTeam: 'Brighton & Hove Albion',
  awayAbbreviation: 'MUN',
  homeAbbreviation: 'BHA',
}
const city = {
  id: 4,
  awayTeam: 'Crystal Palace',
  homeTeam: 'Manchester City',
  awayAbbreviation: 'CRY',
  homeAbbreviation: 'MNC',
}
const day = [rams, chargers, united, city]

describe('folding team names', () => {
  it('drops case, accents, punctuation and club words', () => {
    expect(foldTeamName('Borussia Mönchengladbach')).toBe('borussia monchengladbach')
    expect(foldTeamName('St. Louis CITY SC')).toBe('st louis city')
    expect(foldTeamName('Brighton & Hove Albion')).toBe('brighton and hove albion')
    expect(foldTeamName('Chicago Fire FC')).toBe('chicago fire')
  })

  it('fits full names, abbreviations, nicknames, cities and shorthands', () => {
    expect(teamFit('LA Rams', 'Los Angeles Rams', 'LAR')).toBe(3)
    expect(teamFit('Los Angeles Clippers', 'LA Clippers', 'LAC')).toBe(3)
    expect(teamFit('lar', 'Los Angeles Rams', 'LAR')).toBe(3)
    expect(teamFit('Rams', 'Los Angeles Rams', 'LAR')).toBe(2)
    expect(teamFit('Seattle', 'Seattle Seahawks', 'SEA')).toBe(2)
    expect(teamFit('Man United', 'Manchester United', 'MUN')).toBe(3)
    expect(teamFit('Man Utd', 'Manchester United', 'MUN')).toBe(3)
    expect(teamFit('Man City', 'Manchester City', 'MNC')).toBe(3)
    expect(teamFit('Man City', 'Manchester United', 'MUN')).toBe(0)
    expect(teamFit('Spurs', 'Tottenham Hotspur', 'TOT')).toBe(3)
    expect(teamFit('Brighton Hove Albion', 'Brighton & Hove Albion', 'BHA')).toBe(1)
  })

  it('tells the side of a game', () => {
    expect(sideOf('LA Rams', rams)).toBe('away')
    expect(sideOf('Hawks', rams)).toBe(null)
    expect(sideOf('Seahawks', rams)).toBe('home')
  })
})

describe('events', () => {
  it("reads '@' and 'at' as away then home, 'vs' and 'v' in either order", () => {
    expect(parseEvent('LA Rams @ Seattle')).toEqual({ teams: ['LA Rams', 'Seattle'], ordered: true })
    expect(parseEvent('Rams at Seahawks')).toEqual({ teams: ['Rams', 'Seahawks'], ordered: true })
    expect(parseEvent('Brighton v Man United')).toEqual({ teams: ['Brighton', 'Man United'], ordered: false })
    expect(parseEvent('Brighton vs. Man United')?.ordered).toBe(false)
    expect(parseEvent('Brighton')).toBeNull()
  })
})

describe('matching a game', () => {
  it('finds the one game of the day, in either order', () => {
    expect(matchGame({ teams: ['LA Rams', 'Seattle'], ordered: true }, day)).toMatchObject({
      kind: 'matched',
      game: { id: 1 },
    })
    expect(matchGame({ teams: ['Brighton', 'Man United'], ordered: false }, day)).toMatchObject({
      kind: 'matched',
      game: { id: 3 },
    })
    expect(matchGame({ teams: ['Man City'], ordered: false }, day)).toMatchObject({
      kind: 'matched',
      game: { id: 4 },
    })
  })

  it('says when no game fits, and when several fit equally', () => {
    expect(matchGame({ teams: ['Chiefs', 'Raiders'], ordered: true }, day)).toMatchObject({ kind: 'none' })
    expect(matchGame({ teams: ['Rams', 'Raiders'], ordered: true }, [])).toMatchObject({ kind: 'none' })
    const twice = matchGame({ teams: ['Los Angeles'], ordered: false }, day)
    expect(twice).toMatchObject({ kind: 'ambiguous' })
    if (twice.kind === 'ambiguous') expect(twice.games.map((g) => g.id)).toEqual([1, 2])
  })

  it('prefers the exact names to a partial fit', () => {
    const other = { ...rams, id: 9, awayTeam: 'Los Angeles Rams Reserves' }
    expect(
      matchGame({ teams: ['Los Angeles Rams', 'Seattle Seahawks'], ordered: true }, [other, rams]),
    ).toMatchObject({ kind: 'matched', game: { id: 1 } })
  })

  it('lists the games closest to an unmatched row first, the others in their order', () => {
    const ids = (teams: string[]) => closestGames({ teams, ordered: true }, day).map((g) => g.id)
    // The Broncos' game shares a team with the row; nothing fits the rest, which keep their order.
    expect(ids(['Chiefs', 'Broncos'])).toEqual([2, 1, 3, 4])
    // A full name fits better than a nickname.
    expect(ids(['Manchester City', 'Seahawks'])).toEqual([4, 1, 2, 3])
    expect(ids(['Springfield', 'Shelbyville'])).toEqual([1, 2, 3, 4])
  })
})

import { describe, expect, it } from 'vitest'
import { displayGameStatus, isFinalStatus, isLiveStatus } from '../../src/domain/game-status'
import {
  INITIALLY_OPEN_LEAGUES,
  isSoccer,
  LEAGUE_ORDER,
  LEAGUES,
  leagueCode,
  leagueInfo,
  leagueLabel,
  leagueRank,
} from '../../src/domain/leagues'

describe('leagues', () => {
  it("keeps the spec's section order and opening sections", () => {
    expect(LEAGUE_ORDER.slice(0, 17)).toEqual([
      'MLB',
      'NFL',
      'NBA',
      'NHL',
      'NCAAF',
      'NCAAB',
      'ATP',
      'WTA',
      'TENNIS',
      'EPL',
      'LALIGA',
      'BUNDESLIGA',
      'SERIEA',
      'LIGUE1',
      'UCL',
      'UEL',
      'MLS',
    ])
    expect(INITIALLY_OPEN_LEAGUES).toEqual(['MLB', 'NFL', 'EPL'])
    expect(leagueRank('nfl')).toBeLessThan(leagueRank('NBA'))
    expect(leagueRank('unknown')).toBe(LEAGUE_ORDER.length)
  })

  it.each([
    ['COLLEGE-FOOTBALL', 'NCAAF'],
    ['college-football', 'NCAAF'],
    ['MENS-COLLEGE-BASKETBALL', 'NCAAB'],
    ['USA.1', 'MLS'],
    ['ENG.1', 'EPL'],
    ['eng.2', 'EPL'],
    ['ESP.1', 'LALIGA'],
    ['ESP.2', 'LALIGA'],
    ['GER.1', 'BUNDESLIGA'],
    ['GER.2', 'BUNDESLIGA'],
    ['ITA.1', 'SERIEA'],
    ['ITA.2', 'SERIEA'],
    ['FRA.1', 'LIGUE1'],
    ['FRA.2', 'LIGUE1'],
    ['UEFA.CHAMPIONS', 'UCL'],
    ['UEFA.EUROPA', 'UEL'],
    ['AFC.CHAMPIONS', 'ACL'],
    [' nba ', 'NBA'],
  ])('folds %s into %s', (alias, code) => {
    expect(leagueCode(alias)).toBe(code)
  })

  it('labels the codes the spec names and shows any other code as is', () => {
    expect(leagueLabel('NCAAF')).toBe('College FB')
    expect(leagueLabel('NCAAB')).toBe('College BB')
    expect(leagueLabel('eng.1')).toBe('Premier League')
    expect(leagueLabel('NBA')).toBe('NBA')
    expect(leagueLabel('CFL')).toBe('CFL')
    expect(leagueCode('CFL')).toBeNull()
    expect(leagueInfo('CFL')).toBeNull()
  })

  it('knows the sport, soccer and impossible ties (decision 006)', () => {
    expect(leagueInfo('MLB')?.sport).toBe('baseball')
    expect(leagueInfo('usa.1')?.sport).toBe('soccer')
    expect(isSoccer('ita.1')).toBe(true)
    expect(isSoccer('NFL')).toBe(false)
    const noTies = LEAGUE_ORDER.filter((code) => LEAGUES[code].tiesImpossible)
    expect(noTies).toEqual(['MLB', 'NBA', 'NHL', 'NCAAF', 'NCAAB'])
  })
})

describe('game status display mapping (docs/spec/product-spec.md §4)', () => {
  it.each([
    ['STATUS_SCHEDULED', 'SCHEDULED'],
    ['scheduled', 'SCHEDULED'],
    ['STATUS_IN_PROGRESS', 'LIVE'],
    ['in_progress', 'LIVE'],
    ['live', 'LIVE'],
    ['STATUS_FINAL', 'FINAL'],
    ['final', 'FINAL'],
    ['completed', 'FINAL'],
    ['STATUS_POSTPONED', 'PENDING'],
    ['', 'PENDING'],
    [null, 'PENDING'],
    [undefined, 'PENDING'],
  ])('%s shows %s', (status, display) => {
    expect(displayGameStatus(status)).toBe(display)
  })

  it('answers live and final', () => {
    expect(isLiveStatus('STATUS_IN_PROGRESS')).toBe(true)
    expect(isLiveStatus('final')).toBe(false)
    expect(isFinalStatus('completed')).toBe(true)
    expect(isFinalStatus('live')).toBe(false)
  })
})

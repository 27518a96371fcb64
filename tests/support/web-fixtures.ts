import type { Bet, BetWithGame, Game } from '../../src/web/types'

/** A game and bets as the API sends them (src/contract), for the web's pure modules. */
export function apiGame(overrides: Partial<Game> = {}): Game {
  return {
    id: 1,
    sport: 'NFL',
    league: 'nfl',
    leagueAlias: 'NFL',
    provider: 'simulated',
    status: 'STATUS_FINAL',
    statusDetail: 'Final',
    gameStatus: 'final',
    isLive: false,
    gameTime: null,
    period: 4,
    startTime: '2026-11-22T18:00:00.000Z',
    createdAt: '2026-11-20T12:00:00.000Z',
    homeTeam: 'Kansas City Chiefs',
    awayTeam: 'Buffalo Bills',
    homeAbbreviation: 'KC',
    awayAbbreviation: 'BUF',
    homeScore: 24,
    awayScore: 10,
    baseball: null,
    footballDetails: null,
    lines: null,
    version: 1,
    ...overrides,
  }
}

export function apiBet(game: Game, overrides: Partial<Bet> = {}): BetWithGame {
  return {
    id: 1,
    userId: 1,
    gameId: game.id,
    betType: 'moneyline',
    selection: game.homeTeam,
    odds: -110,
    amount: '110.00',
    potentialWin: '100.00',
    payout: null,
    sportsbook: 'DraftKings',
    spreadTeam: null,
    spreadPoints: null,
    totalPoints: null,
    overUnder: null,
    betStatus: 'committed',
    result: null,
    placedAt: '2026-11-22T17:00:00.000Z',
    settledAt: null,
    conflict: null,
    legs: [],
    needsReview: false,
    reviewReason: null,
    voidRule: null,
    ties: null,
    teaserPoints: null,
    reducedOdds: null,
    sizes: null,
    profitBoostPercent: null,
    unboostedOdds: null,
    handResult: null,
    ...overrides,
    game,
  }
}

/** A ticket's leg as the API sends it, on `game` (or off the feed when `event` is given). */
export function apiLeg(game: Game, overrides: Partial<Bet['legs'][number]> = {}): Bet['legs'][number] {
  return {
    id: 1,
    position: 0,
    gameId: game.id,
    game: {
      id: game.id,
      league: game.league,
      provider: game.provider === 'espn' || game.provider === 'unlinked' ? game.provider : 'simulated',
      status: game.status,
      startTime: game.startTime,
      homeTeam: game.homeTeam,
      awayTeam: game.awayTeam,
      homeScore: game.homeScore,
      awayScore: game.awayScore,
    },
    event: null,
    betType: 'moneyline',
    selection: game.homeTeam,
    spreadTeam: null,
    spreadPoints: null,
    totalPoints: null,
    overUnder: null,
    odds: -110,
    result: null,
    handResult: null,
    ...overrides,
  }
}

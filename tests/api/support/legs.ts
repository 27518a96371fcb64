import { asc } from 'drizzle-orm'
import { expect } from 'vitest'
import { normalizeResult } from '../../../src/domain/bet'
import { betLegs, bets } from '../../../src/server/db/bets-schema'
import type { Db } from '../../../src/server/db/client'

/**
 * Decision 061: every bet so far is a single, and its one leg (position 0) says what its row says: the
 * game, the market and its terms, the odds and the result. Run at the end of the files that write bets
 * (typed in, edited, confirmed, deleted, settled, imported, synced), over every bet they left.
 */
export async function expectLegsInStep(db: Db): Promise<number> {
  const rows = await db.select().from(bets).orderBy(asc(bets.id))
  const legs = await db.select().from(betLegs).orderBy(asc(betLegs.betId), asc(betLegs.position))
  const asLeg = (bet: (typeof rows)[number]) => ({
    betId: bet.id,
    position: 0,
    gameId: bet.gameId,
    market: bet.betType,
    selection: bet.selection,
    spreadTeam: bet.spreadTeam,
    spreadPoints: bet.spreadPoints,
    totalPoints: bet.totalPoints,
    overUnder: bet.overUnder,
    odds: bet.odds,
    exactPrice: bet.exactPrice,
    period: bet.period,
    result: normalizeResult(bet.result),
    handResultBy: null,
    handResultAt: null,
  })
  expect(rows.every((bet) => bet.ticketKind === 'single')).toBe(true)
  expect(legs.map(({ id: _id, ...leg }) => leg)).toEqual(rows.map(asLeg))
  return rows.length
}

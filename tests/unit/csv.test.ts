import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { columnIndexes, gridMapping, isGridExport, readRow } from '../../src/domain/bet-import'
import {
  CSV_COLUMNS,
  type CsvBet,
  csvCells,
  csvField,
  csvFileName,
  csvHeader,
  csvLine,
  csvRow,
  csvRows,
} from '../../src/domain/csv'
import { parseDelimited } from '../../src/domain/delimited'
import { DOUBLE_CHANCES } from '../../src/domain/selection'
import { type Boost, type Market, TIE_RULES, type TicketShape, VOID_RULES } from '../../src/domain/ticket'
import {
  type CsvLeg,
  type CsvLegEvent,
  type CsvTicket,
  csvTicketCells,
  csvTicketRow,
  csvTicketRows,
  legsCell,
  legsField,
  readLegsCell,
} from '../../src/domain/ticket-csv'
import { gridTicketOptions, readFileEntries } from '../../src/domain/ticket-import'
import { moneyline, recorded, spread, total } from '../support/bets'

const game = {
  homeTeam: 'Los Angeles Lakers',
  awayTeam: 'Boston Celtics',
  sport: 'NBA',
  startTime: '2026-11-21T03:30:00.000Z',
}

function csvBet(overrides: Partial<CsvBet> & Pick<CsvBet, 'betType'>): CsvBet {
  return {
    ...recorded(spread('Lakers', -3.5)),
    sportsbook: 'DraftKings',
    placedAt: '2026-11-20T20:00:00.000Z',
    game,
    ...overrides,
  }
}

/** A whole file of singles, as the server streams it. */
const buildCsv = (bets: readonly CsvBet[], zone: string) => csvHeader() + bets.map(csvRows(zone)).join('')

describe('CSV rows', () => {
  it('writes the same rows through csvRows, whose day memo is bounded, as through csvRow', () => {
    // 6,000 distinct instants across DST changes, each twice: the memo fills, clears and refills.
    const bets = Array.from({ length: 12_000 }, (_, i) =>
      csvBet({
        betType: 'spread',
        game: { ...game, startTime: new Date(Date.parse('2026-03-01T00:00:00Z') + (i % 6_000) * 3_500_000) },
      }),
    )
    for (const zone of ['America/Chicago', 'Asia/Kolkata']) {
      const row = csvRows(zone)
      expect(bets.map(row)).toEqual(bets.map((bet) => csvRow(bet, zone)))
    }
  })

  it("writes a game's cells once per game, the same as csvRow, and a game without a start by each bet's day", () => {
    const shared = { ...game, startTime: new Date('2026-11-20T01:30:00Z') }
    const unscheduled = { ...game, startTime: null }
    const bets = [0, 1, 2].flatMap((day) => [
      csvBet({ betType: 'spread', game: shared, placedAt: new Date(Date.UTC(2026, 10, 10 + day, 12)) }),
      csvBet({ betType: 'spread', game: unscheduled, placedAt: new Date(Date.UTC(2026, 10, 10 + day, 12)) }),
    ])
    const row = csvRows('America/Chicago')
    const rows = bets.map(row)
    expect(rows).toEqual(bets.map((bet) => csvRow(bet, 'America/Chicago')))
    expect(rows.map((line) => line.slice(0, 10))).toEqual([
      '2026-11-19',
      '2026-11-10',
      '2026-11-19',
      '2026-11-11',
      '2026-11-19',
      '2026-11-12',
    ])
  })

  it("has the spec's columns", () => {
    expect(buildCsv([], 'America/Chicago')).toBe(
      'Date,Game,Sport,Bet Type,Selection,Odds,Amount,Status,Result,Payout,Profit/Loss,ROI %,Sportsbook,Placed\r\n',
    )
    expect(CSV_COLUMNS).toHaveLength(14)
  })

  it('keeps the sportsbook and the placed instant, in UTC whatever the zone', () => {
    const bet = csvBet({
      betType: 'spread',
      sportsbook: 'FanDuel',
      placedAt: new Date('2026-11-20T20:05:00Z'),
    })
    expect(csvCells(bet, 'America/Chicago').slice(12)).toEqual(['FanDuel', '2026-11-20T20:05:00.000Z'])
    expect(csvCells(bet, 'Asia/Tokyo').slice(12)).toEqual(['FanDuel', '2026-11-20T20:05:00.000Z'])
  })

  it('writes a won bet with 2-decimal money and 1-decimal ROI, dated in the user time zone', () => {
    const won = {
      ...recorded(spread('Lakers', -3.5, 11_000, -110), { result: 'won' }),
      sportsbook: 'BetMGM',
      placedAt: '2026-11-20T20:00:00.000Z',
      game,
    }
    // 03:30 UTC on the 21st is 21:30 on the 20th in Chicago.
    expect(csvCells(won, 'America/Chicago')).toEqual([
      '2026-11-20',
      'Boston Celtics @ Los Angeles Lakers',
      'NBA',
      'Spread',
      'Lakers -3.5',
      '-110',
      '110.00',
      'committed',
      'won',
      '210.00',
      '100.00',
      '90.9',
      'BetMGM',
      '2026-11-20T20:00:00.000Z',
    ])
    expect(csvCells(won, 'Asia/Tokyo')[0]).toBe('2026-11-21')
  })

  it('writes lost, push and pending bets', () => {
    const lost = {
      ...recorded(total('over', 220.5, 5_000, 120), { result: 'lost' }),
      sportsbook: 'BetMGM',
      placedAt: '2026-11-20T20:00:00.000Z',
      game,
    }
    expect(csvCells(lost, 'UTC').slice(3)).toEqual([
      'Over/Under',
      'Over 220.5',
      '+120',
      '50.00',
      'committed',
      'lost',
      '0.00',
      '-50.00',
      '-100.0',
      'BetMGM',
      '2026-11-20T20:00:00.000Z',
    ])
    const push = {
      ...recorded(moneyline('Lakers', 2_000, -200), { result: 'push' }),
      sportsbook: 'BetMGM',
      placedAt: '2026-11-20T20:00:00.000Z',
      game,
    }
    expect(csvCells(push, 'UTC').slice(8, 12)).toEqual(['push', '20.00', '0.00', '0.0'])
    const pending = csvBet({ betType: 'spread', betStatus: 'tentative' })
    expect(csvCells(pending, 'UTC').slice(7, 12)).toEqual(['tentative', 'pending', '', '', ''])
  })

  it('dates a bet by its placement when the game has no start time', () => {
    const bet = csvBet({ betType: 'spread', game: { ...game, startTime: null } })
    expect(csvCells(bet, 'America/Chicago')[0]).toBe('2026-11-20')
  })

  it('names the file bet-history-{date}.csv', () => {
    expect(csvFileName('2026-11-23')).toBe('bet-history-2026-11-23.csv')
  })
})

describe('CSV fields (RFC 4180, formula-inert)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['+cmd', "'+cmd"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['-110', '-110'],
    ['+150', '+150'],
    ['-25.00', '-25.00'],
    ['', ''],
  ])('%j -> %j', (value, field) => {
    expect(csvField(value)).toBe(field)
  })

  it('ends lines with CRLF', () => {
    expect(csvLine(['a', 'b,c'])).toBe('a,"b,c"\r\n')
  })

  it('neutralises a hostile team name inside a full row', () => {
    const hostile = csvBet({ betType: 'spread', game: { ...game, homeTeam: '=1+1' } })
    expect(buildCsv([hostile], 'UTC').split('\r\n')[1]).toContain('Boston Celtics @ =1+1')
    const lead = csvBet({ betType: 'spread', game: { ...game, awayTeam: '=1+1' } })
    expect(buildCsv([lead], 'UTC').split('\r\n')[1]).toContain("'=1+1 @ Los Angeles Lakers")
  })
})

/** A parlay of two feed legs and a prop off the feed, settled won (decision 062's sample). */
function parlayTicket(overrides: Partial<CsvTicket> = {}): CsvTicket {
  return {
    shape: { kind: 'parlay' },
    legs: [
      {
        event: { kind: 'game', ...game },
        market: { betType: 'spread', team: 'Los Angeles Lakers', points: -3.5 },
        selection: 'Los Angeles Lakers -3.5',
        odds: -110,
        result: 'won',
      },
      {
        event: {
          kind: 'game',
          awayTeam: 'New York Knicks',
          homeTeam: 'Miami Heat',
          sport: 'NBA',
          startTime: '2026-11-21T00:30:00.000Z',
        },
        market: { betType: 'total', overUnder: 'over', points: 210.5 },
        selection: 'Over 210.5',
        odds: -110,
        result: 'won',
      },
      {
        event: { kind: 'off_feed', name: 'LeBron James points', league: null, startTime: null },
        market: null,
        selection: 'LeBron James over 25.5 points',
        odds: 120,
        result: 'won',
      },
    ],
    odds: 697,
    amount: 1_000,
    // 10.00 x (210/110)^2 x 2.2 = 80.18; To Win 70.18.
    potentialWin: 7_018,
    boost: null,
    betStatus: 'committed',
    result: 'won',
    payout: 8_018,
    sportsbook: 'DraftKings',
    placedAt: '2026-11-20T20:00:00.000Z',
    ...overrides,
  }
}

describe('tickets in the CSV (decision 062)', () => {
  it('writes one row per ticket: the kind, the legs joined with " | ", the ticket figures, then the Legs cell', () => {
    const cells = csvTicketCells(parlayTicket(), 'America/Chicago')
    // The first leg starts earliest (00:30 UTC on the 21st): the 20th in Chicago.
    expect(cells.slice(0, 14)).toEqual([
      '2026-11-20',
      'Boston Celtics @ Los Angeles Lakers | New York Knicks @ Miami Heat | LeBron James points',
      'NBA',
      'Parlay',
      'Los Angeles Lakers -3.5 | Over 210.5 | LeBron James over 25.5 points',
      '+697',
      '10.00',
      'committed',
      'won',
      '80.18',
      '70.18',
      '701.8',
      'DraftKings',
      '2026-11-20T20:00:00.000Z',
    ])
    expect(JSON.parse(cells[14] ?? '')).toMatchObject({ v: 1, shape: { kind: 'parlay' }, toWin: 7_018 })
  })

  it.each([
    [{ kind: 'same_game_parlay', voidRule: 'reduce' }, 'Same-Game Parlay'],
    [{ kind: 'teaser', teaserPoints: 6, ties: 'push', reducedOdds: null }, 'Teaser'],
    [{ kind: 'round_robin', sizes: [2] }, 'Round Robin'],
  ] as const)('labels a %j ticket %s', (shape, label) => {
    expect(csvTicketCells(parlayTicket({ shape }), 'UTC')[3]).toBe(label)
  })

  it('writes a void ticket as void with its stake back, and a pending one without figures', () => {
    const voided = csvTicketCells(parlayTicket({ result: 'void', payout: 1_000 }), 'UTC')
    expect(voided.slice(8, 12)).toEqual(['void', '10.00', '0.00', '0.0'])
    const pending = csvTicketCells(parlayTicket({ result: null, payout: null }), 'UTC')
    expect(pending.slice(8, 12)).toEqual(['pending', '', '', ''])
  })

  it('lists each league once and dates a ticket without starts by its placement', () => {
    const offFeed = parlayTicket({
      legs: [
        { ...parlayTicket().legs[2], event: { kind: 'off_feed', name: 'A', league: 'NFL', startTime: null } },
        { ...parlayTicket().legs[2], event: { kind: 'off_feed', name: 'B', league: 'NBA', startTime: null } },
        { ...parlayTicket().legs[2], event: { kind: 'off_feed', name: 'C', league: 'NFL', startTime: null } },
      ] as CsvLeg[],
    })
    const cells = csvTicketCells(offFeed, 'Asia/Tokyo')
    expect(cells[0]).toBe('2026-11-21')
    expect(cells[1]).toBe('A | B | C')
    expect(cells[2]).toBe('NFL | NBA')
  })

  it('adds the Legs column only when asked: a file of singles is byte for byte what it was', () => {
    const bet = csvBet({ betType: 'spread' })
    expect(csvHeader()).toBe(buildCsv([], 'UTC'))
    expect(csvHeader({ legs: true })).toBe(
      'Date,Game,Sport,Bet Type,Selection,Odds,Amount,Status,Result,Payout,Profit/Loss,ROI %,Sportsbook,Placed,Legs\r\n',
    )
    expect(csvRows('UTC')(bet)).toBe(csvRow(bet, 'UTC'))
    expect(csvRows('UTC', { legs: true })(bet)).toBe(`${csvRow(bet, 'UTC').slice(0, -2)},\r\n`)
    expect(csvTicketRows('UTC')(parlayTicket())).toBe(csvTicketRow(parlayTicket(), 'UTC'))
  })

  it('adds the units columns last for a bettor with a unit size (decision 072), the money columns unchanged', () => {
    expect(csvHeader({ legs: true, unitSizeCents: 2_500 })).toBe(
      'Date,Game,Sport,Bet Type,Selection,Odds,Amount,Status,Result,Payout,Profit/Loss,ROI %,Sportsbook,Placed,Legs,Amount (units),Profit/Loss (units)\r\n',
    )
    // A $25 unit: the parlay's $10 stake is 0.4u, its $70.18 profit 2.81u; a pending single has no result.
    expect(csvTicketRows('UTC', 2_500)(parlayTicket())).toBe(
      `${csvTicketRow(parlayTicket(), 'UTC').slice(0, -2)},0.4,2.81\r\n`,
    )
    const pending = csvBet({ betType: 'spread', betStatus: 'committed', result: null, payout: null })
    expect(csvRows('UTC', { unitSizeCents: 2_500 })(pending)).toBe(
      `${csvRow(pending, 'UTC').slice(0, -2)},4.4,\r\n`,
    )
    expect(csvRows('UTC', { legs: true, unitSizeCents: 1_000 })(pending)).toBe(
      `${csvRow(pending, 'UTC').slice(0, -2)},,11,\r\n`,
    )
  })

  it('keeps a leg’s exact price in the Legs cell, only where it has one (decision 072)', () => {
    const ticket = parlayTicket()
    const [first, ...rest] = ticket.legs
    if (!first) throw new Error('the parlay has legs')
    const exact = { ...ticket, legs: [{ ...first, exactPrice: '1.91' }, ...rest] }
    const cell = legsCell(exact)
    expect(cell).toContain('"odds":-110,"result":"won","price":"1.91"}')
    expect(legsCell(ticket)).not.toContain('"price"')
    const read = readLegsCell(cell)
    expect('legs' in read && read.legs.map((leg) => leg.exactPrice ?? null)).toEqual(['1.91', null, null])
    expect(readLegsCell(cell.replace('"price":"1.91"', '"price":"1.9091"'))).toEqual({
      reason: 'The Legs cell is not one Grid wrote',
    })
  })

  it('writes the Legs cell as JSON.stringify would, whatever the names hold, every market included', () => {
    // Any UTF-16 text: quotes, backslashes, control characters, emoji and lone surrogates, which JSON escapes.
    const text = fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    })
    const number = fc.integer({ min: -100, max: 100 }).map((half) => half / 2)
    const market: fc.Arbitrary<Market | null> = fc.oneof(
      fc.constant(null),
      fc.record({ betType: fc.constant('spread' as const), team: text, points: number }),
      fc.record({
        betType: fc.constant('total' as const),
        overUnder: fc.constantFrom('over' as const, 'under' as const),
        points: number,
      }),
      fc.record({ betType: fc.constant('moneyline' as const), team: text }),
      fc.record({
        betType: fc.constant('team_total' as const),
        team: text,
        overUnder: fc.constantFrom('over' as const, 'under' as const),
        points: number,
      }),
      fc.record({ betType: fc.constant('draw_no_bet' as const), team: text }),
      fc.record({
        betType: fc.constant('double_chance' as const),
        outcomes: fc.constantFrom(...DOUBLE_CHANCES),
      }),
      fc.record({
        betType: fc.constant('three_way_handicap' as const),
        team: text,
        points: fc.integer(),
        draw: fc.boolean(),
      }),
      fc.record({
        betType: fc.constant('winning_margin' as const),
        team: text,
        margin: fc.nat(),
        orMore: fc.boolean(),
      }),
      fc.record({ betType: fc.constant('both_teams_to_score' as const), yes: fc.boolean() }),
      fc.record({ betType: fc.constant('correct_score' as const), home: fc.nat(), away: fc.nat() }),
    )
    const leg = fc.record({
      event: fc.record({
        kind: fc.constant('off_feed' as const),
        name: text,
        league: fc.option(text, { nil: null }),
        startTime: fc.constant(null),
      }),
      market,
      selection: text,
      odds: fc.option(fc.integer({ min: 100, max: 1000 }), { nil: null }),
      result: fc.option(fc.constantFrom('won', 'lost', 'push', 'void'), { nil: null }),
      exactPrice: fc.option(fc.constantFrom('1.91', '6/4'), { nil: null }),
    })
    // Every shape and boost: a parlay's shape and a missing boost are written from constants.
    const shape: fc.Arbitrary<TicketShape> = fc.oneof(
      fc.constantFrom({ kind: 'single' as const }, { kind: 'parlay' as const }),
      fc.record({ kind: fc.constant('same_game_parlay' as const), voidRule: fc.constantFrom(...VOID_RULES) }),
      fc.record({
        kind: fc.constant('teaser' as const),
        teaserPoints: number,
        ties: fc.constantFrom(...TIE_RULES),
        reducedOdds: fc.option(fc.dictionary(fc.constantFrom('2', '3'), fc.integer()), { nil: null }),
      }),
      fc.record({ kind: fc.constant('round_robin' as const), sizes: fc.array(fc.nat()) }),
    )
    const boost: fc.Arbitrary<Boost | null> = fc.option(
      fc.oneof(
        fc.record({ kind: fc.constant('profit' as const), percent: number }),
        fc.record({ kind: fc.constant('price' as const), unboostedOdds: fc.integer() }),
      ),
      { nil: null },
    )
    fc.assert(
      fc.property(
        fc.array(leg, { minLength: 1, maxLength: 4 }),
        fc.nat(),
        shape,
        boost,
        (legs, toWin, shape, boost) => {
          const ticket = { shape, legs, potentialWin: toWin, boost }
          const json = JSON.stringify({
            v: 1,
            shape,
            toWin,
            boost,
            legs: legs.map(({ event, market, selection, odds, result, exactPrice }) => ({
              event: { kind: 'off_feed', name: event.name, league: event.league, start: null },
              market,
              selection,
              odds,
              result,
              ...(exactPrice ? { price: exactPrice } : {}),
            })),
          })
          expect(legsCell(ticket)).toBe(json)
          expect(legsField(ticket)).toBe(csvField(json))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('refuses a Legs cell Grid did not write, whatever was edited', () => {
    const cell = legsCell(parlayTicket())
    expect(readLegsCell(cell)).toMatchObject({ potentialWin: 7_018 })
    for (const edited of [
      'not json',
      cell.replace('"v":1', '"v":2'),
      cell.replace('"odds":-110', '"odds":-50'),
      cell.replace('"result":"won"', '"result":"half"'),
      cell.replace('"kind":"parlay"', '"kind":"accumulator"'),
      cell.replace('"toWin":7018', '"toWin":70.18'),
      cell.replace('"points":-3.5', '"points":-3.3'),
      cell.replace('"start":null', '"start":"yesterday"'),
    ])
      expect(readLegsCell(edited)).toEqual({ reason: 'The Legs cell is not one Grid wrote' })
  })
})

describe("Grid's CSV round trip of tickets (decision 062)", () => {
  /** Export the tickets, read the file back as Grid's import does, and compare with what went out. */
  function roundTrip(tickets: readonly CsvTicket[], timeZone: string) {
    const text = csvHeader({ legs: true }) + tickets.map(csvTicketRows(timeZone)).join('')
    const [header = [], ...data] = parseDelimited(text)
    expect(isGridExport(header)).toBe(true)
    const mapped = columnIndexes(header, gridMapping(header))
    if (!mapped.ok) throw new Error(mapped.message)
    return readFileEntries(data, mapped.indexes, gridTicketOptions(header))
  }

  function expected(ticket: CsvTicket) {
    const settled = ticket.betStatus === 'committed' && ticket.result !== null
    return {
      draft: {
        shape: ticket.shape,
        odds: ticket.odds,
        amount: ticket.amount,
        potentialWin: ticket.potentialWin,
        boost: ticket.boost,
        result: ticket.result,
        payout: settled ? ticket.payout : null,
        betStatus: ticket.betStatus,
        sportsbook: ticket.sportsbook,
        legs: ticket.legs.map((leg) => ({
          selection: leg.selection,
          odds: leg.odds,
          result: leg.result,
          market: leg.market,
          eventText:
            leg.event.kind === 'game' ? `${leg.event.awayTeam} @ ${leg.event.homeTeam}` : leg.event.name,
          leagueText: (leg.event.kind === 'game' ? leg.event.sport : leg.event.league) ?? '',
          startTime: leg.event.startTime === null ? null : new Date(leg.event.startTime),
        })),
      },
      placed: { instant: new Date(ticket.placedAt) },
    }
  }

  it('gives back the sample parlay, its legs on their games to be looked up again and its prop off the feed', () => {
    const [entry] = roundTrip([parlayTicket()], 'America/Chicago')
    if (entry?.kind !== 'ticket' || !entry.read.ok) throw new Error(JSON.stringify(entry))
    expect(entry.read.ticket).toMatchObject(expected(parlayTicket()))
    expect(entry.read.ticket.day).toBe('2026-11-20')
    expect(entry.read.ticket.draft.legs.map((leg) => leg.teams)).toEqual([
      { teams: ['Boston Celtics', 'Los Angeles Lakers'], ordered: true },
      { teams: ['New York Knicks', 'Miami Heat'], ordered: true },
      null,
    ])
  })

  it('export(tickets) -> import gives the same tickets, their P&L to the cent', () => {
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z .'&=+-]{0,18}[A-Za-z]$/)
    const odds = fc.oneof(fc.integer({ min: 100, max: 100_000 }), fc.integer({ min: -100_000, max: -100 }))
    const points = fc.integer({ min: -60, max: 60 }).map((half) => half / 2)
    const instant = fc
      .integer({ min: Date.parse('2022-08-01T00:00:00Z'), max: Date.parse('2027-12-31T00:00:00Z') })
      .map((at) => new Date(at).toISOString())
    const market: fc.Arbitrary<CsvLeg['market']> = fc.oneof(
      fc.constant(null),
      fc.record({ betType: fc.constant('spread' as const), team: name, points }),
      fc.record({
        betType: fc.constant('total' as const),
        overUnder: fc.constantFrom('over' as const, 'under' as const),
        points: points.map(Math.abs),
      }),
      fc.record({ betType: fc.constant('moneyline' as const), team: fc.oneof(name, fc.constant('Draw')) }),
      // Decisions 068 and 069: the Legs cell carries the other markets whole.
      fc.record({
        betType: fc.constant('team_total' as const),
        team: name,
        overUnder: fc.constantFrom('over' as const, 'under' as const),
        points: points.map(Math.abs),
      }),
      fc.record({ betType: fc.constant('draw_no_bet' as const), team: name }),
      fc.record({
        betType: fc.constant('double_chance' as const),
        outcomes: fc.constantFrom(...DOUBLE_CHANCES),
      }),
      fc.record({
        betType: fc.constant('three_way_handicap' as const),
        team: name,
        points: fc.integer({ min: -5, max: 5 }),
        draw: fc.boolean(),
      }),
      fc.record({
        betType: fc.constant('winning_margin' as const),
        team: name,
        margin: fc.integer({ min: 1, max: 6 }),
        orMore: fc.boolean(),
      }),
    )
    const event: fc.Arbitrary<CsvLegEvent> = fc.oneof(
      fc.record({
        kind: fc.constant('game' as const),
        awayTeam: name,
        homeTeam: name,
        sport: fc.constantFrom('NBA', 'NFL', 'EPL'),
        startTime: fc.option(instant, { nil: null }),
      }),
      fc.record({
        kind: fc.constant('off_feed' as const),
        name: fc.oneof(name, fc.constant('=HYPERLINK("x") | "quoted", two\nlines')),
        league: fc.option(fc.constantFrom('NBA', 'Curling'), { nil: null }),
        startTime: fc.option(instant, { nil: null }),
      }),
    )
    const leg: fc.Arbitrary<CsvLeg> = fc.record({
      event,
      market,
      selection: fc.oneof(name, fc.constant('-3.5 | Over')),
      odds: fc.option(odds, { nil: null }),
      result: fc.option(fc.constantFrom('won', 'lost', 'push', 'void'), { nil: null }),
    })
    const shape: fc.Arbitrary<TicketShape> = fc.oneof(
      fc.constant({ kind: 'parlay' as const }),
      fc.record({ kind: fc.constant('same_game_parlay' as const), voidRule: fc.constantFrom(...VOID_RULES) }),
      fc.record({
        kind: fc.constant('teaser' as const),
        teaserPoints: fc.constantFrom(4, 6, 6.5, 7, 10),
        ties: fc.constantFrom(...TIE_RULES),
        reducedOdds: fc.option(fc.dictionary(fc.constantFrom('2', '3'), odds), { nil: null }),
      }),
      fc.constant({ kind: 'round_robin' as const, sizes: [2] }),
    )
    const ticket: fc.Arbitrary<CsvTicket> = fc
      .record({
        shape,
        legs: fc.array(leg, { minLength: 3, maxLength: 6 }),
        odds,
        unit: fc.integer({ min: 1, max: 1_000_000 }),
        potentialWin: fc.integer({ min: 0, max: 10_000_000_000 }),
        boost: fc.option(
          fc.oneof(
            fc.record({ kind: fc.constant('profit' as const), percent: fc.constantFrom(10, 25, 33.33, 50) }),
            fc.record({ kind: fc.constant('price' as const), unboostedOdds: odds }),
          ),
          { nil: null },
        ),
        committed: fc.boolean(),
        result: fc.option(fc.constantFrom('won', 'lost', 'push', 'void'), { nil: null }),
        payout: fc.integer({ min: 0, max: 10_000_000_000 }),
        sportsbook: fc.constantFrom('DraftKings', 'FanDuel', 'Manual Entry', '+EV Book'),
        placedAt: instant,
      })
      .map(({ unit, committed, result, payout, legs, shape, ...rest }) => {
        // A round robin's stake divides among its parlays (decision 058): C(n, 2) of them.
        const parlays = (legs.length * (legs.length - 1)) / 2
        const amount = shape.kind === 'round_robin' ? Math.min(unit, 100) * parlays : unit
        const settled = committed ? result : null
        return {
          ...rest,
          shape,
          legs,
          amount,
          betStatus: committed ? ('committed' as const) : ('tentative' as const),
          result: settled,
          payout: settled === null ? null : payout,
        }
      })
    fc.assert(
      fc.property(
        fc.array(ticket, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('UTC', 'America/Chicago', 'Asia/Kolkata'),
        (tickets, zone) => {
          const entries = roundTrip(tickets, zone)
          expect(entries).toHaveLength(tickets.length)
          let fileNet = 0
          let importedNet = 0
          for (const [i, entry] of entries.entries()) {
            const ticket = tickets[i] as CsvTicket
            if (entry.kind !== 'ticket' || !entry.read.ok) throw new Error(JSON.stringify(entry))
            expect(entry.read.ticket).toMatchObject(expected(ticket))
            const { draft } = entry.read.ticket
            // The file's writer quotes the Legs cell as it writes it (legsField): the same field as
            // quoting the cell afterwards, quotes, commas and line breaks in names included.
            expect(csvTicketRows(zone)(ticket)).toBe(csvTicketRow(ticket, zone))
            fileNet += ticket.result === null ? 0 : (ticket.payout ?? 0) - ticket.amount
            importedNet += draft.result === null ? 0 : (draft.payout ?? 0) - draft.amount
          }
          expect(importedNet).toBe(fileNet)
        },
      ),
      { numRuns: 150 },
    )
  })

  it('reads a file of singles and tickets: the singles by readRow as before', () => {
    const single = csvBet({ betType: 'spread' })
    const text =
      csvHeader({ legs: true }) + csvRows('UTC', { legs: true })(single) + csvTicketRow(parlayTicket(), 'UTC')
    const [header = [], ...data] = parseDelimited(text)
    const mapped = columnIndexes(header, gridMapping(header))
    if (!mapped.ok) throw new Error(mapped.message)
    const entries = readFileEntries(data, mapped.indexes, gridTicketOptions(header))
    expect(entries.map((entry) => entry.kind)).toEqual(['single', 'ticket'])
    expect(readRow(data[0] ?? [], mapped.indexes)).toMatchObject({ ok: true, draft: { betType: 'spread' } })
  })

  it('refuses a Legs cell whose rules do not fit its legs', () => {
    const reasons = [
      parlayTicket({ shape: { kind: 'round_robin', sizes: [3] } }),
      parlayTicket({ shape: { kind: 'round_robin', sizes: [2, 2] }, amount: 600 }),
    ].map((ticket) => {
      const [entry] = roundTrip([ticket], 'UTC')
      return entry?.kind === 'ticket' && !entry.read.ok ? entry.read.reason : null
    })
    expect(reasons).toEqual([
      'A round robin of 3 legs cannot hold parlays of 3 (once each)',
      'A round robin of 3 legs cannot hold parlays of 2 (once each)',
    ])
    // A row labelled Parlay whose Legs cell was edited to a single.
    const cells = csvTicketCells(parlayTicket(), 'UTC')
    cells[14] = legsCell({ ...parlayTicket(), shape: { kind: 'single' } })
    const header = [...CSV_COLUMNS, 'Legs']
    const mapped = columnIndexes(header, gridMapping(header))
    if (!mapped.ok) throw new Error(mapped.message)
    expect(readFileEntries([cells], mapped.indexes, gridTicketOptions(header))).toMatchObject([
      { kind: 'ticket', read: { ok: false, reason: 'A single has one leg: its row is a single bet' } },
    ])
  })

  it('reads a ticket row without its Legs cell from the readable columns', () => {
    const cells = csvTicketCells(parlayTicket(), 'UTC').slice(0, 14)
    const header = [...CSV_COLUMNS]
    const mapped = columnIndexes(header, gridMapping(header))
    if (!mapped.ok) throw new Error(mapped.message)
    const [entry] = readFileEntries([cells], mapped.indexes, gridTicketOptions(header))
    if (entry?.kind !== 'ticket' || !entry.read.ok) throw new Error(JSON.stringify(entry))
    const { draft } = entry.read.ticket
    expect(draft).toMatchObject({
      shape: { kind: 'parlay' },
      odds: 697,
      amount: 1_000,
      result: 'won',
      payout: 8_018,
    })
    expect(draft.legs.map((leg) => [leg.selection, leg.eventText, leg.market?.betType ?? null])).toEqual([
      ['Los Angeles Lakers -3.5', 'Boston Celtics @ Los Angeles Lakers', 'spread'],
      ['Over 210.5', 'New York Knicks @ Miami Heat', 'total'],
      ['LeBron James over 25.5 points', 'LeBron James points', 'moneyline'],
    ])
    // The prop read as a bare name is only a guess: off the feed it keeps its text and no market.
    expect(draft.legs[2]?.guessed).toBe(true)
  })
  it('writes a single off the feed under its event and reads it back as one, off the feed (decision 063)', () => {
    const future = csvBet({
      betType: 'other',
      selection: 'Nikola Jokic',
      odds: 450,
      amount: 2_000,
      result: 'won',
      payout: 11_000,
      game: { homeTeam: 'NBA MVP 2027', awayTeam: '', sport: 'NBA', startTime: '2026-11-23T18:00:00.000Z' },
    })
    const cells = csvCells(future, 'UTC')
    expect(cells.slice(1, 5)).toEqual(['NBA MVP 2027', 'NBA', 'Other', 'Nikola Jokic'])
    const header = [...CSV_COLUMNS]
    const mapped = columnIndexes(header, gridMapping(header))
    if (!mapped.ok) throw new Error(mapped.message)
    const [entry] = readFileEntries([cells], mapped.indexes, gridTicketOptions(header))
    if (entry?.kind !== 'ticket' || !entry.read.ok) throw new Error(JSON.stringify(entry))
    expect(entry.read.ticket.draft).toMatchObject({
      shape: { kind: 'single' },
      odds: 450,
      amount: 2_000,
      potentialWin: 9_000,
      result: 'won',
      payout: 11_000,
      legs: [
        {
          eventText: 'NBA MVP 2027',
          leagueText: 'NBA',
          teams: null,
          market: null,
          selection: 'Nikola Jokic',
        },
      ],
    })
  })
})

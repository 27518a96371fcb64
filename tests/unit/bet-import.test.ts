import { describe, expect, it } from 'vitest'
import { BET_FORM_MESSAGES } from '../../src/domain/bet-form'
import {
  columnIndexes,
  gridMapping,
  guessMapping,
  isGridExport,
  readDay,
  readFilePrice,
  readLeague,
  readOdds,
  readPlaced,
  readRow,
  readStake,
  termsOnGame,
} from '../../src/domain/bet-import'
import { CSV_COLUMNS } from '../../src/domain/csv'
import { parseDelimited } from '../../src/domain/delimited'
import { countByKind, type LegDraft, legOffFeed, legOnGame } from '../../src/domain/ticket-draft'
import { type FileEntry, readFileEntries, readTicketKind } from '../../src/domain/ticket-import'

describe('delimited text', () => {
  it('reads RFC 4180 quoting, CRLF, a BOM, and tabs', () => {
    expect(parseDelimited('\ufeffa,b\r\n"x, ""y""",2\r\n\r\n')).toEqual([
      ['a', 'b'],
      ['x, "y"', '2'],
    ])
    expect(parseDelimited('a\tb\nc\td')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    expect(() => parseDelimited('a,"b')).toThrow(RangeError)
  })
})

describe('cells', () => {
  it('reads American, decimal and fractional odds (decision 009)', () => {
    expect(readOdds('-110')).toBe(-110)
    expect(readOdds('+150')).toBe(150)
    expect(readOdds('EVEN')).toBe(100)
    expect(readOdds('1.91')).toBe(-110)
    expect(readOdds('2.50')).toBe(150)
    expect(readOdds('2')).toBe(100)
    expect(readOdds('5/2')).toBe(250)
    expect(readOdds('1/2')).toBe(-200)
    expect(readOdds('50')).toBe(4900) // decimal: any number between 1 and 100
    expect(readOdds('1')).toBeNull()
    expect(readOdds('abc')).toBeNull()
  })

  it('reads dates in the usual orders', () => {
    expect(readDay('2026-03-21')).toBe('2026-03-21')
    expect(readDay('2026-03-21T19:00:00Z')).toBe('2026-03-21')
    expect(readDay('03/21/2026')).toBe('2026-03-21')
    expect(readDay('21/03/2026')).toBe('2026-03-21')
    expect(readDay('3/21/26')).toBe('2026-03-21')
    expect(readDay('21.03.2026')).toBe('2026-03-21')
    expect(readDay('2026-02-30')).toBeNull()
  })

  it('reads stakes and leagues', () => {
    expect(readStake('$1,100.50')).toBe(110_050)
    expect(readStake('0')).toBe('Stake must be greater than 0')
    expect(readStake('1.234')).toMatch(/at most 2 decimals/)
    expect(readLeague('College FB')).toBe('NCAAF')
    expect(readLeague('Premier League')).toBe('EPL')
    expect(readLeague('eng.1')).toBe('EPL')
    expect(readLeague('nfl')).toBe('NFL')
    expect(readLeague('Curling')).toBeNull()
  })
})

describe('rows', () => {
  it("knows Grid's export by its header", () => {
    expect(isGridExport([...CSV_COLUMNS])).toBe(true)
    expect(isGridExport(['Date', 'Game'])).toBe(false)
  })

  it("knows Grid's export made before the Sportsbook and Placed columns", () => {
    const before = CSV_COLUMNS.slice(0, 12)
    expect(isGridExport(before)).toBe(true)
    expect(gridMapping(before)).not.toHaveProperty('sportsbook')
    expect(gridMapping(before)).not.toHaveProperty('placed')
  })

  it("reads back the sportsbook and the placed time of Grid's export", () => {
    const header = [...CSV_COLUMNS]
    expect(header.slice(12)).toEqual(['Sportsbook', 'Placed'])
    const mapped = columnIndexes(header, gridMapping(header))
    if (!mapped.ok) throw new Error(mapped.message)
    const cells = ['2026-03-21', 'Boston Celtics @ Los Angeles Lakers', 'NBA', 'Moneyline', 'Lakers ML']
    const row = readRow(
      [
        ...cells,
        '-150',
        '30.00',
        'committed',
        'won',
        '50.00',
        '20.00',
        '66.7',
        'FanDuel',
        '2026-03-21T18:05:00.000Z',
      ],
      mapped.indexes,
    )
    expect(row).toMatchObject({
      ok: true,
      draft: { sportsbook: 'FanDuel', placed: { instant: new Date('2026-03-21T18:05:00.000Z') } },
    })
  })

  it('reads a placed time as an instant with its offset, or a wall time of the day', () => {
    expect(readPlaced('2026-03-21T18:05:00-04:00')).toEqual({ instant: new Date('2026-03-21T22:05:00Z') })
    expect(readPlaced('2026-03-21 19:05')).toEqual({ day: '2026-03-21', time: '19:05' })
    expect(readPlaced('3/21/2026 7:05 PM')).toEqual({ day: '2026-03-21', time: '19:05' })
    expect(readPlaced('3/21/2026, 12:30 am')).toEqual({ day: '2026-03-21', time: '00:30' })
    expect(readPlaced('21.03.2026')).toEqual({ day: '2026-03-21', time: '00:00' })
    expect(readPlaced('2026-03-21 25:00')).toBeUndefined()
    expect(readPlaced('yesterday')).toBeUndefined()
    expect(guessMapping(['Date', 'Placed At', 'Event', 'Pick', 'Odds', 'Stake'])).toMatchObject({
      date: 'Date',
      placed: 'Placed At',
    })
  })

  it("reads a row of Grid's export", () => {
    const header = [...CSV_COLUMNS]
    const mapped = columnIndexes(header, gridMapping(header))
    if (!mapped.ok) throw new Error(mapped.message)
    const row = readRow(
      [
        '2026-03-21',
        'Liverpool @ Brighton & Hove Albion',
        'Premier League',
        'Spread',
        'Liverpool -0.5',
        '+105',
        '50.00',
        'committed',
        'lost',
        '0.00',
        '-50.00',
        '-100.0',
        'Manual Entry',
        '2026-03-21T14:00:00.000Z',
      ],
      mapped.indexes,
    )
    expect(row).toMatchObject({
      ok: true,
      draft: {
        day: '2026-03-21',
        league: 'EPL',
        betType: 'spread',
        side: { kind: 'team', team: 'Liverpool' },
        points: -0.5,
        odds: 105,
        amount: 5000,
        result: 'lost',
        betStatus: 'committed',
      },
    })
  })

  it('reads a generic row through a mapping, with the line in its own column', () => {
    const header = [
      'Placed',
      'Sport',
      'Away',
      'Home',
      'Type',
      'Pick',
      'Line',
      'Price',
      'Risk',
      'Outcome',
      'Book',
    ]
    const mapping = guessMapping(header)
    expect(mapping).toMatchObject({
      date: 'Placed',
      league: 'Sport',
      away: 'Away',
      home: 'Home',
      market: 'Type',
      selection: 'Pick',
      line: 'Line',
      odds: 'Price',
      stake: 'Risk',
      result: 'Outcome',
      sportsbook: 'Book',
    })
    const mapped = columnIndexes(header, mapping)
    if (!mapped.ok) throw new Error(mapped.message)
    const row = readRow(
      [
        '09/17/2022',
        'MLB',
        'Marlins',
        'Nationals',
        'Total',
        'Under',
        '8.5',
        '1.91',
        '$110',
        'W',
        'DraftKings',
      ],
      mapped.indexes,
    )
    expect(row).toMatchObject({
      ok: true,
      draft: {
        betType: 'total',
        side: { kind: 'under' },
        points: 8.5,
        odds: -110,
        amount: 11_000,
        result: 'won',
        sportsbook: 'DraftKings',
      },
    })
  })

  it('keeps a number that is part of a team name when the line has its own column', () => {
    const header = ['Date', 'Event', 'Market', 'Selection', 'Line', 'Odds', 'Stake']
    const mapped = columnIndexes(header, guessMapping(header))
    if (!mapped.ok) throw new Error(mapped.message)
    const row = readRow(
      ['2026-03-21', 'Leverkusen @ Heidenheim', 'Spread', '1. FC Heidenheim 1846', '+1.5', '-110', '10'],
      mapped.indexes,
    )
    expect(row).toMatchObject({
      ok: true,
      draft: { side: { kind: 'team', team: '1. FC Heidenheim 1846' }, points: 1.5 },
    })
  })

  it('reads the other markets whole from the selection, and a period before it (decisions 068, 069, 073, 074)', () => {
    const header = ['Date', 'Event', 'Market', 'Selection', 'Line', 'Odds', 'Stake']
    const mapped = columnIndexes(header, guessMapping(header))
    if (!mapped.ok) throw new Error(mapped.message)
    const game = { id: 9, league: 'EPL', awayTeam: 'Chelsea', homeTeam: 'Arsenal' }
    const stored = (market: string, selection: string, line = '') => {
      const row = readRow(
        ['2026-03-21', 'Chelsea @ Arsenal', market, selection, line, '+150', '10'],
        mapped.indexes,
      )
      if (!row.ok) return row.reason
      const terms = termsOnGame(row.draft, game)
      return terms.ok
        ? [terms.terms.betType, terms.terms.selection, terms.terms.period ?? 'FT']
        : terms.reason
    }
    expect(stored('Team Total', 'Arsenal Over', '1.5')).toEqual(['team_total', 'Arsenal Over 1.5', 'FT'])
    expect(stored('BTTS', 'Yes')).toEqual(['both_teams_to_score', 'BTTS Yes', 'FT'])
    expect(stored('Correct Score', '2-1')).toEqual(['correct_score', 'Correct Score 2-1', 'FT'])
    expect(stored('Double Chance', '1X')).toEqual(['double_chance', '1X', 'FT'])
    // A nickname's draw no bet, on the game's spelling.
    expect(stored('Draw No Bet', 'Chelsea')).toEqual(['draw_no_bet', 'Chelsea DNB', 'FT'])
    expect(stored('Winning Margin', 'Arsenal by 2+')).toEqual(['winning_margin', 'Arsenal by 2+', 'FT'])
    expect(stored('Total', '1H Over 0.5')).toEqual(['total', '1H Over 0.5', '1H'])
    expect(stored('Correct Score', '1H 1-0')).toEqual(['correct_score', '1H Correct Score 1-0', '1H'])
    expect(stored('Correct Score', 'two nil')).toBe("Selection 'two nil' is not a correct score bet")
    expect(stored('Total', 'Q1 Over 0.5')).toBe(
      'Premier League games take no bets on Q1: choose one of FT, 1H, 2H',
    )
    expect(stored('Player Props', 'Saka to score')).toMatch(
      /^Market 'Player Props' is not one Grid reads \(spread, /,
    )
    // Soccer's markets on soccer alone.
    const nba = { id: 10, league: 'NBA', awayTeam: 'Boston Celtics', homeTeam: 'Los Angeles Lakers' }
    const btts = readRow(['2026-03-21', 'Celtics @ Lakers', 'BTTS', 'Yes', '', '+150', '10'], mapped.indexes)
    if (!btts.ok) throw new Error(btts.reason)
    expect(termsOnGame(btts.draft, nba)).toEqual({
      ok: false,
      reason: BET_FORM_MESSAGES.goalMarketsOnlySoccer,
    })
  })

  it('gives each bad row its reason', () => {
    const header = ['Date', 'Event', 'Selection', 'Odds', 'Stake', 'Result']
    const mapped = columnIndexes(header, guessMapping(header))
    if (!mapped.ok) throw new Error(mapped.message)
    expect(readRow(['yesterday', 'A @ B', 'A', '-110', '10', ''], mapped.indexes)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not a date/),
    })
    expect(readRow(['2026-01-01', 'A @ B', 'A', '-90', '10', ''], mapped.indexes)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Odds/),
    })
    expect(readRow(['2026-01-01', 'A @ B', 'A', '-110', '-10', ''], mapped.indexes)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Stake/),
    })
    expect(readRow(['2026-01-01', 'A @ B', 'A', '-110', '10', 'half time'], mapped.indexes)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Result/),
    })
    // A decimal or fractional price is kept exactly (decision 072); a computed decimal reads as American.
    expect(readFilePrice('1.91')).toEqual({ odds: -110, exactPrice: '1.91' })
    expect(readFilePrice(' 6/4 ')).toEqual({ odds: 150, exactPrice: '6/4' })
    expect(readFilePrice('1.9091')).toEqual({ odds: -110, exactPrice: null })
    expect(readFilePrice('+150')).toEqual({ odds: 150, exactPrice: null })
    expect(readFilePrice('150')).toEqual({ odds: 150, exactPrice: null })
    expect(readFilePrice('abc')).toBeNull()
    // A quarter line's half results (decision 071) are read, in the words books use.
    expect(
      readRow(['2026-01-01', 'A @ B', 'A -0.25', '-110', '10', 'Half Won'], mapped.indexes),
    ).toMatchObject({
      ok: true,
      draft: { result: 'half_won', points: -0.25 },
    })
    expect(
      readRow(['2026-01-01', 'A @ B', 'Over 2.75', '-110', '10', 'half loss'], mapped.indexes),
    ).toMatchObject({ ok: true, draft: { result: 'half_lost', points: 2.75 } })
    expect(columnIndexes(header, {})).toMatchObject({ ok: false, field: 'date' })
  })

  it("puts the team on the game's own spelling, refusing a team of neither side", () => {
    const header = ['Date', 'Event', 'Market', 'Selection', 'Odds', 'Stake']
    const mapped = columnIndexes(header, guessMapping(header))
    if (!mapped.ok) throw new Error(mapped.message)
    const row = readRow(
      ['2026-01-01', 'LA Rams @ Seattle', 'Moneyline', 'LA Rams', '+120', '10'],
      mapped.indexes,
    )
    if (!row.ok) throw new Error(row.reason)
    const game = { id: 1, league: 'NFL', awayTeam: 'Los Angeles Rams', homeTeam: 'Seattle Seahawks' }
    expect(termsOnGame(row.draft, game)).toMatchObject({
      ok: true,
      terms: { selection: 'Los Angeles Rams ML' },
    })
    expect(termsOnGame(row.draft, { ...game, awayTeam: 'Dallas Cowboys' })).toMatchObject({ ok: false })
  })
})

describe('tickets in a mapped file (decision 062)', () => {
  function entriesOf(text: string, options?: Parameters<typeof readFileEntries>[2]) {
    const [header = [], ...data] = parseDelimited(text)
    const mapped = columnIndexes(header, guessMapping(header))
    if (!mapped.ok) throw new Error(mapped.message)
    return { data, indexes: mapped.indexes, entries: readFileEntries(data, mapped.indexes, options) }
  }

  function ticketOf(entry: FileEntry | undefined) {
    if (entry?.kind !== 'ticket' || !entry.read.ok) throw new Error(JSON.stringify(entry))
    return entry.read.ticket
  }

  it('reads one row per ticket, legs joined with " | ", with their own odds when the file has them', () => {
    const file = [
      'Date,Sport,Event,Type,Selection,Odds,Stake,Result,Payout,Book',
      '2026-03-21,NBA,Celtics @ Lakers | Knicks @ Heat,Parlay,Lakers -3.5 (-110) | Over 210.5 (-110),+264,10,won,36.45,DraftKings',
      '2026-03-21,NFL,Chiefs @ Bills | Eagles @ Cowboys,6pt Teaser,Chiefs +4.5 | Eagles +8.5,-120,12,lost,0,FanDuel',
      '2026-03-21,NBA,Celtics @ Lakers,Spread,Lakers -3.5,-110,11,won,,DraftKings',
    ].join('\n')
    const { entries } = entriesOf(file)
    expect(entries.map((entry) => entry.kind)).toEqual(['ticket', 'ticket', 'single'])
    const parlay = ticketOf(entries[0])
    expect(parlay.draft).toMatchObject({
      shape: { kind: 'parlay' },
      odds: 264,
      amount: 1_000,
      // The legs' product: 10.00 x (210/110)^2 = 36.4463 -> 36.45, To Win 26.45 (decision 054).
      potentialWin: 2_645,
      result: 'won',
      payout: 3_645,
      sportsbook: 'DraftKings',
    })
    expect(parlay.draft.legs).toMatchObject([
      {
        day: '2026-03-21',
        leagueText: 'NBA',
        teams: { teams: ['Celtics', 'Lakers'], ordered: true },
        market: { betType: 'spread', team: 'Lakers', points: -3.5 },
        selection: 'Lakers -3.5',
        odds: -110,
        result: null,
      },
      {
        teams: { teams: ['Knicks', 'Heat'], ordered: true },
        market: { betType: 'total', overUnder: 'over', points: 210.5 },
        odds: -110,
      },
    ])
    const teaser = ticketOf(entries[1])
    expect(teaser.draft).toMatchObject({
      // What the file does not say: ties push (decision 056); the lost ticket paid nothing.
      shape: { kind: 'teaser', teaserPoints: 6, ties: 'push', reducedOdds: null },
      result: 'lost',
      payout: 0,
    })
  })

  it('reads the separator the mapping names, one event for a same-game parlay, and the payout from the profit', () => {
    const file = [
      'Date,League,Event,Market,Selection,Odds,Stake,Outcome,Profit',
      '03/21/2026,NBA,Celtics @ Lakers,SGP,Lakers ML/Over 220.5/LeBron James over 25.5 points,+450,20,W,90.00',
      '03/21/2026,NBA,Celtics @ Lakers,SGP,Lakers ML/Over 220.5,+250,20,L,-20.00',
    ].join('\n')
    const { entries } = entriesOf(file, { separator: '/', legsColumn: null })
    const won = ticketOf(entries[0])
    expect(won.draft).toMatchObject({
      shape: { kind: 'same_game_parlay', voidRule: 'reprice' },
      // The file's profit stands: 20.00 + 90.00.
      result: 'won',
      payout: 11_000,
    })
    expect(won.draft.legs.map((leg) => [leg.eventText, leg.market?.betType, leg.guessed])).toEqual([
      ['Celtics @ Lakers', 'moneyline', false],
      ['Celtics @ Lakers', 'total', false],
      // A prop reads as a bare name: only the game's teams could prove it a moneyline.
      ['Celtics @ Lakers', 'moneyline', true],
    ])
    expect(ticketOf(entries[1]).draft).toMatchObject({ result: 'lost', payout: 0 })
  })

  it('reads one row per leg sharing a ticket id; a lone row is a single as before', () => {
    const file = [
      'Ticket ID,Date,League,Event,Market,Selection,Line,Odds,Stake,Result,Profit',
      'T1,2026-03-21,NBA,Celtics @ Lakers,Spread,Lakers,-3.5,-110,10,won,26.45',
      'T2,2026-03-22,NFL,Chiefs @ Bills,Moneyline,Chiefs,,+150,20,won,',
      'T1,2026-03-21,NBA,Knicks @ Heat,Total,Over,210.5,-110,10,won,26.45',
      'T3,2026-03-22,NFL,Ravens @ Steelers,Spread,Ravens,-2.5,-110,11,lost,',
      'T2,2026-03-22,NFL,Eagles @ Cowboys,Spread,Eagles,+3,-110,20,push,',
    ].join('\n')
    const { entries } = entriesOf(file)
    expect(entries.map((entry) => [entry.kind, entry.kind === 'ticket' ? entry.rows : entry.row])).toEqual([
      ['ticket', [0, 2]],
      ['ticket', [1, 4]],
      ['single', 3],
    ])
    const first = ticketOf(entries[0])
    expect(first.draft).toMatchObject({
      shape: { kind: 'parlay' },
      // The legs' product 3.6446 at the shortest price paying it (parlayOdds).
      odds: 265,
      amount: 1_000,
      // The file's profit stands: 10.00 + 26.45.
      result: 'won',
      payout: 3_645,
    })
    expect(first.draft.legs.map((leg) => [leg.selection, leg.odds, leg.result])).toEqual([
      ['Lakers', -110, 'won'],
      ['Over', -110, 'won'],
    ])
    expect(first.draft.legs[0]?.market).toEqual({ betType: 'spread', team: 'Lakers', points: -3.5 })
    // No profit column value: the legs settle it (decision 054), the pushed leg removed: 20.00 x 2.5 = 50.00.
    // Its odds are both legs' product, 2.5 x 210/110 = 4.7727: +377.27, paid at least by +378.
    expect(ticketOf(entries[1]).draft).toMatchObject({ result: 'won', payout: 5_000, odds: 378 })
  })

  it("keeps the history's P&L the file's to the cent", () => {
    const file = [
      'Date,Event,Type,Selection,Odds,Stake,Result,Payout',
      '2026-03-21,A @ B | C @ D,Parlay,A ML | C ML,+264,10,won,30.91',
      '2026-03-21,A @ B | C @ D | E @ F,Round Robin by 2s,A ML (+120) | C ML (-110) | E ML (+105),+300,30,lost,21.43',
      '2026-03-21,A @ B | C @ D,Parlay,A ML | C ML,+264,10,push,10',
      '2026-03-21,A @ B | C @ D,Parlay,A ML | C ML,+264,10,void,10',
      '2026-03-21,A @ B | C @ D,Parlay,A ML | C ML,+264,10,pending,',
    ].join('\n')
    const { entries } = entriesOf(file)
    const tickets = entries.map(ticketOf)
    expect(tickets.map((ticket) => [ticket.draft.result, ticket.draft.payout])).toEqual([
      ['won', 3_091],
      ['lost', 2_143],
      ['push', 1_000],
      ['void', 1_000],
      [null, null],
    ])
    // File: +20.91 - 8.57 + 0 + 0 = +12.34.
    const net = tickets.reduce(
      (sum, t) => sum + (t.draft.payout === null ? 0 : t.draft.payout - t.draft.amount),
      0,
    )
    expect(net).toBe(1_234)
    expect(tickets[1]?.draft.shape).toEqual({ kind: 'round_robin', sizes: [2] })
  })

  it("keeps a one-row ticket's legs' decimal and fractional prices exact (decision 072)", () => {
    const file = [
      'Date,Event,Type,Selection,Odds,Stake,Result',
      '2026-03-21,Chelsea @ Arsenal | Everton @ Leeds | Brentford @ Leeds,Parlay,Arsenal ML (2.05) | Over 2.5 (6/4) | Leeds ML (+120),+900,10,pending',
    ].join('\n')
    const [entry] = entriesOf(file).entries
    expect(ticketOf(entry).draft.legs.map((leg) => [leg.selection, leg.odds, leg.exactPrice])).toEqual([
      ['Arsenal ML', 105, '2.05'],
      ['Over 2.5', 150, '6/4'],
      ['Leeds ML', 120, null],
    ])
  })

  it('gives each bad ticket its reason', () => {
    const reasons = (text: string) =>
      entriesOf(text).entries.map((entry) =>
        entry.kind === 'ticket' && !entry.read.ok ? entry.read.reason : null,
      )
    const header = 'Date,Event,Type,Selection,Odds,Stake,Result'
    expect(
      reasons(
        [
          header,
          '2026-03-21,A @ B | C @ D | E @ F | G @ H,Parlay,A ML | C ML | E ML,+264,10,won',
          '2026-03-21,A @ B,Parlay,A ML,+264,10,won',
          '2026-03-21,A @ B | C @ D,Parlay,A ML | C ML,+264,10,half',
          '2026-03-21,A @ B | C @ D | E @ F,Round Robin by 2s,A ML | C ML | E ML,+300,10,lost',
          '2026-03-21,A @ B | C @ D,Round Robin by 3s,A ML | C ML,+300,10,lost',
          '2026-03-21,A @ B | C @ D,Parlay,A ML | C ML,+264,10,won',
        ].join('\n'),
      ),
    ).toEqual([
      'The ticket has 3 legs but 4 events',
      "A ticket has 2 to 15 legs, separated by '|': this one has 1",
      "Result 'half' is not won, lost, push, void or pending",
      'A round robin of 3 parlays cannot stake 1000 cents evenly',
      'A round robin of 2 legs cannot hold parlays of 3',
      null,
    ])
  })

  it('gives a bad figure, a bad leg or a tentative ticket with a result its reason', () => {
    const reasons = (text: string) =>
      entriesOf(text).entries.map((entry) =>
        entry.kind === 'ticket' && !entry.read.ok ? entry.read.reason : null,
      )
    expect(
      reasons(
        [
          'Date,Event,Type,Selection,Odds,Stake,Result,Payout,Profit,Bet Status',
          '2026-03-21,A @ B | C @ D,Parlay,A ML | C ML,+264,10,won,-5,,committed',
          '2026-03-21,A @ B | C @ D,Parlay,A ML | C ML,+264,10,lost,,(12.00),committed',
          '2026-03-21,A @ B | C @ D,Parlay,A ML | C ML,+264,10,won,,,tentative',
          '2026-03-21,A @ B,Parlay,A ML |  | C ML,+264,10,won,,,committed',
          '2026-03-21,A @ B | C @ D,Parlay,A ML | C ML,-50,10,won,,,committed',
          '2026-03-21,A @ B | C @ D,Parlay,A ML | Draw,+264,10,lost,,(10.00),committed',
        ].join('\n'),
      ),
    ).toEqual([
      "Payout '-5' is not an amount of at least 0",
      "Profit '(12.00)' is not an amount the stake can lose",
      'A tentative bet cannot have a result',
      'Leg 2: The leg has no selection',
      "Odds '-50' are neither American (-110, +150) nor decimal (1.91)",
      null,
    ])
    const perLeg = entriesOf(
      [
        'Ticket,Date,Event,Selection,Odds,Stake,Result',
        'T1,2026-03-21,A @ B,A ML,-50,10,won',
        'T1,2026-03-21,C @ D,C ML,-110,10,won',
        'T2,2026-03-21,A @ B,A ML,-110,10,half',
        'T2,2026-03-21,C @ D,C ML,-110,10,won',
        'T3,2026-03-21,A @ B,A ML,-110,10,won',
        'T3,2026-03-21,C @ D,C ML,-110,10,',
      ].join('\n'),
    ).entries
    expect(
      perLeg.map((entry) => (entry.kind === 'ticket' && !entry.read.ok ? entry.read.reason : null)),
    ).toEqual([
      "Leg 1: odds '-50' are neither American nor decimal",
      "Leg 1: result 'half' is not won, lost, push or void",
      null,
    ])
    // A leg still pending and no payout in the file: the ticket is pending.
    expect(ticketOf(perLeg[2]).draft).toMatchObject({ result: null, payout: null })
  })

  it('names the kinds of ticket in the words books use', () => {
    expect(readTicketKind('Parlay')).toEqual({ kind: 'parlay' })
    expect(readTicketKind('4-leg Accumulator')).toEqual({ kind: 'parlay' })
    expect(readTicketKind('Same-Game Parlay')).toEqual({ kind: 'same_game_parlay' })
    expect(readTicketKind('Bet Builder')).toEqual({ kind: 'same_game_parlay' })
    expect(readTicketKind('2-team teaser 6.5pt')).toEqual({ kind: 'teaser', points: 6.5 })
    expect(readTicketKind('Teaser')).toEqual({ kind: 'teaser', points: null })
    expect(readTicketKind('4-leg Round Robin by 2s and 3s')).toEqual({ kind: 'round_robin', sizes: [2, 3] })
    expect(readTicketKind('Round Robin by 3')).toEqual({ kind: 'round_robin', sizes: [3] })
    // SharpSports' slip types.
    expect(readTicketKind('round_robin')).toEqual({ kind: 'round_robin', sizes: [] })
    expect(readTicketKind('same_game_parlay')).toEqual({ kind: 'same_game_parlay' })
    expect(readTicketKind('Spread')).toBeNull()
    expect(readTicketKind('')).toBeNull()
  })

  it('guesses the ticket id, payout and profit columns, leaving the older guesses as they were', () => {
    expect(
      guessMapping(['Date', 'Ticket ID', 'Event', 'Pick', 'Odds', 'Stake', 'Payout', 'P/L']),
    ).toMatchObject({
      ticket: 'Ticket ID',
      payout: 'Payout',
      profit: 'P/L',
      selection: 'Pick',
    })
  })
})

describe('ticket drafts and their legs (decision 062)', () => {
  const leg: LegDraft = {
    day: '2026-03-21',
    startTime: null,
    leagueText: 'NFL',
    teams: { teams: ['LA Rams', 'Seattle'], ordered: true },
    eventText: 'LA Rams @ Seattle',
    market: { betType: 'spread', team: 'LA Rams', points: 3.5 },
    guessed: false,
    selection: 'LA Rams +3.5',
    odds: -110,
    result: 'won',
  }
  const game = { id: 7, league: 'NFL', awayTeam: 'Los Angeles Rams', homeTeam: 'Seattle Seahawks' }

  it("puts a leg on the game's spelling, or says why it stays off the feed", () => {
    expect(legOnGame(leg, game)).toEqual({
      ok: true,
      leg: {
        event: { kind: 'game', gameId: 7 },
        market: { betType: 'spread', team: 'Los Angeles Rams', points: 3.5 },
        selection: 'Los Angeles Rams +3.5',
        odds: -110,
        exactPrice: null,
        period: 'FT',
        result: 'won',
        handResult: null,
      },
    })
    expect(legOnGame({ ...leg, market: { betType: 'moneyline', team: 'Draw' } }, game)).toEqual({
      ok: false,
      reason: 'A draw can only be bet on in soccer',
    })
    expect(legOnGame({ ...leg, market: { betType: 'moneyline', team: 'Dallas' } }, game)).toMatchObject({
      ok: false,
    })
    expect(legOnGame({ ...leg, market: null }, game)).toMatchObject({ ok: false })
  })

  it('keeps a leg off the feed with its event name, dropping a market only guessed from a bare name', () => {
    expect(legOffFeed(leg)).toMatchObject({
      event: { kind: 'off_feed', name: 'LA Rams @ Seattle', league: 'NFL', startTime: null },
      market: { betType: 'spread' },
    })
    expect(legOffFeed({ ...leg, guessed: true, leagueText: '' })).toMatchObject({
      event: { league: null },
      market: null,
      selection: 'LA Rams +3.5',
    })
  })

  it('counts tickets by kind for the summaries', () => {
    expect(
      countByKind([
        { shape: { kind: 'parlay' } },
        { shape: { kind: 'teaser' } },
        { shape: { kind: 'parlay' } },
      ]),
    ).toEqual({ single: 0, parlay: 2, same_game_parlay: 0, teaser: 1, round_robin: 0 })
  })
})

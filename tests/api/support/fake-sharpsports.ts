import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in for api.sharpsports.io on a loopback port: it answers contexts, bettors, bettor
 * accounts, refreshes, bet slips and removeAccess in the shapes of SharpSports' documentation
 * (docs.sharpsports.io: BetSlip, BettorAccount, Bettor, refresh bettor), refuses a wrong key with 401 as
 * the API does, and records every request for the test to read. `link` plays the bettor finishing the
 * hosted BookLink flow; `addSlip` a bet the book reports.
 */
export const PRIVATE_KEY = 'private_sandbox_grid'
export const PUBLIC_KEY = 'public_sandbox_grid'

export interface PartnerCall {
  method: string
  path: string
  query: URLSearchParams
  authorization: string | undefined
  body: unknown
}

export const BOOKS = {
  dk: { id: 'BOOK_nhLZ9l5DRs6w6KcE2n7vnw', name: 'DraftKings', abbr: 'dk' },
  fd: { id: 'BOOK_fanduel000000000000000', name: 'FanDuel', abbr: 'fd' },
  mg: { id: 'BOOK_pPg9ABaPSj2mL6qoMTKR1A', name: 'BetMGM', abbr: 'mg' },
} as const
type BookKey = keyof typeof BOOKS

/** A slip's leg on a game no feed has given Grid: a sync lists it as not synced, with the reason. */
export const UNKNOWN_GAME_LEG = {
  event: {
    league: 'NBA',
    name: 'Atlanta Hawks @ Memphis Grizzlies',
    startTime: '2026-11-24T01:00:00Z',
    contestantAway: { fullName: 'Atlanta Hawks' },
    contestantHome: { fullName: 'Memphis Grizzlies' },
  },
  proposition: 'moneyline',
  position: 'Memphis Grizzlies',
  line: null,
}

interface Account {
  id: string
  bettor: string
  book: (typeof BOOKS)[BookKey]
  access: boolean
  verified: boolean
}

export class FakeSharpSports {
  readonly calls: PartnerCall[] = []
  /** Answers every request with 500 while set (the partner down). */
  down = false
  /** Milliseconds each answer waits (a browser test sees the buttons' busy words). */
  delayMs = 0
  /** Answers every request with 200 and a JSON object of no documented shape while set. */
  malformed = false
  private server: Server | null = null
  private readonly bettors = new Map<string, string>()
  private readonly accounts: Account[] = []
  private readonly slips = new Map<string, Record<string, unknown>[]>()
  private counter = 0

  async start(): Promise<string> {
    const server = createServer((request, response) => {
      void this.answer(request).then(([status, body]) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(body))
      })
    })
    this.server = server
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  stop(): Promise<void> {
    return new Promise((done) => this.server?.close(() => done()))
  }

  of(method: string, pathPattern: RegExp): PartnerCall[] {
    return this.calls.filter((call) => call.method === method && pathPattern.test(call.path))
  }

  /**
   * The bettor links a book in the hosted UI: the bettor is created at its first link (docs: Bettor), with
   * `bettorId` when given (the partner's ids are its own: Grid must not read them as paths).
   */
  link(internalId: string, book: BookKey, bettorId?: string): string {
    let bettor = this.bettors.get(internalId)
    if (!bettor) {
      bettor = bettorId ?? `BTTR_${++this.counter}`
      this.bettors.set(internalId, bettor)
    }
    // Docs, account management: linking a book again turns the same account's access back on.
    const again = this.accounts.find((a) => a.bettor === bettor && a.book.abbr === book)
    if (again) again.access = true
    else
      this.accounts.push({
        id: `BACT_${++this.counter}`,
        bettor,
        book: BOOKS[book],
        access: true,
        verified: true,
      })
    return bettor
  }

  accountOf(internalId: string, book: BookKey): Account | undefined {
    const bettor = this.bettors.get(internalId)
    return this.accounts.find((account) => account.bettor === bettor && account.book.abbr === book)
  }

  /** A bet slip as the BetSlip reference shows one; `slip` overrides the slip, `leg` its one bet. */
  addSlip(
    internalId: string,
    book: BookKey,
    slip: Record<string, unknown> = {},
    leg: Record<string, unknown> = {},
  ): Record<string, unknown> {
    const bettor = this.bettors.get(internalId)
    if (!bettor) throw new Error(`no bettor ${internalId}`)
    const account = this.accountOf(internalId, book)
    const made = {
      id: `SLIP_${++this.counter}`,
      bettor,
      book: BOOKS[book],
      bettorAccount: account?.id ?? null,
      bookRef: `REF${this.counter}`,
      timePlaced: '2026-11-23T21:03:02Z',
      type: 'single',
      subtype: null,
      oddsAmerican: -110,
      atRisk: 11000,
      toWin: 10000,
      status: 'pending',
      outcome: null,
      refreshResponse: null,
      incomplete: false,
      netProfit: null,
      dateClosed: null,
      typeSpecial: null,
      bets: [
        {
          id: `BET_${this.counter}`,
          type: 'straight',
          event: {
            id: `EVNT_${this.counter}`,
            sport: 'Football',
            league: 'NFL',
            name: 'Buffalo Bills @ Kansas City Chiefs',
            nameSpecial: null,
            startTime: '2026-11-24T01:15:00Z',
            startDate: '2026-11-24',
            sportId: 'SPRT_americanfootball',
            leagueId: 'LGUE_nfl',
            contestantAway: { id: 'TEAM_buf', fullName: 'Buffalo Bills' },
            contestantHome: { id: 'TEAM_kc', fullName: 'Kansas City Chiefs' },
            neutralVenue: false,
          },
          proposition: 'spread',
          propDetails: null,
          segment: null,
          segmentDetail: null,
          segmentId: 'SEGM_M',
          position: 'Kansas City Chiefs',
          line: -3.5,
          oddsAmerican: -110,
          status: 'pending',
          outcome: null,
          live: false,
          incomplete: false,
          bookDescription: 'KC Chiefs -3.5',
          ...leg,
        },
      ],
      ...slip,
    }
    this.slips.set(bettor, [...(this.slips.get(bettor) ?? []), made])
    return made
  }

  /** The book grades a slip (status completed, the outcome, netProfit), as a refresh would report it. */
  grade(slipId: string, outcome: 'win' | 'loss' | 'push' | 'void'): void {
    for (const list of this.slips.values()) {
      const slip = list.find((item) => item.id === slipId)
      if (slip) Object.assign(slip, { status: 'completed', outcome, dateClosed: '2026-11-24' })
    }
  }

  private async answer(request: IncomingMessage): Promise<[number, unknown]> {
    let text = ''
    for await (const chunk of request) text += chunk
    const url = new URL(request.url ?? '/', 'http://sharpsports.test')
    const method = request.method ?? ''
    const authorization = request.headers.authorization
    this.calls.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      authorization,
      body: text ? JSON.parse(text) : null,
    })
    if (this.delayMs > 0) await new Promise((done) => setTimeout(done, this.delayMs))
    if (this.down) return [500, { detail: 'Internal server error' }]
    if (this.malformed) return [200, { detail: 'Something else entirely' }]
    // Docs, Authentication: the private key for GETs of a bettor's data, the public key for the rest.
    const expected = method === 'GET' ? PRIVATE_KEY : PUBLIC_KEY
    if (authorization !== `Token ${expected}`) return [401, { detail: 'Invalid token.' }]
    const path = url.pathname
    if (method === 'POST' && path === '/v1/context') {
      const body = JSON.parse(text || '{}') as { internalId?: string; redirectUrl?: string }
      return [
        200,
        { cid: `CTX_${++this.counter}`, internalId: body.internalId, redirectUrl: body.redirectUrl },
      ]
    }
    if (method === 'GET' && path === '/v1/bettors') {
      const internalId = url.searchParams.get('internalId') ?? ''
      const bettor = this.bettors.get(internalId)
      return [200, bettor ? [{ id: bettor, internalId, timeCreated: '2026-11-23T20:00:00Z' }] : []]
    }
    const bettorPath = /^\/v1\/bettors\/([^/]+)\/(bettorAccounts|betSlips|refresh)$/.exec(path)
    if (bettorPath?.[1] && bettorPath[2]) {
      const bettor = decodeURIComponent(bettorPath[1])
      const what = bettorPath[2]
      if (method === 'GET' && what === 'bettorAccounts') {
        return [200, this.accounts.filter((a) => a.bettor === bettor).map(accountObject)]
      }
      if (method === 'GET' && what === 'betSlips') return [200, this.slips.get(bettor) ?? []]
      if (method === 'POST' && what === 'refresh') {
        const ids = this.accounts.filter((a) => a.bettor === bettor && a.access).map((a) => a.id)
        return [
          200,
          { betRefreshRequested: new Date().toISOString(), refresh: ids, noAccess: [], requestId: 'r1' },
        ]
      }
    }
    const remove = /^\/v1\/bettorAccounts\/([^/]+)\/removeAccess$/.exec(path)
    if (method === 'PUT' && remove?.[1]) {
      const account = this.accounts.find((a) => a.id === remove[1])
      if (!account) return [404, { detail: 'Not found.' }]
      account.access = false
      return [200, accountObject(account)]
    }
    return [404, { detail: 'Not found.' }]
  }
}

/** A bettorAccount in the reference's shape. */
function accountObject(account: Account) {
  return {
    id: account.id,
    bettor: account.bettor,
    book: account.book,
    bookRegion: { id: 'BSTA_co', name: 'Colorado', abbr: 'co', status: 'active', country: 'United States' },
    verified: account.verified,
    access: account.access,
    paused: false,
    balance: 1158,
    timeCreated: '2026-11-23T20:00:00Z',
    isUnverifiable: false,
    refreshInProgress: false,
  }
}

import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BetTerms } from '../../src/domain/bet'
import { formatSignedDollars } from '../../src/domain/money'
import { buildGrid, scoreRanges } from '../../src/domain/outcome-grid'
import { seriousViolations } from './support/axe'
import { launchBrowser, newPage, screenshot, startE2eApp } from './support/e2e-app'

/**
 * Issue 6 in a real Chromium: a new bettor's first session on a fresh install (simulated games), 2FA
 * login with the development outbox, the Grid following the score, an axe scan and screenshots.
 */
type E2eApp = Awaited<ReturnType<typeof startE2eApp>>
interface ApiGame {
  id: number
  sport: string
  status: string
  homeTeam: string
  awayTeam: string
  homeScore: number | null
  awayScore: number | null
}

let server: E2eApp
let browser: Browser

beforeAll(async () => {
  server = await startE2eApp()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const account = { username: 'firstbettor', email: 'first@example.com', password: 'correct-horse' }

async function signUp(page: Page, who: typeof account) {
  await page.goto('/')
  await page.getByRole('tab', { name: 'Sign Up' }).click()
  await page.getByLabel('Username').fill(who.username)
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password', { exact: true }).fill(who.password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.getByRole('tab', { name: 'Login', selected: true }).waitFor()
}

async function logIn(page: Page, who: typeof account) {
  await page.getByLabel('Username').fill(who.username)
  await page.getByLabel('Password', { exact: true }).fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** A live game with a score, from the API the page itself uses (same cookies). */
async function liveFootballGame(page: Page): Promise<ApiGame> {
  const games = (await (await page.request.get('/api/games/live')).json()) as ApiGame[]
  const live = games.find((g) => g.status === 'in_progress' && g.sport === 'NFL' && g.homeScore !== null)
  if (!live)
    throw new Error(`no live NFL game at this moment: ${games.map((g) => g.sport + g.status).join()}`)
  return live
}

/** A new signed-in page on the detail of a live NFL game. */
async function openLiveFootballGame() {
  const [context, page] = await newPage(browser, server.url)
  await page.goto('/')
  await logIn(page, account)
  await page.getByRole('tab', { name: "Today's Games" }).waitFor()
  const game = await liveFootballGame(page)
  await page.goto(`/game/${game.id}`)
  return { context, page, game }
}

async function cellText(page: Page, home: number, away: number): Promise<string> {
  return (await page.locator(`td[aria-label^="Home ${home}, Away ${away}:"]`).first().textContent()) ?? ''
}

describe('a new bettor', () => {
  it('signs up, bets on a live game, sees the Grid the domain computes, confirms, deletes, logs out and in', async () => {
    const [context, page] = await newPage(browser, server.url)
    await expect(page.goto('/')).resolves.toBeTruthy()
    await page.getByText('Welcome to').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'login-1280')

    await signUp(page, account)
    await logIn(page, account)
    await page.getByRole('tab', { name: "Today's Games" }).waitFor()
    await page.getByText('Loading games...').waitFor({ state: 'detached' })
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'games-home-1280')

    const game = await liveFootballGame(page)
    await page
      .getByRole('button', { name: new RegExp(`${game.awayTeam}.*${game.homeTeam}`) })
      .first()
      .click()
    const detail = page.getByRole('dialog', { name: `${game.awayTeam} @ ${game.homeTeam}` })
    await detail.getByRole('tab', { name: 'Live Grid' }).waitFor()

    await detail.getByRole('button', { name: 'Add Bet' }).click()
    const form = page.getByRole('dialog', { name: `Bet on ${game.awayTeam} @ ${game.homeTeam}` })
    await form.getByLabel('Bet Type').selectOption('spread')
    await form.getByLabel('Team').selectOption(game.homeTeam)
    await form.getByLabel('Points').fill('-3.5')
    await form.getByLabel('Amount ($)').fill('110')
    await form.getByText('To Win: $100.00').waitFor()
    await form.getByRole('button', { name: 'Place Bet' }).click()
    await page.getByText('Bet placed successfully').first().waitFor()

    await detail.getByRole('button', { name: 'Add Bet' }).click()
    await form.getByLabel('Bet Type').selectOption('total')
    await form.getByLabel('Over/Under').selectOption('over')
    await form.getByLabel('Total Points').fill('44.5')
    await form.getByLabel('Amount ($)').fill('50')
    await form.getByRole('button', { name: 'Place Bet' }).click()
    await detail.getByText('Active Bets (2)').waitFor()

    // The cells the page shows are the domain's grid over the same two bets at the same score. The grid
    // draws the cells in view only; these sit near the current score, where the view starts.
    const spreadBet: BetTerms = {
      betType: 'spread',
      selection: '',
      odds: -110,
      amount: 11_000,
      spreadTeam: game.homeTeam,
      spreadPoints: -3.5,
    }
    const totalBet: BetTerms = {
      betType: 'total',
      selection: '',
      odds: -110,
      amount: 5_000,
      totalPoints: 44.5,
      overUnder: 'over',
    }
    const current = { home: game.homeScore ?? 0, away: game.awayScore ?? 0 }
    const ranges = scoreRanges('NFL', current)
    const grid = buildGrid({ matchup: { ...game, league: 'NFL' }, bets: [spreadBet, totalBet], ...ranges })
    const width = ranges.away.max - ranges.away.min + 1
    for (const [h, a] of [
      [current.home + 3, current.away],
      [current.home, current.away + 4],
      [current.home + 4, current.away + 3],
    ] as const) {
      const cents = grid.profit[(h - ranges.home.min) * width + (a - ranges.away.min)] ?? 0
      await expect
        .poll(() => cellText(page, h, a))
        .toContain(cents === 0 ? '--' : formatSignedDollars(cents, 0))
    }
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'game-detail-1280')

    page.on('dialog', (prompt) => prompt.accept())
    await detail.getByRole('button', { name: /^Confirm .*-3\.5$/ }).click()
    await detail
      .getByRole('button', { name: /^Confirm / })
      .waitFor({ state: 'detached' })
      .catch(() => {})
    await detail.getByRole('button', { name: 'Delete Over 44.5' }).click()
    await detail.getByText('Active Bets (1)').waitFor()
    const mine = (await (await page.request.get('/api/bets')).json()) as {
      betStatus: string
      selection: string
    }[]
    expect(mine).toEqual([expect.objectContaining({ betStatus: 'committed' })])

    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: account.username }).click()
    await page.getByRole('link', { name: 'Logout' }).click()
    await page.getByText('Welcome to').waitFor()
    await logIn(page, account)
    await page.getByRole('tab', { name: "Today's Games" }).waitFor()
    await context.close()
  })

  it('lays the main screens out on a 375 px phone', async () => {
    const [context, page] = await newPage(browser, server.url, 375)
    await page.goto('/')
    await screenshot(page, 'login-375')
    await logIn(page, account)
    await page.getByRole('tab', { name: "Today's Games" }).waitFor()
    await page.getByText('Loading games...').waitFor({ state: 'detached' })
    await screenshot(page, 'games-home-375')
    const game = await liveFootballGame(page)
    await page.goto(`/game/${game.id}`)
    await page.getByRole('grid', { name: 'Outcome grid' }).waitFor()
    await screenshot(page, 'game-page-375')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await context.close()
  })
})

describe('the Grid on a live game', () => {
  it('moves the current-score cell when the simulated score changes', async () => {
    const { context, page, game } = await openLiveFootballGame()
    const currentCell = page.locator('td[aria-label$="current score"]')
    await expect
      .poll(() => currentCell.getAttribute('aria-label'))
      .toMatch(new RegExp(`^Home ${game.homeScore}, Away ${game.awayScore}:`))
    // Run the simulated clock on until this game's score moves, as the background sync would.
    let now: ApiGame | undefined = game
    for (
      let step = 0;
      step < 40 && now?.homeScore === game.homeScore && now?.awayScore === game.awayScore;
      step++
    ) {
      await server.advance(60_000)
      const games = (await (await page.request.get('/api/games/live')).json()) as ApiGame[]
      now = games.find((g) => g.id === game.id)
    }
    expect(now?.homeScore !== game.homeScore || now?.awayScore !== game.awayScore).toBe(true)
    await expect
      .poll(() => currentCell.getAttribute('aria-label'), { timeout: 15_000 })
      .toMatch(new RegExp(`^Home ${now?.homeScore}, Away ${now?.awayScore}:`))
    await context.close()
  })
})

describe('the Grid by keyboard', () => {
  /** The label of the cell the grid names as active (aria-activedescendant), as a screen reader hears it. */
  const activeLabel = (page: Page) =>
    page.evaluate(() => {
      const grid = document.querySelector('[role="grid"]')
      const id = grid?.getAttribute('aria-activedescendant')
      return id ? (document.getElementById(id)?.getAttribute('aria-label') ?? null) : null
    })

  it('starts on the current score and moves cell by cell with the arrow keys, Home and End', async () => {
    const { context, page, game } = await openLiveFootballGame()
    const grid = page.getByRole('grid', { name: 'Outcome grid' })
    await grid.focus()
    const home = game.homeScore ?? 0
    const away = game.awayScore ?? 0
    await expect
      .poll(() => activeLabel(page))
      .toMatch(new RegExp(`^Home ${home}, Away ${away}:.*current score$`))

    await page.keyboard.press('ArrowRight')
    await expect.poll(() => activeLabel(page)).toMatch(new RegExp(`^Home ${home}, Away ${away + 1}:`))
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => activeLabel(page)).toMatch(new RegExp(`^Home ${home + 1}, Away ${away + 1}:`))
    const first = await page.locator('thead th').nth(1).textContent()
    await page.keyboard.press('Home')
    await expect.poll(() => activeLabel(page)).toMatch(new RegExp(`^Home ${home + 1}, Away ${first}:`))

    // End goes to the last column, beyond the drawn window: the grid scrolls it in and names it.
    const last = await page.locator('thead th').last().textContent()
    expect(Number(last)).toBeGreaterThan(away)
    const lastCell = page.locator(`td[aria-label^="Home ${home + 1}, Away ${last}:"]`)
    expect(await lastCell.count()).toBe(0)
    await page.keyboard.press('End')
    await lastCell.waitFor()
    await expect.poll(() => activeLabel(page)).toMatch(new RegExp(`^Home ${home + 1}, Away ${last}:`))
    await context.close()
  })
})

describe('two-factor login', () => {
  it('asks for the e-mailed code, refuses a wrong one, and lets the right one in', async () => {
    const [context, page] = await newPage(browser, server.url)
    await page.goto('/')
    await logIn(page, account)
    await page.getByRole('tab', { name: "Today's Games" }).waitFor()
    const enable = await page.request.post('/api/auth/2fa/enable', { data: { method: 'email' } })
    const setupCode = ((await enable.json()) as { codeForDev: string }).codeForDev
    expect((await page.request.post('/api/auth/2fa/verify', { data: { code: setupCode } })).ok()).toBe(true)
    await page.goto('/api/logout')

    await page.getByText('Welcome to').waitFor()
    await logIn(page, account)
    const code = page.getByLabel('Verification code')
    await code.fill('000000')
    await code.press('Enter')
    await page.getByText('Verification Failed').first().waitFor()

    const { messages } = (await (await page.request.get('/api/dev/outbox')).json()) as {
      messages: { text: string; subject: string }[]
    }
    const latest = messages.find((mail) => /\b\d{6}\b/.test(mail.text))
    const emailed = /\b(\d{6})\b/.exec(latest?.text ?? '')?.[1]
    expect(emailed).toMatch(/^\d{6}$/)
    await code.fill(emailed ?? '')
    await page.getByRole('button', { name: 'Verify Code' }).click()
    await page.getByRole('tab', { name: "Today's Games" }).waitFor()
    await context.close()
  })
})

describe('the standalone sign-up page', () => {
  it('takes the referral from the link, checks the password before sending, then completes', async () => {
    const [context, page] = await newPage(browser, server.url)
    await page.goto('/register?ref=vip-42')
    const referral = page.getByLabel('Referral code (optional)')
    expect(await referral.inputValue()).toBe('VIP42')
    await page.getByText('10% off your subscription with a valid referral code').waitFor()

    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.getByText('All fields are required').waitFor()
    await page.getByLabel('Username').fill('standalone')
    await page.getByLabel('Email').fill('standalone@example.com')
    await page.getByLabel('Password', { exact: true }).fill('short')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.getByText('Password must be at least 6 characters').waitFor()
    const refused = await page.request.post('/api/auth/login', {
      data: { username: 'standalone', password: 'short' },
    })
    expect(refused.status()).toBe(401)

    await page.getByLabel('Password', { exact: true }).fill('long-enough')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.getByRole('heading', { name: 'Registration Complete!' }).waitFor()
    const login = await page.request.post('/api/auth/login', {
      data: { username: 'standalone', password: 'long-enough' },
    })
    expect(login.ok()).toBe(true)
    const user = (await (await page.request.get('/api/auth/user')).json()) as { referralCode: string }
    expect(user.referralCode).toBe('VIP42')
    await context.close()
  })
})

import { describe, expect, it } from 'vitest'
import { simulatedScoreboard } from '../../src/server/feeds/simulator/simulator'
import { signInByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { e2eSuite, screenshot } from './support/e2e-app'

/**
 * In a real Chromium: a bettor imports a tracker's CSV from Settings: the mapping step with its
 * preview, the batches with a progress bar, then fixes the row that matched no game by choosing its game.
 */
const suite = e2eSuite()
const DAY = '2026-11-20'
/** A different stake on every row: identical rows in different batches would count as one (docs/import.md). */
const stake = (i: number) => `${10 + Math.floor(i / 100)}.${String(i % 100).padStart(2, '0')}`

describe('importing bets from a file', () => {
  it('maps the columns, shows the progress, and fixes an unmatched row in place', async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    const games = simulatedScoreboard({
      seed: suite.server.app.config.feed.seed,
      now: new Date('2026-11-23T20:30:00Z'),
      day: DAY,
      timeZone: 'America/New_York',
    }).filter((game) => game.status === 'final')
    const nba = games.find((game) => game.league === 'NBA')
    if (!nba) throw new Error('no final NBA game')
    const lines = ['Date,League,Event,Market,Selection,Line,Odds,Stake,Result']
    // 1,200 rows: three batches of 500 and one of 200.
    for (let i = 0; i < 1_199; i++) {
      const game = games[i % games.length] ?? nba
      lines.push(
        `${DAY},${game.league},${game.awayTeam} @ ${game.homeTeam},Spread,${game.homeTeam},-1.5,1.91,${stake(i)},${i % 2 ? 'W' : 'L'}`,
      )
    }
    // The home side is written in a way nothing fits: the row matches no game.
    lines.push(`${DAY},NBA,${nba.awayTeam} @ The Home Side,Moneyline,${nba.awayTeam},,+140,25,`)

    // Slow each batch's answer a little, so the progress shows between batches.
    await page.route('**/api/bets/import?**', async (route) => {
      await new Promise((done) => setTimeout(done, 400))
      await route.continue()
    })

    await page.goto('/settings')
    // The settings card's link, not the footer's "Import Bets", which matches the same name
    // (Playwright compares names without case) and is there before the card is.
    await page.getByRole('main').getByRole('link', { name: 'Import bets', exact: true }).click()
    await page.getByRole('heading', { name: 'Import Bets' }).waitFor()
    await page.getByLabel('CSV or TSV file with a header line').setInputFiles({
      name: 'tracker.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\n')),
    })

    // The mapping step, guessed from the names, and the first rows as they will be read.
    await page.getByRole('heading', { name: 'Which column holds what' }).waitFor()
    expect(await page.getByLabel('Odds (American or decimal)').inputValue()).toBe('Odds')
    expect(await page.getByLabel('Line (points)').inputValue()).toBe('Line')
    const preview = page.getByRole('table', { name: 'The first rows as they will be read' })
    const first = games[0] ?? nba
    await preview
      .getByRole('cell', { name: `${first.homeTeam} -1.5` })
      .first()
      .waitFor()
    await expect.poll(() => preview.getByRole('cell', { name: '-110' }).count()).toBeGreaterThan(0)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'import-mapping')

    await page.getByRole('button', { name: 'Import', exact: true }).click()
    const progress = page.getByRole('progressbar', { name: 'Import progress' })
    await progress.waitFor()
    await page.getByRole('button', { name: 'Cancel' }).waitFor()
    await screenshot(page, 'import-progress')

    const status = page.getByRole('status').filter({ hasText: 'imported' })
    await status.waitFor({ timeout: 60_000 })
    expect(await status.textContent()).toContain(
      '1199 imported (0 unlinked), 0 already imported, 1 without a game, 0 failed.',
    )
    const row = 'Row 1201'
    await page.getByText(`${row}: No game on this day`).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'import-results')

    // Fix in place: choose the game; the row is imported on it and leaves the list.
    const select = page.getByLabel('Game for row 1201')
    const option = select.locator('option', { hasText: `${nba.awayTeam} @ ${nba.homeTeam}` })
    const value = await option.getAttribute('value')
    expect(value).not.toBeNull()
    await select.selectOption(value ?? '')
    await page.getByRole('button', { name: 'Link to game' }).click()
    await expect.poll(() => status.textContent()).toContain('1200 imported')
    expect(await page.getByText(`${row}: No game on this day`).count()).toBe(0)

    // Every page of the history (a page holds about 500 bets).
    const bets: { selection: string; game: { id: number } }[] = []
    for (let cursor: string | null = ''; cursor !== null; ) {
      const history = await page.request.get(`/api/bets/history${cursor ? `?cursor=${cursor}` : ''}`)
      const answer = (await history.json()) as { bets: typeof bets; nextCursor: string | null }
      bets.push(...answer.bets)
      cursor = answer.nextCursor
    }
    expect(bets).toHaveLength(1200)
    expect(bets.find((bet) => bet.selection === `${nba.awayTeam} ML`)?.game.id).toBe(Number(value))
  })

  it('shows a row whose result the final score contradicts as a conflict, and the bettor chooses', async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    const nba = simulatedScoreboard({
      seed: suite.server.app.config.feed.seed,
      now: new Date('2026-11-23T20:30:00Z'),
      day: DAY,
      timeZone: 'America/New_York',
    }).find((game) => game.league === 'NBA' && game.status === 'final' && game.homeScore !== game.awayScore)
    if (!nba) throw new Error('no decided final NBA game')
    // The file says the home side won when the score says it lost, or the other way round.
    const homeWon = (nba.homeScore ?? 0) > (nba.awayScore ?? 0)
    const [fileSays, scoreSays] = homeWon ? ['lost', 'won'] : ['won', 'lost']
    const file = [
      'Date,League,Event,Market,Selection,Odds,Stake,Result,Book,Placed',
      `${DAY},NBA,${nba.awayTeam} @ ${nba.homeTeam},Moneyline,${nba.homeTeam},+125,40,${fileSays},FanDuel,${DAY} 10:15`,
    ].join('\n')

    await page.goto('/import')
    await page.getByRole('heading', { name: 'Import Bets' }).waitFor()
    await page.getByLabel('CSV or TSV file with a header line').setInputFiles({
      name: 'book.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file),
    })
    await page.getByRole('heading', { name: 'Which column holds what' }).waitFor()
    expect(await page.getByLabel('Placed (date and time)').inputValue()).toBe('Placed')
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    await page.getByRole('status').filter({ hasText: '1 imported' }).waitFor({ timeout: 60_000 })

    await page.goto('/history')
    const conflict = page.getByText(`The file says ${fileSays}, the score says ${scoreSays}.`)
    await conflict.waitFor()
    await page.getByText('1 bet has a result its file and the final score disagree on').waitFor()
    expect(await page.getByRole('button', { name: /^Share Win/ }).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'import-conflict')

    await page.getByRole('button', { name: `Use ${scoreSays} (score)` }).click()
    await conflict.waitFor({ state: 'detached' })
    expect(await page.getByText('disagree on').count()).toBe(0)
    await screenshot(page, 'import-conflict-resolved')
    const history = await (await page.request.get('/api/bets/history')).json()
    expect(history.bets[0]).toMatchObject({ result: scoreSays, conflict: null, sportsbook: 'FanDuel' })
    expect(history.summary.openConflicts).toBe(0)
  })
})

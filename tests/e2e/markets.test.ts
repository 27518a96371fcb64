import { beforeAll, describe, expect, it } from 'vitest'
import { marketLines, storeGame } from '../api/support/bets'
import { signInByApi } from './support/accounts'
import { seriousViolations } from './support/axe'
import { e2eSuite, screenshot } from './support/e2e-app'
import { openBetForm } from './support/pages/bet-form'

/**
 * Decision 068 in a real Chromium: a soccer bettor enters a team total, a draw no bet and a double chance
 * through the bet form, and the grid shows their sum cell by cell; an NFL game's form offers the team total
 * but not the soccer markets.
 */
const suite = e2eSuite()
const ARSENAL_CHELSEA = { awayTeam: 'Chelsea', homeTeam: 'Arsenal' }
const BILLS_CHIEFS = { awayTeam: 'Buffalo Bills', homeTeam: 'Kansas City Chiefs' }
let games: { soccer: number; nfl: number }

beforeAll(async () => {
  const { app } = suite.server
  const soccer = await storeGame(app, {
    ...ARSENAL_CHELSEA,
    league: 'EPL',
    leagueAlias: 'eng.1',
    homeAbbreviation: 'ARS',
    awayAbbreviation: 'CHE',
    status: 'scheduled',
    lines: marketLines({ total: 2.5, homeMoneyline: 120, awayMoneyline: 230, drawMoneyline: 240 }),
  })
  const nfl = await storeGame(app, { status: 'scheduled' })
  games = { soccer: soccer.id, nfl: nfl.id }
})

describe('markets beyond the spec’s three (decision 068)', () => {
  it('enters a team total, draw no bet and double chance on a soccer game and draws them on its grid', async () => {
    const [, page] = await suite.page()
    await signInByApi(page)

    let form = await openBetForm(page, { ...ARSENAL_CHELSEA, id: games.soccer })
    await form.dialog.getByLabel('Bet Type').selectOption('team_total')
    await form.dialog.getByLabel('Team', { exact: true }).selectOption('Chelsea')
    await form.dialog.getByLabel('Over/Under').selectOption('over')
    await form.dialog.getByLabel('Total Points').fill('1.5')
    await form.dialog.getByLabel('Amount ($)').fill('110')
    await form.waitForToWin('$100.00')
    await screenshot(page, 'market-team-total-form')
    await form.place()
    await form.dialog.waitFor({ state: 'hidden' })

    form = await openBetForm(page, { ...ARSENAL_CHELSEA, id: games.soccer })
    await form.dialog.getByLabel('Bet Type').selectOption('draw_no_bet')
    await form.dialog.getByLabel('Team', { exact: true }).selectOption('Arsenal')
    await form.dialog.getByLabel('Amount ($)').fill('100')
    await form.place()
    await form.dialog.waitFor({ state: 'hidden' })

    form = await openBetForm(page, { ...ARSENAL_CHELSEA, id: games.soccer })
    await form.dialog.getByLabel('Bet Type').selectOption('double_chance')
    await form.dialog.getByLabel('Outcomes').selectOption('X2')
    await form.dialog.getByLabel('Amount ($)').fill('100')
    await form.place()
    await form.dialog.waitFor({ state: 'hidden' })

    const grid = page.getByRole('grid', { name: 'Outcome grid' })
    // 1-1 at -110 each: Chelsea's one goal is under (-110), the draw gives Arsenal DNB back, X2 wins (+90.91).
    await grid.getByRole('gridcell', { name: /^Home 1, Away 1: -\$19 / }).waitFor()
    // 2-2: over (+100), the draw (0), X2 (+90.91).
    await grid.getByRole('gridcell', { name: /^Home 2, Away 2: \+\$191 / }).waitFor()
    expect(await page.getByText('Chelsea Over 1.5').count()).toBeGreaterThan(0)
    expect(await page.getByText('Arsenal DNB').count()).toBeGreaterThan(0)
    await screenshot(page, 'market-soccer-grid')
    expect(await seriousViolations(page)).toEqual([])
  })

  it('enters a three-way handicap on the draw and a winning margin on a soccer game (decision 069)', async () => {
    // A new account: only these two bets are on the shared soccer game's grid.
    const [, page] = await suite.page()
    await signInByApi(page)

    let form = await openBetForm(page, { ...ARSENAL_CHELSEA, id: games.soccer })
    await form.dialog.getByLabel('Bet Type').selectOption('three_way_handicap')
    await form.dialog.getByLabel('Team', { exact: true }).selectOption('Arsenal')
    await form.dialog.getByLabel('Handicap (Whole Goals)').fill('-1')
    const backing = form.dialog.getByLabel('Backing')
    await backing.locator('option', { hasText: 'Arsenal -1' }).waitFor({ state: 'attached' })
    await backing.selectOption({ label: 'Draw' })
    await form.dialog.getByLabel('Amount ($)').fill('100')
    await form.waitForToWin('$90.91')
    await form.place()
    await form.dialog.waitFor({ state: 'hidden' })

    form = await openBetForm(page, { ...ARSENAL_CHELSEA, id: games.soccer })
    await form.dialog.getByLabel('Bet Type').selectOption('winning_margin')
    await form.dialog.getByLabel('Winner').selectOption('Chelsea')
    await form.dialog.getByLabel('Margin (Goals)').fill('2')
    await form.dialog.getByLabel('Or More').check()
    await form.dialog.getByLabel('Amount ($)').fill('20')
    await form.waitForToWin('$18.18')
    await screenshot(page, 'market-three-way-margin-form')
    expect(await seriousViolations(page)).toEqual([])
    await form.place()
    await form.dialog.waitFor({ state: 'hidden' })

    const grid = page.getByRole('grid', { name: 'Outcome grid' })
    // 1-0: Arsenal by exactly 1 is level under Arsenal -1, so the draw wins (+90.91); Chelsea by 2+ loses (-20).
    await grid.getByRole('gridcell', { name: /^Home 1, Away 0: \+\$71 / }).waitFor()
    // 0-2: Arsenal -1 is not level (-100); Chelsea by 2+ wins (+18.18).
    await grid.getByRole('gridcell', { name: /^Home 0, Away 2: -\$82 / }).waitFor()
    // 2-2: both lose.
    await grid.getByRole('gridcell', { name: /^Home 2, Away 2: -\$120 / }).waitFor()
    expect(await page.getByText('Draw (Arsenal -1)').count()).toBeGreaterThan(0)
    expect(await page.getByText('Chelsea by 2+').count()).toBeGreaterThan(0)
  })

  it('enters both teams to score and a correct score and draws them cell by cell (decision 074)', async () => {
    const [, page] = await suite.page()
    await signInByApi(page)

    let form = await openBetForm(page, { ...ARSENAL_CHELSEA, id: games.soccer })
    await form.dialog.getByLabel('Bet Type').selectOption('both_teams_to_score')
    await form.dialog.getByLabel('Both Teams to Score').selectOption('Yes')
    await form.dialog.getByLabel('Amount ($)').fill('110')
    await form.waitForToWin('$100.00')
    await form.place()
    await form.dialog.waitFor({ state: 'hidden' })

    form = await openBetForm(page, { ...ARSENAL_CHELSEA, id: games.soccer })
    await form.dialog.getByLabel('Bet Type').selectOption('correct_score')
    await form.dialog.getByLabel('Arsenal Goals').fill('2')
    await form.dialog.getByLabel('Chelsea Goals').fill('1')
    await form.dialog.getByLabel('Odds').selectOption('custom')
    await form.dialog.getByLabel('Custom Odds').fill('800')
    await form.dialog.getByLabel('Amount ($)').fill('10')
    await form.waitForToWin('$80.00')
    await screenshot(page, 'market-correct-score-form')
    expect(await seriousViolations(page)).toEqual([])
    await form.place()
    await form.dialog.waitFor({ state: 'hidden' })

    const grid = page.getByRole('grid', { name: 'Outcome grid' })
    // 2-1: both scored (+$100) and the exact score (+$80).
    await grid.getByRole('gridcell', { name: /^Home 2, Away 1: \+\$180 / }).waitFor()
    // 1-1: both scored (+$100), the score missed (-$10).
    await grid.getByRole('gridcell', { name: /^Home 1, Away 1: \+\$90 / }).waitFor()
    // 2-0: Chelsea did not score (-$110), the score missed (-$10).
    await grid.getByRole('gridcell', { name: /^Home 2, Away 0: -\$120 / }).waitFor()
    expect(await page.getByText('BTTS Yes').count()).toBeGreaterThan(0)
    expect(await page.getByText('Correct Score 2-1').count()).toBeGreaterThan(0)
    await screenshot(page, 'market-correct-score-grid')
  })

  it('lets a decimal-odds bettor in units enter Asian quarter lines and a first-half total, each on its grid (decisions 071-073)', async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    await page.goto('/settings')
    const display = page.getByRole('region', { name: 'Odds & Units' })
    await display.getByLabel('Odds format').selectOption('decimal')
    await display.getByLabel('Unit size (empty for none)').fill('25')
    await display.getByRole('button', { name: 'Save Odds & Units' }).click()
    await page.getByText('Display settings saved').waitFor()
    await screenshot(page, 'settings-odds-and-units')

    let form = await openBetForm(page, { ...ARSENAL_CHELSEA, id: games.soccer })
    await form.spread('Arsenal', '-0.25', '100')
    // The price field is the bettor's format: 1.91 pays $91.00 on $100, not -110's $90.91.
    await form.dialog.getByLabel('Odds (decimal)').fill('1.91')
    await form.waitForToWin('$91.00')
    await screenshot(page, 'asian-handicap-decimal-form')
    expect(await seriousViolations(page)).toEqual([])
    await form.place()
    await form.dialog.waitFor({ state: 'hidden' })

    form = await openBetForm(page, { ...ARSENAL_CHELSEA, id: games.soccer })
    await form.total('over', '2.75', '50')
    await form.dialog.getByLabel('Odds (decimal)').fill('2.05')
    await form.waitForToWin('$52.50')
    await form.place()
    await form.dialog.waitFor({ state: 'hidden' })

    const grid = page.getByRole('grid', { name: 'Outcome grid' })
    // 1-1: the draw loses half of Arsenal -0.25 (-$50), two goals lose over 2.75 (-$50).
    await grid.getByRole('gridcell', { name: /^Home 1, Away 1: -\$100 / }).waitFor()
    // 2-1: Arsenal cover (+$91), three goals win half of over 2.75 (+$26.25).
    await grid.getByRole('gridcell', { name: /^Home 2, Away 1: \+\$117 / }).waitFor()
    expect(await page.getByText('at 1.91').count()).toBeGreaterThan(0)
    await screenshot(page, 'asian-handicap-decimal-grid')

    // A first-half total (decision 073): $20 on over 1.5 goals before the break at 2.40 (To Win $28.00).
    form = await openBetForm(page, { ...ARSENAL_CHELSEA, id: games.soccer })
    await form.dialog.getByLabel('Period').selectOption('1H')
    await form.total('over', '1.5', '20')
    await form.dialog.getByLabel('Odds (decimal)').fill('2.40')
    await form.waitForToWin('$28.00')
    await screenshot(page, 'first-half-total-form')
    await form.place()
    await form.dialog.waitFor({ state: 'hidden' })
    // The full game's grid leaves it out and says so; its cells are the two Asian lines' as before.
    await page
      .getByText('Also riding on periods, not counted here: $20.00 on the 1st half (1 bet).')
      .waitFor()
    await grid.getByRole('gridcell', { name: /^Home 2, Away 1: \+\$117 / }).waitFor()
    // The first half's grid: two goals by the break win $28, fewer lose the $20.
    await page.getByRole('tab', { name: '1H' }).click()
    await page.getByRole('heading', { name: 'Grid · 1st half' }).waitFor()
    await grid.getByRole('gridcell', { name: /^Home 1, Away 1: \+\$28 / }).waitFor()
    await grid.getByRole('gridcell', { name: /^Home 1, Away 0: -\$20 / }).waitFor()
    await screenshot(page, 'first-half-total-grid')
    expect(await seriousViolations(page)).toEqual([])

    // Amounts in units of the $25 unit: the same cells read -4u and +4.69u.
    await page.goto('/settings')
    await display.getByLabel('Show amounts in units').check()
    await display.getByRole('button', { name: 'Save Odds & Units' }).click()
    await page.getByText('Display settings saved').waitFor()
    await page.goto(`/game/${games.soccer}`)
    await grid.getByRole('gridcell', { name: /^Home 1, Away 1: -4u / }).waitFor()
    await grid.getByRole('gridcell', { name: /^Home 2, Away 1: \+4\.69u / }).waitFor()
    await screenshot(page, 'asian-handicap-grid-in-units')
    expect(await seriousViolations(page)).toEqual([])
    // The first half's grid in units: +1.12u and -0.8u.
    await page.getByRole('tab', { name: '1H' }).click()
    await grid.getByRole('gridcell', { name: /^Home 1, Away 1: \+1\.12u / }).waitFor()
    await grid.getByRole('gridcell', { name: /^Home 1, Away 0: -0\.8u / }).waitFor()
    await screenshot(page, 'first-half-grid-in-units')
  })

  it('offers the team total on an NFL game, not the soccer markets', async () => {
    const [, page] = await suite.page()
    await signInByApi(page)
    const form = await openBetForm(page, { ...BILLS_CHIEFS, id: games.nfl })
    const options = await form.dialog.getByLabel('Bet Type').locator('option').allTextContents()
    expect(options).toEqual(['Spread', 'Over/Under', 'Moneyline', 'Team Total'])
  })
})

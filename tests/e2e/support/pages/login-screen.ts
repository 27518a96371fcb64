import type { Page } from 'playwright-core'
import type { Account } from '../accounts'

/** The welcome screen's Login and Sign Up tabs. */
export class LoginScreen {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/')
    await this.page.getByText('Welcome to').waitFor()
  }

  /** Signs up through the form; the screen goes back to the Login tab. */
  async signUp(who: Account): Promise<void> {
    await this.page.getByRole('tab', { name: 'Sign Up' }).click()
    await this.page.getByLabel('Username').fill(who.username)
    await this.page.getByLabel('Email').fill(who.email)
    await this.page.getByLabel('Password', { exact: true }).fill(who.password)
    await this.page.getByRole('checkbox', { name: /I am 18 or older/ }).check()
    await this.page.getByRole('button', { name: 'Create account' }).click()
    await this.page.getByRole('tab', { name: 'Login', selected: true }).waitFor()
  }

  /** Sends the login form; with two-factor login on, the code step follows. */
  async submitLogin(who: Account): Promise<void> {
    await this.page.getByLabel('Username').fill(who.username)
    await this.page.getByLabel('Password', { exact: true }).fill(who.password)
    await this.page.getByRole('button', { name: 'Sign in' }).click()
  }

  async logIn(who: Account): Promise<void> {
    await this.submitLogin(who)
    await this.waitForGames()
  }

  /** The signed-in home screen. */
  async waitForGames(): Promise<void> {
    await this.page.getByRole('tab', { name: "Today's Games" }).waitFor()
  }
}

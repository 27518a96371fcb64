import type { Page } from 'playwright-core'
import { expect } from 'vitest'

export interface Account {
  username: string
  email: string
  password: string
}

let count = 0

/** Each test signs up an account of its own, so that any test passes alone and in any order. */
export function newBettor(): Account {
  count++
  const tag = `${Date.now().toString(36)}${count}`
  return { username: `bettor${tag}`, email: `bettor${tag}@example.com`, password: 'correct-horse' }
}

/** Signs a new account up through the API (the page's own cookies); `signIn` also signs it in. */
export async function signUpByApi(page: Page, who: Account = newBettor()): Promise<Account> {
  const registered = await page.request.post('/api/auth/register', { data: { ...who, acceptTerms: true } })
  expect(registered.status(), await registered.text()).toBe(201)
  return who
}

export async function signInByApi(page: Page, who: Account = newBettor()): Promise<Account> {
  await signUpByApi(page, who)
  const login = await page.request.post('/api/auth/login', {
    data: { username: who.username, password: who.password },
  })
  expect(login.ok(), await login.text()).toBe(true)
  return who
}

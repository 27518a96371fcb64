import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, signedIn, type TestApp, testApp } from './support/test-app'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.close())

describe('register and login', () => {
  it('makes the first account admin (decision 013) and later ones trial users (decision 016)', async () => {
    const { user: first } = await signedIn(t.app)
    expect(first).toMatchObject({ role: 'admin', subscriptionTier: 'admin', isAdmin: true })
    const { user } = await signedIn(t.app)
    expect(user).toMatchObject({ role: 'user', subscriptionTier: 'performance_trial', trialSlotNumber: 1 })
    const days = (new Date(user.trialEndDate ?? 0).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)
    expect(user).not.toHaveProperty('passwordHash')
  })

  it('signs in, knows the user, and logs out', async () => {
    const { client, account } = await signedIn(t.app)
    const me = await client.get('/api/auth/user')
    expect(me.statusCode).toBe(200)
    expect(me.json().username).toBe(account.username)
    const again = await client.post('/api/auth/login', {
      username: account.username,
      password: account.password,
    })
    const setCookie = String(again.headers['set-cookie'])
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    const logout = await client.get('/api/logout')
    expect(logout.statusCode).toBe(302)
    expect(logout.headers.location).toBe('/')
    expect((await client.get('/api/auth/user')).statusCode).toBe(401)
  })

  it('answers a wrong password and an unknown user alike', async () => {
    const { account } = await signedIn(t.app)
    const wrong = await new Client(t.app).post('/api/auth/login', {
      username: account.username,
      password: 'nope-nope',
    })
    const unknown = await new Client(t.app).post('/api/auth/login', {
      username: 'nobody-here',
      password: 'nope-nope',
    })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual(unknown.json())
    expect(wrong.json()).toEqual({ message: 'Invalid username or password' })
  })
})

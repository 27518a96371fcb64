import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, devConveniences, loadConfig, servesHttps } from '../../src/server/config'

/** Defaults that cannot hurt a self-hoster, and settings refused with the reason. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.message
    throw error
  }
  throw new Error('the configuration was accepted')
}

describe('defaults', () => {
  it('runs as production unless NODE_ENV says otherwise (decision 012)', () => {
    const config = loadConfig({})
    expect(config.server.nodeEnv).toBe('production')
    expect(devConveniences(config)).toBe(false)
    expect(devConveniences(loadConfig({ NODE_ENV: 'development' }))).toBe(true)
    expect(devConveniences(loadConfig({ NODE_ENV: 'test' }))).toBe(true)
  })

  it('needs no SMTP server in production: mail goes to the log', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).mail.smtpUrl).toBeNull()
  })

  it('trusts no proxy, bounds the grid cache at 64 MB and an account at 50,000 bets', () => {
    const config = loadConfig({})
    expect(config.http.trustProxy).toBe(false)
    expect(config.limits.gameAnswerCacheBytes).toBe(64 * 1_048_576)
    expect(config.limits.maxBetsPerUser).toBe(50_000)
    expect(config.accounts.adminEmail).toBeNull()
    expect(config.accounts.appSecret).toBeNull()
  })
})

describe('the README', () => {
  it('says in its quick start that without SMTP_URL every e-mail goes to the server log', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8')
    const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## Configuration'))
    const words = quickStart.replace(/\s+/g, ' ')
    expect(words).toContain('Without `SMTP_URL`')
    expect(words).toMatch(
      /every one, the sign-up verification, the 2FA codes and the password links, is written to the server log/,
    )
  })
})

describe('TRUST_PROXY (decision 015)', () => {
  it('takes a number of hops or proxy addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).http.trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: 'false' }).http.trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '0' }).http.trustProxy).toBe(false)
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' }).http.trustProxy,
    ).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback'])
  })

  it('refuses true, saying why', () => {
    expect(refusal({ TRUST_PROXY: 'true' })).toContain(
      'TRUST_PROXY=true is refused: it would believe the client-written part of X-Forwarded-For',
    )
  })

  it('refuses a /0 range, which trusts every address like true, saying why', () => {
    for (const value of ['0.0.0.0/0', '::/0', '10.0.0.5, ::ffff:1.2.3.4/00']) {
      expect(refusal({ TRUST_PROXY: value })).toContain(
        'TRUST_PROXY with a /0 range is refused: it trusts every address as a proxy, like true',
      )
    }
    expect(loadConfig({ TRUST_PROXY: '0.0.0.0/1' }).http.trustProxy).toEqual(['0.0.0.0/1'])
  })

  it('refuses what is not an address, a CIDR or a sensible hop count', () => {
    for (const value of [
      'yes',
      '10.0.0.300',
      '10.0.0.0/33',
      '::1/129',
      'proxy.example.com',
      '11',
      '1.2.3.4/8/1',
    ]) {
      expect(refusal({ TRUST_PROXY: value })).toContain('TRUST_PROXY must be false, a number of proxy hops')
    }
  })
})

describe('other settings', () => {
  it('keeps ADMIN_EMAIL lower case and refuses a non-address', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'Boss@Example.COM' }).accounts.adminEmail).toBe('boss@example.com')
    expect(refusal({ ADMIN_EMAIL: 'boss' })).toContain('ADMIN_EMAIL must be an e-mail address')
  })

  it('refuses an APP_SECRET shorter than 32 characters', () => {
    expect(refusal({ APP_SECRET: 'short' })).toContain('APP_SECRET must be at least 32 characters')
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32) }).accounts.appSecret).toBe('x'.repeat(32))
  })

  it('serves https when APP_URL says so, whatever the request', () => {
    expect(servesHttps(loadConfig({ APP_URL: 'https://grid.example' }))).toBe(true)
    expect(servesHttps(loadConfig({}))).toBe(false)
  })

  it('takes the grid cache budget in MB and the bet cap', () => {
    expect(loadConfig({ MATRIX_CACHE_MB: '8' }).limits.gameAnswerCacheBytes).toBe(8 * 1_048_576)
    expect(refusal({ MATRIX_CACHE_MB: '0' })).toContain('MATRIX_CACHE_MB must be between 1 and 16384')
    expect(loadConfig({ MAX_BETS_PER_USER: '10' }).limits.maxBetsPerUser).toBe(10)
  })

  it('holds sessions 5 seconds unless told otherwise, and 0 turns the session cache off', () => {
    expect(loadConfig({}).accounts.sessionCacheSeconds).toBe(5)
    expect(loadConfig({ SESSION_CACHE_SECONDS: '0' }).accounts.sessionCacheSeconds).toBe(0)
    expect(refusal({ SESSION_CACHE_SECONDS: '61' })).toContain(
      'SESSION_CACHE_SECONDS must be between 0 and 60',
    )
  })
})

import { describe, expect, it } from 'vitest'
import { actionRequest, actionsFor } from '../../src/web/features/admin/action-dialog'

/** docs/spec/product-spec.md §4, Admin user account: which actions each state offers, and what each sends (section 7). */
describe('actionsFor', () => {
  it('offers suspend and soft delete only to a user neither deleted nor suspended; hard delete always', () => {
    const user = { role: 'user' } as const
    expect(actionsFor({ ...user, isDeleted: false, isSuspended: false })).toEqual(['suspend', 'soft', 'hard'])
    expect(actionsFor({ ...user, isDeleted: false, isSuspended: true })).toEqual(['restore', 'hard'])
    expect(actionsFor({ ...user, isDeleted: true, isSuspended: false })).toEqual(['restore', 'hard'])
    expect(actionsFor({ ...user, isDeleted: true, isSuspended: true })).toEqual(['restore', 'hard'])
  })

  it('offers an admin demotion instead of suspension and deletion', () => {
    expect(actionsFor({ role: 'admin', isDeleted: false, isSuspended: false })).toEqual(['demote'])
    expect(actionsFor({ role: 'admin', isDeleted: false, isSuspended: true })).toEqual(['restore', 'demote'])
  })
})

describe('actionRequest', () => {
  it('sends the reason to each route, the until instant with a suspension, the typed text with a hard delete', () => {
    expect(actionRequest('suspend', 7, 'spam')).toEqual({
      method: 'POST',
      url: '/api/admin/users/7/suspend',
      body: { reason: 'spam' },
    })
    const until = actionRequest('suspend', 7, 'spam', { until: '2027-01-15T12:00' })
    expect(until.body.suspendedUntil).toBe(new Date('2027-01-15T12:00').toISOString())
    expect(actionRequest('restore', 7, 'appeal')).toEqual({
      method: 'POST',
      url: '/api/admin/users/7/restore',
      body: { reason: 'appeal' },
    })
    expect(actionRequest('soft', 7, 'left')).toEqual({
      method: 'DELETE',
      url: '/api/admin/users/7/soft',
      body: { reason: 'left' },
    })
    expect(actionRequest('demote', 7, 'left the team')).toEqual({
      method: 'POST',
      url: '/api/admin/users/7/demote',
      body: { reason: 'left the team' },
    })
    expect(actionRequest('hard', 7, 'gone', { confirmation: 'HARD_DELETE_CONFIRM' })).toEqual({
      method: 'DELETE',
      url: '/api/admin/users/7/hard',
      body: { reason: 'gone', confirmPassword: 'HARD_DELETE_CONFIRM' },
    })
  })
})

import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  createReferralBody,
  REFERRAL_MESSAGES,
  referralCreated,
  referralStats,
} from '../../contract/referrals'
import { centsToDollars } from '../../domain/money'
import {
  DISCOUNT_MONTHS,
  discountPercent,
  MAX_ACTIVE_REFERRALS,
  maskedEmail,
  monthlyDiscountCents,
  REFERRAL_DISCOUNT_PERCENT,
} from '../../domain/referrals'
import { signedInUser } from '../auth/session.plugin'
import { refusals } from '../http/contract'
import { conflict } from '../http/errors'
import { perWindow } from '../http/rate-limit'
import { MAX_CODES_PER_USER } from './referrals.repository'

/** Decision 017: a user's referral codes and what they earned (docs/spec/product-spec.md §3 and §7, the Referrals screen). */
export async function referralsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const link = (code: string) => `${app.config.http.appUrl}/?ref=${encodeURIComponent(code)}`

  /** Rate limited per user: each 409 says a code is someone's, so trying names would list them. */
  const createSchema = {
    summary: 'Create a referral code',
    description: `3-20 letters and digits, stored uppercase, unique (409 when taken); answers its sign-up link (decision 017). ${perWindow(app.policies.rateLimits.referralCodesPerUser, 'user')}, so that trying names cannot list the codes others hold.`,
    body: createReferralBody,
    response: { 201: referralCreated, ...refusals(400, 409, 429) },
  }
  app.post('/api/referral/create', { schema: createSchema }, async (request, reply) => {
    const user = signedInUser(request)
    await app.rateLimit(`referral-code:user:${user.id}`, app.policies.rateLimits.referralCodesPerUser)
    const { referralCode } = request.body
    const created = await app.repos.referrals.createCode(user.id, referralCode, app.clock())
    if (created === 'taken') throw conflict(REFERRAL_MESSAGES.taken, 'referralCode')
    if (created === 'full')
      throw conflict(`You can keep at most ${MAX_CODES_PER_USER} referral codes`, 'referralCode')
    return reply
      .code(201)
      .send({ message: REFERRAL_MESSAGES.created, referralCode, link: link(referralCode) })
  })

  app.get(
    '/api/referral/stats',
    {
      schema: {
        summary: 'The user’s referral discount, codes and referred friends',
        description: `${REFERRAL_DISCOUNT_PERCENT}% off per friend whose first payment is recorded, for ${DISCOUNT_MONTHS} months, at most ${MAX_ACTIVE_REFERRALS} at once (decision 017). A friend shows by username and a masked address.`,
        response: { 200: referralStats },
      },
    },
    async (request) => {
      const user = signedInUser(request)
      const now = app.clock()
      const { codes, referred, discounts } = await app.repos.referrals.overview(user.id)
      const active = discounts.filter((d) => d.status === 'active' && d.endsAt > now)
      const percent = discountPercent(active.length)
      const discountOf = new Map(discounts.map((d) => [d.referredUserId, d]))
      return {
        currentDiscount: percent,
        monthlyDiscountAmount: centsToDollars(monthlyDiscountCents(percent)),
        activeReferrals: active.length,
        slotsRemaining: Math.max(0, MAX_ACTIVE_REFERRALS - active.length),
        totalReferrals: referred.length,
        activeDiscounts: active.map((d) => ({
          id: d.id,
          discountPercentage: REFERRAL_DISCOUNT_PERCENT,
          endDate: d.endsAt.toISOString(),
        })),
        referralDetails: referred.map((friend) => {
          const discount = discountOf.get(friend.id)
          const status = !discount
            ? 'pending'
            : discount.status === 'active' && discount.endsAt > now
              ? 'active'
              : 'expired'
          return {
            id: friend.id,
            referralCode: friend.code ?? '',
            status,
            referredUser: { username: friend.username, email: maskedEmail(friend.email) },
          } as const
        }),
        codes: codes.map((c) => ({
          referralCode: c.code,
          link: link(c.code),
          createdAt: c.createdAt.toISOString(),
          referred: referred.filter((friend) => friend.code === c.code).length,
        })),
      }
    },
  )
}

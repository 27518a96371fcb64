import type { z } from 'zod'
import type {
  enableTwoFactorAnswer,
  forgotPasswordAnswer,
  loginAnswer,
  registerBody,
  sendCodeAnswer,
} from '../contract/auth'
import type { betView, betWithGame, historyPage, listedGame } from '../contract/bets'
import type { billingPlan, cancelSubscriptionAnswer, checkoutAnswer } from '../contract/billing'
import type { messageAnswer } from '../contract/common'
import type { connectAnswer, connectionStatus, connectionsAnswer, syncAnswer } from '../contract/connections'
import type { feedAnswer, gameFields } from '../contract/games'
import type { gameGrid, outcomeCell } from '../contract/grid'
import type {
  gridProbability,
  liveProbability,
  probabilityModel,
  probabilitySummary,
  ticketTracker,
} from '../contract/probability'
import type { createReferralBody, referralCreated, referralStats } from '../contract/referrals'
import type { gameSuggestions, suggestion, suggestionNote, userSuggestions } from '../contract/suggestions'
import type { supportBody } from '../contract/support'
import type { inactivityStatus, publicUser } from '../contract/users'

/**
 * The API's shapes as the web reads and sends them, inferred from the route schemas in src/contract (one
 * contract: no second copy of a server type). Type-only imports, so the web bundle carries none of zod.
 */
export type User = z.infer<typeof publicUser>
export type Game = z.infer<typeof gameFields>
export type Bet = z.infer<typeof betView>
export type BetWithGame = z.infer<typeof betWithGame>
/** GET /api/bets/history: the range's summary and one page of its games' bets. */
export type HistoryPageView = z.infer<typeof historyPage>
/** A game of the games list, with the user's own bets on it. */
export type ListedGame = z.infer<typeof listedGame>
export type GameGrid = z.infer<typeof gameGrid>
export type OutcomeCell = z.infer<typeof outcomeCell>
export type LiveProbability = z.infer<typeof liveProbability>
export type GridProbability = z.infer<typeof gridProbability>
export type ProbabilitySummary = z.infer<typeof probabilitySummary>
export type ProbabilityModel = z.infer<typeof probabilityModel>
export type TicketTracker = z.infer<typeof ticketTracker>
export type FeedInfo = z.infer<typeof feedAnswer>
/** What to do next on the user's own bets, with the grid before and after. */
export type Suggestion = z.infer<typeof suggestion>
export type SuggestionNote = z.infer<typeof suggestionNote>
export type GameSuggestions = z.infer<typeof gameSuggestions>
export type UserSuggestions = z.infer<typeof userSuggestions>
/** Decision 017: the Referrals screen's figures, codes and friends, and a created code. */
export type ReferralStats = z.infer<typeof referralStats>
export type ReferralCreated = z.infer<typeof referralCreated>
export type CreateReferralBody = z.input<typeof createReferralBody>
/** The user's plan and its price (GET /api/billing/plan), and where Checkout lives. */
export type BillingPlan = z.infer<typeof billingPlan>
export type CheckoutAnswer = z.infer<typeof checkoutAnswer>
/** When the canceled subscription ends. */
export type CancelSubscriptionAnswer = z.infer<typeof cancelSubscriptionAnswer>
/** Decision 021: the inactivity banner's countdown. */
export type InactivityStatus = z.infer<typeof inactivityStatus>

export type LoginAnswer = z.infer<typeof loginAnswer>
/** The login answer names the second factor 'email' or 'phone'. */
export type LoginTwoFactorMethod = Extract<LoginAnswer, { requiresTwoFactor: true }>['twoFactorMethod']
export type SendCodeAnswer = z.infer<typeof sendCodeAnswer>
export type EnableTwoFactorAnswer = z.infer<typeof enableTwoFactorAnswer>
/** The 2FA set-up names the second factor 'email' or 'sms'. */
export type TwoFactorMethod = EnableTwoFactorAnswer['method']
/** The `{ message }` of reset, verify and resend; forgot-password adds the dev reset link (decision 012). */
export type MessageAnswer = z.infer<typeof messageAnswer>
export type ForgotPasswordAnswer = z.infer<typeof forgotPasswordAnswer>
export type RegisterBody = z.input<typeof registerBody>
export type SupportBody = z.input<typeof supportBody>

/** Live situations are the domain's own shapes, served as stored (docs/feeds.md). */
export type { BaseballSituation, FootballSituation as FootballDetails } from '../domain/game'

/** The Connections screen's sportsbooks, partner status, connect and sync answers. */
export type SportsbookConnections = z.infer<typeof connectionsAnswer>
export type SportsbookStatus = z.infer<typeof connectionStatus>
export type ConnectAnswer = z.infer<typeof connectAnswer>
export type SyncAnswer = z.infer<typeof syncAnswer>

/** What GET /api/events streams, one SSE event name per kind (web/live-events.ts applies them). */
export type { LiveEvent, LiveEventKind } from '../contract/events'

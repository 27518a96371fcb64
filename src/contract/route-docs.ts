/**
 * What each route does, in a bettor's or an integrator's words, for the generated reference (/api/docs).
 * The shapes are the schemas beside this file; this is only the prose they cannot say. A route missing here
 * stops the server from starting (server/http/contract.ts), so the reference never silently lacks one.
 * Keys are `METHOD path` as the route is registered.
 */
export interface RouteDoc {
  summary: string
  description?: string
}

const auth: Record<string, RouteDoc> = {
  'POST /api/auth/register': {
    summary: 'Create an account',
    description:
      'acceptTerms must be true: the bettor confirms being 18 or older and accepting the Terms of Service and the Privacy Policy (400 naming the field otherwise). Sends the verification e-mail. The answer is the same for a new address as for a registered one (decision 022). A `referralCode` must exist (400 `referralCode` otherwise): the new account is bound to the code’s owner at that moment. The admin is the ADMIN_EMAIL account once verified, else the first account (decision 013); others get a 7-day trial while slots last (decision 016). 10 per IP per hour.',
  },
  'POST /api/auth/login': {
    summary: 'Sign in',
    description:
      'Sets the session cookie, or, with two-factor on, a 10-minute pending-login cookie and `requiresTwoFactor: true`. Every failure is 401 "Invalid username or password"; only the right password of a suspended account is told it is suspended (403, with the end of the suspension in UTC, if any). Failures slow the next attempt (decision 015): 5 free per account at one address, 50 per address over the accounts never signed in from it, then 429 with Retry-After, doubling up to 15 minutes.',
  },
  'GET /api/auth/login': { summary: 'Navigation: home when signed in, else the login screen' },
  'GET /api/logout': {
    summary: 'Navigation: end this session and go home',
    description: "Only this site's own pages or a typed address may log out (Sec-Fetch-Site).",
  },
  'GET /api/auth/user': { summary: 'The signed-in user' },
  'POST /api/auth/resend-verification': { summary: 'Send a new verification link' },
  'POST /api/auth/verify-email': { summary: 'Verify the e-mail address with the emailed token' },
  'POST /api/auth/update-username': {
    summary: 'Change the username',
    description:
      'Needs the current password (400 `password` when wrong; 10 per account per 15 minutes) and e-mails the owner. The name is NFKC-normalised and may then hold only ASCII letters, digits and `. _ -`, as at sign-up. 409 when it is taken.',
  },
  'POST /api/auth/2fa/enable': {
    summary: 'Start turning two-factor on',
    description: 'Sends a code by e-mail or SMS; verifying it turns two-factor on.',
  },
  'POST /api/auth/2fa/disable': { summary: 'Turn two-factor off' },
  'POST /api/auth/2fa/send-code': { summary: 'Send a new code for the pending login or setup' },
  'POST /api/auth/2fa/verify': {
    summary: 'Complete a pending login or a two-factor setup',
    description: 'Codes last 10 minutes and lock after 5 wrong tries (decision 014).',
  },
  'POST /api/auth/forgot-password': {
    summary: 'E-mail a password reset link',
    description: 'The same answer whatever the address. 10 per IP per 15 minutes, 5 per account per hour.',
  },
  'POST /api/auth/reset-password': {
    summary: 'Set a new password',
    description:
      'With `token`: from an e-mailed link (1 hour, once); ends every session. With `username`: only e-mails a link to confirm the change (decision 011), the same answer whether the account exists.',
  },
  'GET /api/auth/confirm-password-change': {
    summary: 'Navigation: the page that confirms an e-mailed password change',
    description: 'Changes nothing itself, so a link preview cannot apply the change.',
  },
  'POST /api/auth/confirm-password-change': {
    summary: 'Apply a confirmed password change (the HTML form of that page)',
    description: 'Ends every session and goes to the login screen.',
  },
}

const account: Record<string, RouteDoc> = {
  'PATCH /api/user/timezone': { summary: 'Set the time zone that days and history ranges use' },
  'GET /api/user/inactivity-status': {
    summary: 'Whether to show the inactivity banner (decision 021)',
    description:
      'showBanner once daysInactive reaches INACTIVITY_BANNER_DAYS (30): the days since the last activity, or the absence the latest sign-in ended (a sign-in is activity), until I’m Here! or the dismissal. timeRemaining: days until deletion, counted from the last activity.',
  },
  'POST /api/user/stay-active': {
    summary: 'Reset the inactivity clock (I’m Here!)',
    description:
      'Activity (decision 021): the deletion count starts again and the absence the banner showed is acknowledged.',
  },
  'POST /api/user/dismiss-inactivity': {
    summary: 'Dismiss the inactivity banner',
    description:
      'Acknowledges the absence the latest sign-in ended, so the banner stops showing it; not activity.',
  },
  'GET /api/user/data-export': {
    summary: 'Download my data (ZIP)',
    description:
      'The account (JSON), every bet in Grid’s CSV format, referral codes and discounts (JSON) and payments (CSV), decision 025. 10 per hour.',
  },
  'DELETE /api/user/account': {
    summary: 'Delete my account',
    description:
      'Asks for the password. A Stripe subscription is canceled at once first (503, nothing deleted, when Stripe cannot be reached). Personal data goes at once; bets and payments are kept de-identified for 7 years (decision 025). The owner is e-mailed a link to download their data for 30 days.',
  },
  'GET /api/data-export/:token': {
    summary: 'Download a deleted account’s data (the e-mailed link)',
    description: '404 once the 30 days are over, or an hour after the first download.',
  },
}

const games: Record<string, RouteDoc> = {
  'GET /api/games/live': {
    summary: 'The games to show, with the user’s own bets',
    description:
      'Live games, the user’s today in their time zone, and every game they bet on that started less than a day ago, by start time. Header `x-grid-feed` names the feed.',
  },
  'GET /api/games/feed': { summary: 'Which feed serves the games and when it last synced (decision 018)' },
  'POST /api/games/sync-:provider': {
    summary: 'Sync the scoreboard now (provider `espn`)',
    description:
      'Answers with a sync in flight on any instance when it finishes first; 409 when another sync holds the lock too long. 6 per user per minute.',
  },
  'GET /api/events': {
    summary: 'Live updates: games, the user’s positions and bets, as server-sent events',
    description:
      'A `text/event-stream` that stays open: `game`, `position`, `bets` and `reset` events (each `data` one JSON line, each with an `id`), a comment every 15 s, and `retry: 3000`. Reconnecting with `Last-Event-ID` (or `?lastEventId=`) replays what this instance sent the user since; an id it cannot resume from (another instance, a restart, older than its last 2,000 events or 5 minutes) gets a `reset`: refetch everything. A `bets` event may repeat the current version (a final game settled the user’s bets). A client that stops reading is dropped; 429 past EVENT_STREAMS_PER_USER streams of the user or EVENT_STREAMS_PER_ADDRESS streams of the client address open on one instance, 503 past EVENT_STREAMS_PER_INSTANCE (docs/API.md).',
  },
}

/** Decision 043: the two bet lists are bounded; a longer list is paged through a header. */
const BET_LIST_PAGES =
  'The spec’s bare list, newest bet first, at most `limit` bets (1-1,000; 1,000 when absent). When more follow, the `X-Next-Cursor` header holds the cursor of the next page: pass it as `?cursor=`. A bad `cursor` or `limit` is a 400 naming it; 300 requests a minute per user for the two lists together (429).'

const bets: Record<string, RouteDoc> = {
  'POST /api/bets': {
    summary: 'Record a bet placed at a sportsbook',
    description:
      'The bet starts tentative (decision 008); the server composes the selection and computes To Win (decision 001). Amounts are dollars with at most 2 decimals, at most 1,000,000.00. On a game that is already final the bet is recorded as placed (committed) and settled at once: the answer carries its result and payout.',
  },
  'GET /api/bets': {
    summary: 'Every bet, newest first, each with its game, up to 1,000 a page',
    description: BET_LIST_PAGES,
  },
  'GET /api/bets/active': {
    summary: 'Unsettled bets (tentative and committed) with their games, up to 1,000 a page',
    description: BET_LIST_PAGES,
  },
  'GET /api/bets/live-status': { summary: 'How each unsettled bet on a live game stands now' },
  'GET /api/bets/history': {
    summary: 'Bets placed in a date range of the user’s time zone, a page of games at a time',
    description:
      '`alltime` by default; `custom` needs both dates. The summary covers the whole range (one SQL aggregate, the money rule of domain/statistics.ts); `bets` holds the bets of the page’s games, newest game first (start time, then id), at most `limit` games (20) and about 500 bets, never splitting a game. Pass `nextCursor` as `cursor` for the next page; null on the last.',
  },
  'GET /api/bets/export/csv': {
    summary: 'The history as a CSV file',
    description:
      'The same range as the history, oldest bet first; streamed as the client reads it (a PostgreSQL cursor, or 500-bet keyset batches on the embedded database).',
  },
  'PATCH /api/bets/:id/status': {
    summary: 'Confirm a tentative bet',
    description: 'Settled at once when its game is already final; 409 when already confirmed.',
  },
  'PATCH /api/bets/:id': {
    summary: 'Edit a tentative bet',
    description:
      'The same body as POST /api/bets without `gameId` (a bet stays on its game) and the same checks (400 naming the field); To Win is computed again (decision 001). 409 for a confirmed bet (decision 008).',
  },
  'POST /api/bets/:id/resolve-conflict': {
    summary: 'Choose the file’s or the score’s result of a conflicted bet',
    description:
      'Decision 027: `file` keeps the result the file or sync gave, `score` settles the bet by the final score; 409 when the bet has no open conflict.',
  },
  'DELETE /api/bets/:id': {
    summary: 'Delete a tentative bet',
    description: '409 for a confirmed bet (decision 008).',
  },
  'GET /api/stats/user': {
    summary: 'The user’s profit and loss (decision 007: settled confirmed bets only)',
    description:
      'Over the history’s range (same query as GET /api/bets/history, `alltime` by default): the summary, the cumulative profit by settlement day in the user’s zone, and breakdowns by league, bet type, sportsbook and odds range (docs/stats.md).',
  },
  'GET /api/stats/user/:userId': {
    summary: 'Another user’s profit and loss (admins; others get 404)',
    description: 'The same range query and shape as GET /api/stats/user; days in that user’s zone.',
  },
  'POST /api/bets/import': {
    summary: 'Import bets from a CSV or TSV file',
    description:
      "The body is the file's text (`Content-Type: text/csv`, `text/tab-separated-values` or `text/plain`, at most 5 MB and 10,000 rows: 413 beyond), or a batch of its rows under the header; as JSON it is `{ text }`. Grid's own export needs nothing more; any other file needs `columns` (JSON, field to column name) or `mapping` (a saved mapping's id), unless a mapping is saved for its header. `offset` (data rows sent before) makes row numbers the file's; `unlinked=true` imports rows matching no game as unlinked bets; `gameId` puts every row on that game (fix in place). One transaction per request; re-importing adds nothing (docs/import.md).",
  },
  'GET /api/bets/import/mappings': {
    summary: 'The user’s saved column mappings, one per file header',
    description:
      'Oldest first, a page at a time: `limit` mappings (1-50, default 50) with an id above `after` (the last id of the previous page); a shorter page is the last. A user keeps at most 50, so the first page holds them all.',
  },
  'POST /api/bets/import/mappings': {
    summary: 'Save the column mapping of a file header',
    description:
      'Replaces the mapping saved for the same header (names compared case-insensitively). A user keeps the 50 most recently saved: saving a 51st forgets the least recently saved.',
  },
  'DELETE /api/bets/import/mappings/:id': { summary: 'Forget a saved column mapping' },
  'GET /api/outcome-matrix/:gameId': {
    summary: 'The outcome grid: the user’s profit for every final score',
    description:
      "Cells by home and away score with profit in dollars and ROI in percent of the stake (one decimal, rounded once); ties that cannot be final are marked (decision 006). Where the game has a score distribution each cell carries its probability (0-1, decision 023) and `probability` the model, the position's expected profit and chances, and the likely region. An ETag answers a matching If-None-Match with 304.",
  },
  'GET /api/suggestions/game/:gameId': {
    summary: 'What to do next on the user’s position in one game',
    description:
      'Hedge, middle, value, arbitrage, cross-correlation, trend, momentum and the AI insight (docs/suggestions.md), each with its amount (never above the sensible one, decision 024), expected value, chance of profit, the age and source of its price (`priceSource` `model` when the feed’s price is too old or the pregame line of a live game: `suggestedOdds` is then the model’s worth-it price and `fairOdds` its fair price, decision 029) and a before/after mini grid; `notes` say what a rule saw and did not suggest. Cached per game state, bets and 30 s of price age.',
  },
  'GET /api/suggestions/user': {
    summary: 'Suggestions across the user’s open games, best expected value first',
  },
  'GET /api/live-probability/:gameId': {
    summary: 'How likely each final score is, and what it means for the user’s position',
    description:
      "For a scheduled or live game: every final score at least 0.0001 likely with its probability (0-1, decision 023) and the user's profit and ROI there, the win/draw/win chances, the position's expected profit and chances of profit, push and loss, and the model with the lines it used (docs/probability.md). 409 for a final or canceled game. Computed once per game state, cached per bets version.",
  },
}

const admin: Record<string, RouteDoc> = {
  'POST /api/admin/users/:id/suspend': {
    summary: 'Suspend an account; its sessions end at once',
    description:
      'Users only: an admin is refused with 403 until another admin or the command line demotes it.',
  },
  'POST /api/admin/users/:id/restore': { summary: 'Lift a suspension or a soft deletion' },
  'DELETE /api/admin/users/:id/soft': {
    summary: 'Soft-delete an account (restorable)',
    description:
      'Users only: an admin is refused with 403 until another admin or the command line demotes it.',
  },
  'DELETE /api/admin/users/:id/hard': {
    summary: 'Remove an account and everything that hangs on it',
    description:
      'Users only: an admin is refused with 403 until another admin or the command line demotes it. A Stripe subscription is canceled at once first; 503, and nothing deleted, when Stripe cannot be reached.',
  },
  'POST /api/admin/users/:id/demote': {
    summary: 'Make another admin a user (trial ended), as its own audited action',
    description:
      'Never oneself (400); 409 for an account that is not an admin; the demoting admin must still be one, so the last admin is never demoted. Only a demoted admin may be suspended or deleted (docs/admin.md).',
  },
  'POST /api/admin/users/:id/mark-paid': {
    summary: 'Record a payment for whole months (billing without a payment provider)',
    description:
      'At $99 a month less the user’s referral discount; the period follows the last paid one; the plan becomes Monthly Unlimited; a first payment starts the referrer’s discount (decisions 016 and 017). Audited.',
  },
  'POST /api/admin/expire-discounts': {
    summary: 'End the referral discounts whose 12 months are over (decision 017)',
  },
  'GET /api/admin/audit': {
    summary: 'The audit trail of admin actions, newest first',
    description:
      'Who did what to whom, why and when; written with each action in its transaction and never changed. Each account is named as it was at the action (number and username), a hard-deleted one too (docs/accounts.md); `admin` is null for a role change made on the command line.',
  },
}

/** The Master and Admin dashboards' reads; docs/admin.md defines every figure. */
const adminReads: Record<string, RouteDoc> = {
  'GET /api/master/stats': {
    summary: 'The platform: users, active users, wagered, bets, profit/loss and the plan mix',
    description:
      'Over accounts not deleted. Money from settled committed bets (decisions 002 and 007), the SQL sum of the stored payout less the stake. Active: not suspended, with a login, I’m Here! or bet in the last 30 days.',
  },
  'GET /api/admin/users': {
    summary: 'The Master table of users, or (view=activity) the Admin dashboard’s activity list',
    description:
      'Search (username or e-mail, any case), sortBy, filterTier, includeDeleted (default false), includeSuspended (default true), page and pageSize (at most 100), with the total. One query with each user’s bet totals.',
  },
  'GET /api/admin/growth': {
    summary: 'Sign-ups, plan mix, revenue and the revenue forecast',
    description:
      'Sign-ups today (the admin’s timezone), in the last 7 and 30 days; revenue from recorded payments (last 30 days, all); forecast n months ahead: (paid users + n x 30-day sign-ups x 20%) x $99.',
  },
}

const referrals: Record<string, RouteDoc> = {
  'POST /api/referral/create': {
    summary: 'Create a referral code',
    description:
      '3-20 letters and digits, stored uppercase, unique (409 when taken); answers its sign-up link (decision 017). 10 per user per hour, so that trying names cannot list the codes others hold.',
  },
  'GET /api/referral/stats': {
    summary: 'The user’s referral discount, codes and referred friends',
    description:
      '10% off per friend whose first payment is recorded, for 12 months, at most 5 at once (decision 017). A friend shows by username and a masked address.',
  },
}

const billing: Record<string, RouteDoc> = {
  'GET /api/billing/plan': {
    summary: 'The user’s plan and what Monthly Unlimited costs them',
    description:
      'Plan, trial end, trial slots left (null: no cap), paid-through and next payment dates, the referral discount and the price after it (decisions 016 and 017); `configured` says whether the Monthly Unlimited button opens Stripe Checkout; `cancellable` whether a Stripe subscription can be canceled, and `subscriptionEndsAt` when a canceled one ends (then there is no next payment).',
  },
  'POST /api/billing/cancel': {
    summary: 'Cancel the Stripe subscription at the end of the paid period',
    description:
      'The subscription stops renewing; the plan runs to the period’s end, answered as `subscriptionEndsAt`. Asking again answers the same end. 409 for admins and without a Stripe subscription; 503 when Stripe cannot be reached.',
  },
  'POST /api/billing/checkout': {
    summary: 'Open Stripe Checkout for Monthly Unlimited',
    description:
      'Answers the Checkout page’s url: a $99 monthly subscription with the user’s referral discount as a coupon, back to /settings?billing=success or cancel. 409 without Stripe keys (an admin records payments instead), for admins, and while a paid period runs; 503 when Stripe cannot be reached.',
  },
  'POST /api/billing/webhook': {
    summary: 'Stripe’s signed events (for Stripe, not for browsers)',
    description:
      'Verified against the Stripe-Signature header (400 when it does not match). invoice.paid records the payment once per invoice and extends the plan to the period’s end; checkout.session.completed links the Stripe customer; customer.subscription.deleted and invoice.payment_failed end the plan when its paid period is over; an event about a subscription of a deleted account cancels it (`canceled`). A signed event missing a field Grid reads, or with one of another type, is a 400 naming it and changes nothing. Replays change nothing; other events are ignored. 409 without Stripe keys.',
  },
}

const connections: Record<string, RouteDoc> = {
  'GET /api/sportsbooks/connections': {
    summary: 'The sportsbooks a user can connect, each connected or available',
    description:
      'A book linked at the bet-sync partner since the last look shows connected at once (the partner is asked while a connection is pending).',
  },
  'GET /api/sportsbooks/status': {
    summary: 'Whether sportsbook connections are available here',
    description:
      '`opticOddsAvailable` (the spec’s name) and `status: ready` when a bet-sync partner (SharpSports) is configured; `partner_required` otherwise, when Import is the way to bring bets in.',
  },
  'POST /api/sportsbooks/connect': {
    summary: 'Start connecting a sportsbook',
    description:
      'Answers the partner’s hosted page (`linkUrl`) where the bettor signs in to the book; Grid never sees the password. The connection shows connected once the partner reports the book linked. 400 for an unknown book; 409 without a partner or when already connected; 503 when the partner cannot be reached.',
  },
  'POST /api/sportsbooks/sync': {
    summary: 'Sync bets from the connected sportsbooks',
    description:
      'Asks the partner to read the books again, then stores their single spread, total and moneyline bets on games Grid has as committed bets, keyed by the partner’s bet id: a re-sync adds nothing and counts changed bets (a result) as updated. `errors` lists what could not be stored with the reason; `skipped` counts kinds Grid does not track (parlays, props). 409 without a partner; 503 when it cannot be reached; 6 a minute.',
  },
  'DELETE /api/sportsbooks/connections/:id': {
    summary: 'Disconnect a sportsbook (decision 020)',
    description:
      'Removes the partner’s access to the book and forgets the connection; bets already synced stay. 404 when the book is not connected; 503 when the partner cannot be reached (the connection stays).',
  },
}

const system: Record<string, RouteDoc> = {
  'POST /api/support': {
    summary: 'Send a support request',
    description:
      'Stored, then e-mailed to support with the requester as Reply-To (decision 020). 5 per IP per hour.',
  },
  'GET /api/health': { summary: 'Liveness: no session, no database' },
  'GET /api/dev/outbox': { summary: 'Development only: the last 50 e-mails' },
}

export const ROUTE_DOCS: Readonly<Record<string, RouteDoc>> = {
  ...auth,
  ...account,
  ...games,
  ...bets,
  ...referrals,
  ...billing,
  ...connections,
  ...admin,
  ...adminReads,
  ...system,
}

/** The reference's sections, in the order a reader meets the product. */
export const ROUTE_SECTIONS = [
  { name: 'Account', description: 'Sign-up, sign-in, two-factor, passwords and the account’s settings.' },
  { name: 'Games', description: 'The games Grid follows, from ESPN or the simulator.' },
  {
    name: 'Bets',
    description: 'The user’s bets, their history and CSV, profit and loss, and the outcome grid.',
  },
  { name: 'Admin', description: 'Account moderation; admins only (decision 013).' },
  { name: 'Support and system', description: 'The support form and health.' },
] as const

type Section = (typeof ROUTE_SECTIONS)[number]['name']

/** Each route's section, by the path's first segment after /api. */
export const ROUTE_TAGS: Readonly<Record<string, Section>> = {
  auth: 'Account',
  user: 'Account',
  logout: 'Account',
  games: 'Games',
  events: 'Games',
  bets: 'Bets',
  stats: 'Bets',
  'outcome-matrix': 'Bets',
  'live-probability': 'Bets',
  suggestions: 'Bets',
  referral: 'Account',
  'data-export': 'Account',
  billing: 'Account',
  sportsbooks: 'Bets',
  admin: 'Admin',
  master: 'Admin',
  support: 'Support and system',
  health: 'Support and system',
  dev: 'Support and system',
}

/**
 * The reference's sections (/api/docs): each route joins one by the first segment of its path after /api,
 * so a new route of an existing area needs nothing here.
 */
/** In the order a reader meets the product. */
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

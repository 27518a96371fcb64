import { SUPPORT_ADDRESS } from '../../../domain/accounts'

/**
 * The Terms of Service and Privacy Policy. Grid records bets placed elsewhere and never takes a bet, so
 * the terms say so first. Retention periods and the minimum age are docs/spec/product-spec.md §9; plans are decision 016,
 * the inactivity deletion decision 021, 2FA and sessions decision 014.
 */
export interface LegalSection {
  heading: string
  paragraphs?: string[]
  bullets?: string[]
}

export const TERMS: LegalSection[] = [
  {
    heading: '1. What Grid is',
    paragraphs: [
      'Grid is a tracking and analysis tool for sports bets that you place with third-party sportsbooks. Grid does not accept, place, broker or settle bets, does not hold or transfer money for bets, and does not pay out winnings.',
      'Grid is provided for informational and educational purposes only. Nothing on Grid, including the outcome grid, probabilities and suggestions, is financial, legal or betting advice.',
    ],
  },
  {
    heading: '2. Who may use Grid',
    bullets: [
      'You must be at least 18 years old, and old enough to bet legally where you live.',
      'You are responsible for making sure that sports betting is legal where you are, and for following the terms of every sportsbook you use.',
      'One person per account. Keep your password private; you are responsible for activity on your account.',
    ],
  },
  {
    heading: '3. Your account and security',
    paragraphs: [
      `Sign-in sessions last 7 days. Two-factor authentication is available for every account and we strongly recommend turning it on. Tell us at once at ${SUPPORT_ADDRESS} if you think someone else has used your account.`,
    ],
  },
  {
    heading: '4. Plans and payment',
    bullets: [
      'New accounts start with a free 7-day trial. No payment is taken for the trial and there is no profit share. Trial places may be limited.',
      'After the trial, Monthly Unlimited costs $99 per month. You can cancel anytime; cancelling stops the next charge and access continues until the end of the paid month.',
      'Referral discounts: each referred friend who pays gives the referrer 10% off for 12 months, with at most 5 active referrals (50%). Discounts have no cash value.',
    ],
  },
  {
    heading: '5. Your data and content',
    paragraphs: [
      'The bets and notes you record belong to you. You give us permission to store and process them only to run Grid for you. You can export your bet history as CSV at any time, and for 30 days after your account ends.',
      'How we handle personal data is described in the Privacy Policy.',
    ],
  },
  {
    heading: '6. Acceptable use',
    bullets: [
      'Do not use Grid to break the law or the terms of a sportsbook.',
      "Do not try to reach other users' data, overload the service, or get around rate limits or security.",
      'Do not resell or republish Grid data without our written permission.',
    ],
  },
  {
    heading: '7. Accuracy and liability',
    paragraphs: [
      'Scores, odds and results come from outside data providers and may be late or wrong. Profit figures are only as accurate as the bets you enter. Always check results with your sportsbook.',
      'Grid is provided "as is". To the extent the law allows, we are not liable for betting losses or for decisions you make based on Grid. Bet responsibly: only stake what you can afford to lose. If gambling is a problem for you, call 1-800-GAMBLER.',
    ],
  },
  {
    heading: '8. Suspension, inactivity and termination',
    paragraphs: [
      'You can close your account at any time. We may suspend or close accounts that break these terms. An account with no activity for 2 years is scheduled for deletion; we e-mail you before that happens, and signing in keeps the account active.',
    ],
  },
  {
    heading: '9. Changes and contact',
    paragraphs: [
      `We may update these terms; if a change is significant we will tell you by e-mail or in the app before it takes effect. Questions: ${SUPPORT_ADDRESS}.`,
    ],
  },
]

export const PRIVACY: LegalSection[] = [
  {
    heading: '1. What we collect',
    bullets: [
      'Account data: username, e-mail address, optional phone number, time zone, plan and referral details, and a one-way hash of your password (never the password itself).',
      'Betting records: the bets you enter (game, type, line, odds, stake, sportsbook, status and result).',
      'Financial data: subscription and billing records, and referral discounts.',
      'Technical logs: sign-in times, IP addresses, browser details and error logs, used for security and to keep the service running.',
    ],
  },
  {
    heading: '2. How we use it',
    bullets: [
      'To run Grid for you: show your games, outcome grid, history and suggestions.',
      'To secure your account: sessions, two-factor codes, rate limits and fraud prevention.',
      'To send the e-mails you need: verification, password reset, security codes and account notices.',
      'We do not sell your personal data and we do not use your betting records for advertising.',
    ],
  },
  {
    heading: '3. Who we share it with',
    paragraphs: [
      'Only with service providers who help us run Grid (hosting, e-mail delivery, payment processing and sports-data providers), under contracts that limit their use to that purpose, or when the law requires it. Sportsbooks you connect receive only what is needed to import your bets.',
    ],
  },
  {
    heading: '4. How long we keep it',
    bullets: [
      'Account data: until you delete your account, or 2 years after your last activity.',
      'Financial data: 7 years, as tax and accounting law requires.',
      'Technical logs: 30 to 90 days.',
      'When your account is deleted (by you, for 2 years of inactivity, or by us), your profile and settings are erased at once; your bets and payments are financial records, kept for 7 years without your name or address, then erased.',
      'When your account ends we e-mail you a link to download your data, valid for 30 days; until then, Download my data in Account Settings gives you a copy at any time.',
    ],
  },
  {
    heading: '5. Security',
    paragraphs: [
      'Passwords are hashed with argon2id. Sessions last 7 days and are kept in httpOnly cookies that scripts cannot read. Two-factor authentication is available to every user and strongly recommended.',
    ],
  },
  {
    heading: '6. Your rights',
    paragraphs: [
      `You can see and correct your account data in Account Settings, download all of it (Download my data) or your bet history as CSV, and delete your account there yourself. Depending on where you live (for example under the GDPR) you may also object to or restrict some processing and complain to your data-protection authority. Write to ${SUPPORT_ADDRESS}; we answer within 30 days.`,
    ],
  },
  {
    heading: '7. Age',
    paragraphs: [
      'Grid is only for people aged 18 or over. We do not knowingly collect data from anyone younger; if we learn that we have, we delete it.',
    ],
  },
  {
    heading: '8. Cookies',
    paragraphs: [
      'We use only the cookies needed to keep you signed in and to finish a two-factor sign-in. We use no advertising or tracking cookies.',
    ],
  },
  {
    heading: '9. Changes and contact',
    paragraphs: [
      `If we change this policy in a significant way we will tell you by e-mail or in the app. Questions or requests: ${SUPPORT_ADDRESS}.`,
    ],
  },
]

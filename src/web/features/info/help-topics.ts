/**
 * The help page's questions, in the spec's five sections (section 2, Help). The claims follow the
 * decisions where the spec contradicts itself: the trial is free with no profit share (decision 016), sessions last
 * 7 days and 2FA is optional but recommended (decision 014), live scores sync every 30 s (decision 018).
 */
export interface HelpTopic {
  question: string
  answer: string[]
}

export interface HelpSection {
  id: string
  title: string
  topics: HelpTopic[]
}

export const HELP_SECTIONS: HelpSection[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    topics: [
      {
        question: 'What is Grid?',
        answer: [
          'Grid is a tracker for the bets you place at your own sportsbooks. You record each bet, and Grid shows what every possible final score would mean for your wallet.',
          'Grid never takes bets, holds money or pays out winnings.',
        ],
      },
      {
        question: 'How do I add my first bet?',
        answer: [
          "Open a game from Today's Games on the dashboard and choose Add Bet. Pick the bet type (spread, over/under or moneyline), the line, the odds and your stake exactly as they appear on your ticket.",
        ],
      },
      {
        question: 'What does the free trial include?',
        answer: [
          'Every new account starts with a free 7-day trial with full access and no payment. After that, Monthly Unlimited is $99 per month and can be cancelled anytime.',
        ],
      },
    ],
  },
  {
    id: 'using-grid',
    title: 'Using Grid Features',
    topics: [
      {
        question: 'How do I read the outcome grid?',
        answer: [
          'Home scores run down the side and away scores across the top. Each cell shows your total profit or loss, and the return on your stake, if the game ends at that exact score.',
          'Green cells are wins, red cells are losses and grey cells break even. While a game is live, the current score is outlined.',
        ],
      },
      {
        question: 'What is the difference between tentative and placed bets?',
        answer: [
          'A new bet is tentative: it shows in the grid so you can plan, and you can still edit or delete it. Confirm it once you have actually placed it at your sportsbook.',
          'Confirmed (placed) bets can no longer be changed. They are settled to won, lost or push automatically when the game is final, and count in your profit and loss.',
          'A bet added to a game that is already over is recorded as placed and settled at once. A tentative bet left on a finished game reads as not placed (what-if); confirm it if you did place it.',
        ],
      },
      {
        question: 'Why does a cell say N/A?',
        answer: [
          'Some sports cannot end in a tie (baseball, basketball, hockey and college football), so those final scores are impossible and show N/A.',
        ],
      },
    ],
  },
  {
    id: 'features-tools',
    title: 'Features & Tools',
    topics: [
      {
        question: 'What are smart bet suggestions?',
        answer: [
          'Suggestions look at your open bets and the game to point out hedges, value, middles, related bets, trends and live momentum, with a confidence from 1 to 5. They are ideas, not advice: always check your sportsbook terms.',
        ],
      },
      {
        question: 'How does the profit and loss history work?',
        answer: [
          'Bet History lists every game you bet on with your stake, net result and return, filtered by date range. Only settled bets count in win rate and ROI. You can export the list as a CSV file.',
        ],
      },
      {
        question: 'Can I share a win?',
        answer: [
          'Yes. On a game where you came out ahead, Share Win makes a square image card with the final score and your profit that you can download or post.',
        ],
      },
    ],
  },
  {
    id: 'troubleshooting',
    title: 'Troubleshooting',
    topics: [
      {
        question: 'The score or the grid looks out of date.',
        answer: [
          'Live scores update about every 30 seconds, and the grid refreshes every few seconds during a live game. Reload the page if your connection dropped.',
        ],
      },
      {
        question: 'I cannot edit or delete a bet.',
        answer: [
          'Only tentative bets can be changed. Once a bet is confirmed as placed it stays as recorded, so your history matches your sportsbook.',
        ],
      },
      {
        question: 'I did not receive my verification or 2FA code.',
        answer: [
          'Check your spam folder and make sure the e-mail address in Account Settings is right. Codes expire after 10 minutes; use Resend Code to get a new one.',
        ],
      },
    ],
  },
  {
    id: 'account-billing',
    title: 'Account & Billing',
    topics: [
      {
        question: 'How do I change my username or time zone?',
        answer: [
          'Open Account Settings from the menu. Your time zone decides which games count as today and how start times are shown.',
        ],
      },
      {
        question: 'How is my account kept secure?',
        answer: [
          'Passwords are stored only as argon2id hashes, and sessions last 7 days. We strongly recommend turning on two-factor authentication in Account Settings.',
        ],
      },
      {
        question: 'How do referral discounts work?',
        answer: [
          'Each friend you refer who pays for a month gives you 10% off for 12 months, up to 5 friends at once (50% off).',
        ],
      },
      {
        question: 'How do I cancel or ask about billing?',
        answer: [
          'Contact support. Billing and urgent questions are answered within 4 hours during business hours; everything else within 24 hours.',
        ],
      },
    ],
  },
]

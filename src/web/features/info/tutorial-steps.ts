/** docs/spec/product-spec.md §2, Tutorial: five steps, in this order. */
export interface TutorialStep {
  title: string
  lead: string
  points: string[]
}

export const TUTORIAL_STEPS: TutorialStep[] = [
  {
    title: 'Welcome to Grid',
    lead: 'Grid tracks the bets you place at your sportsbooks and shows what every final score means for you.',
    points: [
      'Live and upcoming games from every major league, grouped by league.',
      'An outcome grid of your profit or loss for every possible final score.',
      'History, CSV export and share cards for your wins. Grid never places bets itself.',
    ],
  },
  {
    title: 'Understanding the Grid',
    lead: 'Each cell is your total profit or loss, and return on stake, if the game ends at that score.',
    points: [
      'Home scores run down the side, away scores across the top.',
      'Green cells are profit, red cells are loss, grey cells break even; each cell also says +$ or -$.',
      'During a live game the current score is outlined, and the grid refreshes every few seconds.',
    ],
  },
  {
    title: 'Smart Suggestions',
    lead: 'Grid looks at your open bets and points out ideas worth a look.',
    points: [
      'Hedges to lock in profit, value lines, middles, related bets, trends and live momentum.',
      'Each idea has a confidence from 1 to 5, a risk level and its reasoning.',
      "Suggestions are ideas, not advice: follow each sportsbook's terms.",
    ],
  },
  {
    title: 'Managing Your Bets',
    lead: 'New bets start as tentative, so you can plan before you commit.',
    points: [
      'Tentative bets show in the grid and can still be edited or deleted.',
      'Confirm a bet once you have placed it. Placed bets cannot be changed.',
      'Placed bets settle to won, lost or push automatically when the game is final.',
    ],
  },
  {
    title: 'Getting Started',
    lead: 'You are ready. Here is the quickest way in.',
    points: [
      "Open a game from Today's Games on the dashboard.",
      'Use Add Bet to enter a bet exactly as it is on your ticket.',
      'Watch the grid, and check Bet History after the game.',
    ],
  },
]

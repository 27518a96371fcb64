// The cards' titles are the spec's Tutorial tab (docs/spec/product-spec.md §2), though the code calls the outcome matrix the grid.

const CARDS = [
  {
    title: 'Getting Started',
    emoji: '🚀',
    text: "Open a game on the Today's Games tab and use Add Bet to record a bet you placed at your sportsbook. Grid tracks bets; it never places them.",
  },
  {
    title: 'Outcome Matrix',
    emoji: '📊',
    text: 'The Grid shows your profit or loss and ROI for every possible final score: away scores across the top, home scores down the side. The current score is outlined while the game is live.',
  },
  {
    title: 'Bet Management',
    emoji: '🗂️',
    text: 'New bets are tentative: you can still delete them. Confirm a bet once it is placed; placed bets are settled to won, lost or push when the game is final.',
  },
  {
    title: 'Analytics',
    emoji: '📈',
    text: 'P&L History summarises your settled bets: wagered, win rate, net profit and ROI per game, with a CSV export and shareable win cards.',
  },
] as const

/** docs/spec/product-spec.md §2, Tutorial tab: four info cards and the sportsbook terms guideline. */
export function Tutorial() {
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-bold">How Grid works</h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {CARDS.map((card, index) => (
          <section key={card.title} aria-labelledby={`tutorial-card-${index}`} className={`${CARD} p-4`}>
            <h3 id={`tutorial-card-${index}`} className="mb-2 flex items-center gap-2 font-semibold">
              <span aria-hidden="true">{card.emoji}</span>
              {card.title}
            </h3>
            <p className="text-sm text-slate-300">{card.text}</p>
          </section>
        ))}
      </div>
      <aside className="rounded-xl border border-amber-500/50 bg-amber-950/40 p-4 text-sm text-amber-100">
        <h3 className="mb-1 font-semibold">Play by the rules</h3>
        <p>
          Follow each sportsbook's terms of service. Do not middle or hedge on the same platform: use Grid's
          suggestions only in ways your sportsbook allows.
        </p>
      </aside>
    </div>
  )
}

import { CARD } from '../../ui/card'

/** The guide the menu's User Guide entry opens (it has no route). */
export function UserGuide() {
  return (
    <div className="space-y-3 text-sm text-slate-300">
      <p>
        <strong className="text-white">1. Pick a game.</strong> Today's Games lists every league with games
        today; open one to see its Grid.
      </p>
      <p>
        <strong className="text-white">2. Add the bets you placed.</strong> Use Add Bet with the line, odds
        and stake from your sportsbook. New bets are tentative: they show in the Grid but not in your P&amp;L.
      </p>
      <p>
        <strong className="text-white">3. Read the Grid.</strong> Away scores run across, home scores down.
        Each cell is what you win or lose if the game ends at that score; the current score has a green
        border.
      </p>
      <p>
        <strong className="text-white">4. Confirm what you placed.</strong> Confirmed bets settle
        automatically when the game is final and count in your history.
      </p>
      <p>Grid is a tracker: it never places bets. Follow each sportsbook's terms of service.</p>
    </div>
  )
}

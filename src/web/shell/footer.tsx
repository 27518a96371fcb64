export function Footer() {
  return (
    <footer className="mt-12 border-t border-slate-800 px-4 py-6 text-center text-xs text-slate-400">
      Grid is a tracking and analysis tool. It does not accept or place bets. Bet responsibly; if gambling is
      a problem for you, call 1-800-GAMBLER.
    </footer>
  )
}

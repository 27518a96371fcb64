import { useId } from 'react'
import type { SportKind } from '../../../domain/leagues'
import type { ListedGame } from '../../types'
import { BADGE } from '../../ui/badge'
import { FOCUS } from '../../ui/focus'
import { SportIcon } from '../../ui/icons'
import { plural } from '../../ui/text'
import { uniqueBets } from '../bets/ticket-view'
import { GameCard } from './game-card'

export interface LeagueGroup {
  /** The display code (MLB, EPL...) or, for a league Grid does not know, the feed's own code. */
  code: string
  label: string
  /** Null for a league Grid does not know. */
  sport: SportKind | null
  games: ListedGame[]
}

/** docs/spec/product-spec.md §2: a collapsible league with its count, its bet count and a two-column grid of cards. */
export function LeagueSection({
  group,
  open,
  onToggle,
  onOpenGame,
}: {
  group: LeagueGroup
  open: boolean
  onToggle: () => void
  onOpenGame: (game: ListedGame) => void
}) {
  const panelId = useId()
  // A ticket with legs on two of the league's games is one bet.
  const bets = uniqueBets(group.games.flatMap((game) => game.bets)).length
  return (
    <section aria-label={group.label} className="rounded-xl border border-slate-800 bg-slate-900/50">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className={`flex w-full items-center gap-3 rounded-xl px-4 py-3 text-left hover:bg-slate-800/60 ${FOCUS}`}
        >
          <SportIcon sport={group.sport} className="h-5 w-5 text-slate-300" />
          <span className="font-semibold">{group.label}</span>
          <span className="text-sm text-slate-400">{plural(group.games.length, 'game')}</span>
          {bets > 0 ? (
            <span className={`${BADGE} bg-sky-500/15 text-sky-300`}>{plural(bets, 'bet')}</span>
          ) : null}
          <span
            aria-hidden="true"
            className={`ml-auto text-slate-400 transition ${open ? 'rotate-180' : ''}`}
          >
            ▾
          </span>
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="grid grid-cols-1 gap-3 px-3 pb-3 sm:grid-cols-2">
        {open ? group.games.map((game) => <GameCard key={game.id} game={game} onOpen={onOpenGame} />) : null}
      </div>
    </section>
  )
}

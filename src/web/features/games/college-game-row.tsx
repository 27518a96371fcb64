import { displayGameStatus } from '../../../domain/game-status'
import { Link } from '../../router'
import type { ListedGame } from '../../types'
import { buttonClass } from '../../ui/button'
import { FOCUS } from '../../ui/focus'
import { Figure } from '../../ui/format'
import { plural } from '../../ui/text'
import { FootballDetailsRow } from './football-details'
import { centralStartTime } from './game-time'
import { StatusBadge } from './status-badge'

/**
 * docs/spec/product-spec.md §2, College football: a row opens the game page; its Bet button stays outside the link so
 * the two controls are never nested.
 */
export function CollegeGameRow({ game, onBet }: { game: ListedGame; onBet: (game: ListedGame) => void }) {
  const live = displayGameStatus(game.status) === 'LIVE'
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-4">
      <Link
        href={`/game/${game.id}`}
        className={`flex min-w-0 flex-1 flex-col gap-2 rounded-lg p-1 hover:bg-slate-800/60 ${FOCUS}`}
      >
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <StatusBadge status={game.status} />
          <span className="text-slate-400">{centralStartTime(game.startTime)}</span>
          {live && game.gameTime ? <span className="font-medium text-red-300">{game.gameTime}</span> : null}
          {game.bets.length > 0 ? (
            <span className="text-sky-300">{plural(game.bets.length, 'bet')}</span>
          ) : null}
        </div>
        <div className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5">
          <span className="truncate font-medium">{game.awayTeam}</span>
          <Figure className="font-bold">{game.awayScore ?? 0}</Figure>
          <span className="truncate font-medium">{game.homeTeam}</span>
          <Figure className="font-bold">{game.homeScore ?? 0}</Figure>
        </div>
        {live && game.footballDetails ? (
          <FootballDetailsRow game={game} details={game.footballDetails} />
        ) : null}
      </Link>
      <button
        type="button"
        onClick={() => onBet(game)}
        aria-label={`Bet on ${game.awayTeam} @ ${game.homeTeam}`}
        className={`${buttonClass('primary')} self-end sm:self-center`}
      >
        Bet
      </button>
    </li>
  )
}

import { displayGameStatus } from '../../../domain/game-status'
import type { ListedGame } from '../../types'
import { BADGE } from '../../ui/badge'
import { CARD } from '../../ui/card'
import { FOCUS } from '../../ui/focus'
import { Figure, Money, When } from '../../ui/format'
import { plural } from '../../ui/text'
import { gameNet } from '../bets/bet-money'
import { startsInFuture } from './game-time'

/** docs/spec/product-spec.md §2, Game card: status, bet count, both teams with scores, the clock and the user's net. */
export function GameCard({ game, onOpen }: { game: ListedGame; onOpen: (game: ListedGame) => void }) {
  const live = displayGameStatus(game.status) === 'LIVE'
  return (
    <button
      type="button"
      onClick={() => onOpen(game)}
      className={`${CARD} flex w-full flex-col gap-3 p-4 text-left transition hover:border-slate-600 hover:bg-slate-800/60 ${FOCUS}`}
    >
      <div className="flex items-center justify-between gap-2">
        <GameStatusBadge game={game} />
        {game.bets.length > 0 ? (
          <span className={`${BADGE} bg-sky-500/15 text-sky-300`}>{plural(game.bets.length, 'bet')}</span>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <TeamRow team={game.awayTeam} score={game.awayScore} />
        <TeamRow team={game.homeTeam} score={game.homeScore} />
      </div>
      {(live && game.gameTime) || game.bets.length > 0 ? (
        <div className="flex items-center justify-between gap-2 text-sm">
          <span className="text-slate-400">{live ? game.gameTime : null}</span>
          {game.bets.length > 0 ? <NetFigure game={game} /> : null}
        </div>
      ) : null}
    </button>
  )
}

function TeamRow({ team, score }: { team: string; score: number | null }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="truncate font-medium">{team}</span>
      <Figure className="text-lg font-bold">{score ?? 0}</Figure>
    </div>
  )
}

/** Final; Live with a pulsing dot; the start (account's zone) while it is ahead; otherwise Scheduled. */
export function GameStatusBadge({ game }: { game: Pick<ListedGame, 'status' | 'startTime'> }) {
  const status = displayGameStatus(game.status)
  if (status === 'FINAL') return <span className={`${BADGE} bg-slate-700 text-slate-200`}>Final</span>
  if (status === 'LIVE') {
    return (
      <span className={`${BADGE} bg-red-500/20 text-red-300`}>
        <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-red-500" />
        Live
      </span>
    )
  }
  return (
    <span className={`${BADGE} bg-slate-800 text-slate-300`}>
      {startsInFuture(game.startTime) ? <When iso={game.startTime} /> : 'Scheduled'}
    </span>
  )
}

/** Decision 002 net of the user's settled bets on the game; the sign is in the text, so colour is not the only cue. */
function NetFigure({ game }: { game: ListedGame }) {
  const net = gameNet(game.bets)
  return (
    <span className="font-semibold">
      <span className="sr-only">Net </span>
      <Money amount={net} signed tone />
    </span>
  )
}

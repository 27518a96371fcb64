import type { FootballDetails as Details, Game } from '../../types'
import { BADGE } from '../../ui/badge'
import { SportIcon } from '../../ui/icons'

const ORDINALS = ['1st', '2nd', '3rd', '4th'] as const

/** '3rd & 4' from the parts when the feed gave no text of its own. */
function downAndDistance(details: Details): string | null {
  if (details.downDistanceText) return details.downDistanceText
  const down = details.down === null ? undefined : ORDINALS[details.down - 1]
  if (!down || details.distance === null) return null
  return `${down} & ${details.distance === 0 ? 'Goal' : details.distance}`
}

/**
 * The yard line counts from the possessing team's own goal line (src/domain/game.ts): 'DET 34' on its own
 * half, the opponent's abbreviation past midfield, '50' at midfield.
 */
function ballOn(details: Details, game: Game): string | null {
  const { yardLine, possession } = details
  if (yardLine === null) return null
  if (yardLine === 50) return '50'
  // Without the side that has the ball, the number alone cannot say whose half it is.
  if (!possession) return null
  const opponent = possession === game.homeAbbreviation ? game.awayAbbreviation : game.homeAbbreviation
  return yardLine < 50 ? `${possession} ${yardLine}` : `${opponent ?? 'OPP'} ${100 - yardLine}`
}

/** docs/spec/product-spec.md §2, College football: down and distance, yard line, red zone, possession and timeouts. */
export function FootballDetailsRow({ game, details }: { game: Game; details: Details }) {
  const away = game.awayAbbreviation ?? game.awayTeam
  const home = game.homeAbbreviation ?? game.homeTeam
  const spot = ballOn(details, game)
  return (
    <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-300">
      <div className="flex gap-1">
        <dt className="text-slate-400">Down &amp; distance</dt>
        <dd className="font-medium">{downAndDistance(details) ?? '—'}</dd>
      </div>
      {spot && !details.downDistanceText ? (
        <div className="flex gap-1">
          <dt className="text-slate-400">Ball on</dt>
          <dd className="font-medium">{spot}</dd>
        </div>
      ) : null}
      <div className="flex gap-1">
        <dt className="text-slate-400">Possession</dt>
        <dd className="font-medium">
          <SportIcon sport="football" className="mr-1 h-4 w-4 align-[-2px]" />
          {details.possession ?? '—'}
        </dd>
      </div>
      {details.redZone ? (
        <div>
          <dt className="sr-only">Field position</dt>
          <dd className={`${BADGE} bg-red-500/20 text-red-300`}>Red Zone</dd>
        </div>
      ) : null}
      <div className="flex gap-1">
        <dt className="text-slate-400">Timeouts</dt>
        <dd className="font-medium">
          {away} {details.timeouts.away ?? '—'} · {home} {details.timeouts.home ?? '—'}
        </dd>
      </div>
    </dl>
  )
}

import type { BaseballSituation, FootballDetails, Game } from '../../types'

/**
 * The Probability Analysis tab (spec section 2). GET /api/live-probability does not exist yet, so the tab
 * shows the situation the game itself carries (baseball or football) and says the probability part is
 * unavailable, rather than inventing numbers.
 */
export function LiveSituation({ game }: { game: Game }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-300">
        Current score: {game.awayTeam} {game.awayScore ?? 0}, {game.homeTeam} {game.homeScore ?? 0}
      </p>
      {game.baseball ? <BaseballPanel situation={game.baseball} /> : null}
      {game.footballDetails ? <FootballPanel details={game.footballDetails} /> : null}
      {!game.baseball && !game.footballDetails ? (
        <p className="text-sm text-slate-400">No live situation details for this game.</p>
      ) : null}
      <div className="rounded-lg border border-amber-500/40 bg-amber-950/40 p-3">
        <p className="font-semibold text-amber-200">Live probability analysis unavailable</p>
        <p className="text-sm text-amber-100/80">
          Most likely final scores and highest-value outcomes are not available for this game yet.
        </p>
      </div>
    </div>
  )
}

function basesLoaded(s: BaseballSituation): boolean {
  return s.bases.first && s.bases.second && s.bases.third
}

/** The spec's headline: bases loaded, runners in scoring position (< 2 outs), late innings, else the inning. */
export function baseballHeadline(s: BaseballSituation): string {
  if (basesLoaded(s)) return 'Bases loaded'
  if ((s.bases.second || s.bases.third) && s.outs < 2) return 'Runners in scoring position'
  if (s.inning >= 7) return 'Late-inning pressure'
  return `${s.inningHalf === 'top' ? 'Top' : 'Bottom'} ${s.inning}, ${s.outs} ${s.outs === 1 ? 'out' : 'outs'}`
}

function BaseballPanel({ situation: s }: { situation: BaseballSituation }) {
  return (
    <section aria-label="Baseball situation" className="flex flex-col gap-3 rounded-lg bg-slate-900 p-3">
      <p className="text-lg font-semibold">{baseballHeadline(s)}</p>
      {basesLoaded(s) ? (
        <p className="rounded border border-yellow-500/50 bg-yellow-950/50 px-3 py-2 font-semibold text-yellow-200">
          ⚠ Bases Loaded: a big swing in the grid is possible on the next pitch.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-6">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-400">Inning</dt>
          <dd>
            {s.inningHalf === 'top' ? 'Top' : 'Bottom'} {s.inning}
          </dd>
          <dt className="text-slate-400">Count</dt>
          <dd>
            {s.balls}-{s.strikes}
          </dd>
          <dt className="text-slate-400">Outs</dt>
          <dd>{s.outs}</dd>
        </dl>
        <BaseDiamond bases={s.bases} />
      </div>
    </section>
  )
}

function runnersText(bases: BaseballSituation['bases']): string {
  const on = [bases.first && 'first', bases.second && 'second', bases.third && 'third'].filter(Boolean)
  return on.length === 0 ? 'Bases empty' : `Runners on ${on.join(', ')}`
}

/** Second at the top, third left, first right; a filled base has a runner. */
function BaseDiamond({ bases }: { bases: BaseballSituation['bases'] }) {
  const base = (occupied: boolean) =>
    occupied ? 'fill-yellow-400 stroke-yellow-200' : 'fill-slate-800 stroke-slate-500'
  return (
    <svg viewBox="0 0 60 60" width="64" height="64" role="img" aria-label={runnersText(bases)}>
      <rect x="24" y="6" width="12" height="12" transform="rotate(45 30 12)" className={base(bases.second)} />
      <rect x="6" y="24" width="12" height="12" transform="rotate(45 12 30)" className={base(bases.third)} />
      <rect x="42" y="24" width="12" height="12" transform="rotate(45 48 30)" className={base(bases.first)} />
      <rect x="24" y="42" width="12" height="12" transform="rotate(45 30 48)" className="fill-slate-300" />
    </svg>
  )
}

const ORDINALS = ['', '1st', '2nd', '3rd', '4th'] as const

function downAndDistance(d: FootballDetails): string | null {
  if (d.downDistanceText) return d.downDistanceText
  if (d.down === null) return null
  return `${ORDINALS[d.down] ?? `${d.down}th`} & ${d.distance ?? '?'}`
}

function FootballPanel({ details: d }: { details: FootballDetails }) {
  return (
    <section aria-label="Football situation" className="flex flex-col gap-2 rounded-lg bg-slate-900 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-lg font-semibold">{downAndDistance(d) ?? 'Between plays'}</p>
        {d.redZone ? (
          <span className="rounded bg-red-700 px-2 py-0.5 text-xs font-bold text-white">RED ZONE</span>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:max-w-xs">
        <dt className="text-slate-400">Possession</dt>
        <dd>{d.possession ?? '—'}</dd>
        <dt className="text-slate-400">Yard line</dt>
        <dd>{d.yardLine ?? '—'}</dd>
        <dt className="text-slate-400">Timeouts (away)</dt>
        <dd>{d.timeouts.away ?? '—'}</dd>
        <dt className="text-slate-400">Timeouts (home)</dt>
        <dd>{d.timeouts.home ?? '—'}</dd>
      </dl>
    </section>
  )
}

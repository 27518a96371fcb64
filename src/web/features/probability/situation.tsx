import { leagueInfo, type SportKind } from '../../../domain/leagues'
import type { BaseballSituation, FootballDetails, Game, LiveProbability } from '../../types'
import { yardLineText } from './panel-text'

/** The situation's headline, the score and the sport's own details (docs/spec/product-spec.md §2, Probability Analysis). */
export function SituationCard({ game, situation }: { game: Game; situation: LiveProbability['situation'] }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-lg font-semibold">{situationHeadline(game.league, game.status, situation)}</p>
      {notStarted(game.status, situation) ? null : (
        <p className="text-sm text-slate-300">
          Current score: {game.awayTeam} {situation.awayScore}, {game.homeTeam} {situation.homeScore}
        </p>
      )}
      {situation.baseball ? <BaseballPanel situation={situation.baseball} /> : null}
      {situation.football ? <FootballPanel details={situation.football} game={game} /> : null}
    </div>
  )
}

/**
 * One line on where the game stands, in the sport's own words: baseball's from the spec (below), football's
 * down and distance, the clock of the period for basketball and hockey, the minute for soccer.
 */
export function situationHeadline(league: string, status: string, s: LiveProbability['situation']): string {
  if (s.baseball) return baseballHeadline(s.baseball)
  if (notStarted(status, s) || s.period === null)
    return 'Not started: the pregame distribution from the market'
  const football = s.football ? downAndDistance(s.football) : null
  const clock = clockLine(league, s.period, s.clock)
  return football ? `${football} · ${clock}` : clock
}

/** Before the kickoff the situation's 0-0 is no score yet: the panel says the game has not started instead. */
function notStarted(status: string, s: LiveProbability['situation']): boolean {
  return status === 'scheduled' || s.period === null
}

const UNITS: Partial<Record<SportKind, string>> = {
  football: 'quarter',
  basketball: 'quarter',
  hockey: 'period',
}

function clockLine(league: string, period: number, clock: string | null): string {
  const info = leagueInfo(league)
  if (info?.sport === 'soccer') return soccerLine(period, clock)
  const regulation = info?.code === 'NCAAB' ? 2 : info?.sport === 'hockey' ? 3 : 4
  const unit = info?.code === 'NCAAB' ? 'half' : (UNITS[info?.sport ?? 'football'] ?? 'period')
  const name = period > regulation ? 'Overtime' : `${ordinal(period)} ${unit}`
  const left = clock ? /^(\d{1,2}:\d{2})/.exec(clock.trim())?.[1] : undefined
  if (left) return `${name}, ${left} left`
  return clock ?? name
}

function soccerLine(period: number, clock: string | null): string {
  const minute = clock ? /^(\d{1,3})'(?:\+(\d+)')?/.exec(clock.trim()) : null
  if (!minute) return clock === 'HT' ? 'Half time' : (clock ?? `${ordinal(period)} half`)
  const stoppage = minute[2] ? ` +${minute[2]}` : ''
  return `${ordinal(Number(minute[1]))} minute${stoppage}, ${ordinal(Math.min(period, 2))} half`
}

function ordinal(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
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

function downAndDistance(d: FootballDetails): string | null {
  if (d.downDistanceText) return d.downDistanceText
  if (d.down === null) return null
  return `${ordinal(d.down)} & ${d.distance ?? '?'}`
}

function FootballPanel({ details: d, game }: { details: FootballDetails; game: Game }) {
  return (
    <section aria-label="Football situation" className="flex flex-col gap-2 rounded-lg bg-slate-900 p-3">
      <p className="font-semibold">
        {downAndDistance(d) ?? 'Between plays'}
        {d.redZone ? (
          <span className="ml-2 rounded bg-red-700 px-2 py-0.5 text-xs font-bold text-white">RED ZONE</span>
        ) : null}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:max-w-xs">
        <dt className="text-slate-400">Possession</dt>
        <dd>{d.possession ?? '—'}</dd>
        <dt className="text-slate-400">Yard line</dt>
        <dd>{yardLineText(d, game)}</dd>
        <dt className="text-slate-400">Timeouts (away)</dt>
        <dd>{d.timeouts.away ?? '—'}</dd>
        <dt className="text-slate-400">Timeouts (home)</dt>
        <dd>{d.timeouts.home ?? '—'}</dd>
      </dl>
    </section>
  )
}

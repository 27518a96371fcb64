import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { INITIALLY_OPEN_LEAGUES, LEAGUES, leagueCode, leagueRank } from '../../../domain/leagues'
import { routeQuery } from '../../api'
import { useLivePollInterval } from '../../live-provider'
import type { ListedGame } from '../../types'
import { BADGE } from '../../ui/badge'
import { CARD } from '../../ui/card'
import { Modal } from '../../ui/dialog'
import { Spinner } from '../../ui/spinner'
import { GameDetail } from './game-detail'
import { type LeagueGroup, LeagueSection } from './league-section'

/**
 * docs/spec/product-spec.md §9: the dashboard polls the games every 60 s, and not while the tab is in the background;
 * only while the event stream is down.
 */
const POLL_MS = 60_000

/** docs/spec/product-spec.md §2, Today's Games: league sections in the spec's order and the game modal. */
export function TodaysGames() {
  const games = useQuery({
    ...routeQuery('GET /api/games/live'),
    refetchInterval: useLivePollInterval(POLL_MS),
    refetchIntervalInBackground: false,
  })
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(INITIALLY_OPEN_LEAGUES))
  const [selected, setSelected] = useState<ListedGame | null>(null)
  const list = games.data ?? []
  const groups = useMemo(() => groupByLeague(list), [list])
  // The modal follows the polled list, so its scores and bets stay fresh while it is open.
  const shown = selected ? (list.find((game) => game.id === selected.id) ?? selected) : null

  const toggle = (code: string) =>
    setOpen((current) => {
      const next = new Set(current)
      if (next.has(code)) next.delete(code)
      else next.add(code)
      return next
    })

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-bold">Today's Games</h2>
        <span className={`${BADGE} bg-emerald-500/15 text-emerald-300`}>
          {list.length}
          <span className="sr-only"> {list.length === 1 ? 'game' : 'games'} in total</span>
        </span>
        <FeedSource />
      </div>
      {games.isLoading ? (
        <Spinner label="Loading games..." />
      ) : groups.length === 0 ? (
        <div className={`${CARD} p-8 text-center text-slate-400`}>No games available</div>
      ) : (
        groups.map((group) => (
          <LeagueSection
            key={group.code}
            group={group}
            open={open.has(group.code)}
            onToggle={() => toggle(group.code)}
            onOpenGame={setSelected}
          />
        ))
      )}
      <Modal
        open={shown !== null}
        onClose={() => setSelected(null)}
        title={shown ? `${shown.awayTeam} @ ${shown.homeTeam}` : 'Game'}
        wide
      >
        {shown ? <GameDetail game={shown} /> : null}
      </Modal>
    </div>
  )
}

/** Decision 018: the UI says whether the games come from the live feed or the simulator. */
function FeedSource() {
  const feed = useQuery({ ...routeQuery('GET /api/games/feed') })
  if (!feed.data) return null
  return (
    <p className="text-xs text-slate-400 sm:ml-auto">
      {feed.data.source === 'espn' ? 'Live data: ESPN' : 'Simulated games (no live feed reachable)'}
    </p>
  )
}

/**
 * Folds each game's league into its display group (aliases such as ENG.1 join EPL), keeps the spec's
 * league order, shows only leagues with games, and sorts each league by start time ascending.
 */
export function groupByLeague(games: readonly ListedGame[]): LeagueGroup[] {
  const groups = new Map<string, LeagueGroup>()
  for (const game of games) {
    const code = leagueCode(game.sport)
    const key = code ?? game.sport
    let group = groups.get(key)
    if (!group) {
      const info = code ? LEAGUES[code] : null
      group = { code: key, label: info?.label ?? game.sport, sport: info?.sport ?? null, games: [] }
      groups.set(key, group)
    }
    group.games.push(game)
  }
  const sorted = [...groups.values()].sort((a, b) => leagueRank(a.code) - leagueRank(b.code))
  for (const group of sorted) group.games.sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
  return sorted
}

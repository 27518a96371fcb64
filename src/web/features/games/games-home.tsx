import { useState } from 'react'
import { useLocation } from '../../router'
import { type TabItem, TabPanel, Tabs } from '../../ui/tabs'
import { ActiveBetsPanel } from '../bets/active-bets-panel'
import { InactivityBanner } from './inactivity-banner'
import { TodaysGames } from './todays-games'
import { Tutorial } from './tutorial'

type TabKey = 'live' | 'with-bets' | 'tutorial' | 'history'
type PanelKey = Exclude<TabKey, 'history'>

/** docs/spec/product-spec.md §2, Games home: the tab keys are the spec's; P&L History leads to /history. */
const TABS: readonly TabItem<TabKey>[] = [
  { key: 'live', label: "Today's Games" },
  { key: 'with-bets', label: 'My Bets' },
  { key: 'tutorial', label: 'Tutorial' },
  { key: 'history', label: 'P&L History', href: '/history' },
]

const PANELS: readonly PanelKey[] = ['live', 'with-bets', 'tutorial']

function isPanelKey(value: string | null): value is PanelKey {
  return PANELS.includes(value as PanelKey)
}

export function GamesHome() {
  const { search } = useLocation()
  const initial = search.get('tab')
  const [tab, setTab] = useState<PanelKey>(isPanelKey(initial) ? initial : 'live')

  const select = (key: TabKey) => {
    if (!isPanelKey(key)) return
    setTab(key)
    // The tab lives in the address so a reload or a shared link opens the same one; replaceState keeps
    // the back button for real navigation and does not scroll the page like navigate() does.
    const url = new URL(window.location.href)
    if (key === 'live') url.searchParams.delete('tab')
    else url.searchParams.set('tab', key)
    window.history.replaceState(null, '', url.pathname + url.search)
  }

  return (
    <div className="flex flex-col gap-4">
      <h1 className="sr-only">Dashboard</h1>
      <InactivityBanner />
      <Tabs
        label="Dashboard sections"
        look="grid"
        idBase="home"
        tabs={TABS}
        selected={tab}
        onSelect={select}
      />
      <TabPanel idBase="home" selected={tab} focusable>
        {tab === 'live' ? <TodaysGames /> : tab === 'with-bets' ? <ActiveBetsPanel /> : <Tutorial />}
      </TabPanel>
    </div>
  )
}

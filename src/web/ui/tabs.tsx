import { type KeyboardEvent, type ReactNode, useRef } from 'react'
import { navigate } from '../router'
import { FOCUS } from './focus'
import { tabKeyTarget } from './tab-keys'

export interface TabItem<K extends string> {
  key: K
  label: string
  /** A tab that leads to another screen (P&L History) instead of showing a panel here. */
  href?: string
}

/** The dashboard's wide grid of tabs, the sign-in card's segmented control, a panel's small switch. */
export type TabsLook = 'grid' | 'segmented' | 'pills'

const LOOKS: Record<TabsLook, { list: string; tab: string; on: string; off: string }> = {
  grid: {
    list: 'grid grid-cols-2 gap-1 rounded-xl border border-slate-800 bg-slate-900 p-1 sm:grid-cols-4',
    tab: 'whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium sm:text-base',
    on: 'bg-emerald-500 text-slate-950',
    off: 'text-slate-300 hover:bg-slate-800',
  },
  segmented: {
    list: 'mb-5 grid grid-cols-3 gap-1 rounded-lg bg-slate-800 p-1',
    tab: 'rounded-md px-2 py-2 text-sm font-medium',
    on: 'bg-slate-950 font-semibold text-emerald-400 shadow',
    off: 'text-slate-300 hover:text-white',
  },
  pills: {
    list: 'inline-flex self-start rounded-lg border border-slate-700 bg-slate-900 p-1',
    tab: 'rounded-md px-3 py-1.5 text-sm font-medium',
    on: 'bg-emerald-700 text-white',
    off: 'text-slate-300 hover:bg-slate-800',
  },
}

export const tabId = (idBase: string, key: string) => `${idBase}-tab-${key}`
export const panelId = (idBase: string) => `${idBase}-panel`

/**
 * The app's one tablist (WAI-ARIA tabs pattern): one tab in the Tab order, arrow keys, Home and End move
 * between tabs and select panel tabs as they go. A tab that leads elsewhere only takes focus, so arrowing
 * past it never leaves the page; Enter or a click follows it. The panel is a TabPanel with the same idBase.
 */
export function Tabs<K extends string>({
  label,
  idBase,
  tabs,
  selected,
  onSelect,
  look,
}: {
  label: string
  idBase: string
  tabs: readonly TabItem<K>[]
  selected: K
  onSelect: (key: K) => void
  look: TabsLook
}) {
  const refs = useRef(new Map<K, HTMLButtonElement>())
  const style = LOOKS[look]

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const target = tabKeyTarget(event.key, index, tabs.length)
    const tab = target === null ? undefined : tabs[target]
    if (!tab) return
    event.preventDefault()
    refs.current.get(tab.key)?.focus()
    if (!tab.href) onSelect(tab.key)
  }

  return (
    <div role="tablist" aria-label={label} className={style.list}>
      {tabs.map((tab, index) => {
        const active = tab.key === selected
        return (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) refs.current.set(tab.key, element)
              else refs.current.delete(tab.key)
            }}
            type="button"
            role="tab"
            id={tabId(idBase, tab.key)}
            aria-selected={active}
            aria-controls={tab.href ? undefined : panelId(idBase)}
            tabIndex={active ? 0 : -1}
            onClick={() => (tab.href ? navigate(tab.href) : onSelect(tab.key))}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`${style.tab} ${FOCUS} ${active ? style.on : style.off}`}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}

/** The panel of the selected tab, named by it. */
export function TabPanel({
  idBase,
  selected,
  focusable = false,
  children,
}: {
  idBase: string
  selected: string
  /** The dashboard's panel takes focus programmatically (tabIndex -1). */
  focusable?: boolean
  children: ReactNode
}) {
  return (
    <div
      role="tabpanel"
      id={panelId(idBase)}
      aria-labelledby={tabId(idBase, selected)}
      tabIndex={focusable ? -1 : undefined}
    >
      {children}
    </div>
  )
}

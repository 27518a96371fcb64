import { type KeyboardEvent, useRef } from 'react'
import { navigate } from '../../router'
import { FOCUS } from '../../ui/focus'
import { tabKeyTarget } from '../../ui/tab-keys'

export interface HomeTab<K extends string> {
  key: K
  label: string
  /** A tab that leads to another screen (P&L History) instead of showing a panel here. */
  href?: string
}

export const tabId = (key: string) => `home-tab-${key}`
export const panelId = (key: string) => `home-panel-${key}`

/**
 * The WAI-ARIA tabs pattern: one tab in the Tab order, arrow keys (and Home/End) move between tabs and
 * select panel tabs as they go. A tab that leads elsewhere only takes focus, so arrowing past it never
 * leaves the page; Enter or a click follows it.
 */
export function HomeTabs<K extends string>({
  tabs,
  selected,
  onSelect,
}: {
  tabs: readonly HomeTab<K>[]
  selected: K
  onSelect: (key: K) => void
}) {
  const refs = useRef(new Map<K, HTMLButtonElement>())

  const activate = (tab: HomeTab<K>) => {
    if (tab.href) navigate(tab.href)
    else onSelect(tab.key)
  }

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const target = tabKeyTarget(event.key, index, tabs.length)
    if (target === null) return
    event.preventDefault()
    const tab = tabs[target]
    if (!tab) return
    refs.current.get(tab.key)?.focus()
    if (!tab.href) onSelect(tab.key)
  }

  return (
    <div
      role="tablist"
      aria-label="Dashboard sections"
      className="grid grid-cols-2 gap-1 rounded-xl border border-slate-800 bg-slate-900 p-1 sm:grid-cols-4"
    >
      {tabs.map((tab, index) => {
        const isSelected = tab.key === selected
        return (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) refs.current.set(tab.key, element)
              else refs.current.delete(tab.key)
            }}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            aria-selected={isSelected}
            aria-controls={tab.href ? undefined : panelId(tab.key)}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => activate(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium sm:text-base ${FOCUS} ${
              isSelected ? 'bg-emerald-500 text-slate-950' : 'text-slate-300 hover:bg-slate-800'
            }`}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}

import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'
import { FOCUS } from '../../ui/focus'
import { tabKeyTarget } from '../../ui/tab-keys'

export interface TabSpec<K extends string> {
  key: K
  label: string
  panel: ReactNode
}

/**
 * The WAI-ARIA tabs pattern: one tab in the Tab order (roving tabindex), arrow keys, Home and End move
 * and select. Only the selected panel is rendered, so each form's 'Username' or 'Password' label names a
 * single field on the page.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string
  tabs: TabSpec<K>[]
  selected: K
  onSelect: (key: K) => void
}) {
  const base = useId()
  const buttons = useRef(new Map<K, HTMLButtonElement>())
  const current = tabs.find((tab) => tab.key === selected)
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === selected)
    const target = tabKeyTarget(event.key, index, tabs.length)
    const tab = target === null ? undefined : tabs[target]
    if (!tab) return
    event.preventDefault()
    onSelect(tab.key)
    buttons.current.get(tab.key)?.focus()
  }
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={move}
        className="mb-5 grid grid-cols-3 gap-1 rounded-lg bg-slate-800 p-1"
      >
        {tabs.map((tab) => {
          const active = tab.key === selected
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) buttons.current.set(tab.key, element)
                else buttons.current.delete(tab.key)
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.key}`}
              aria-controls={active ? `${base}-panel` : undefined}
              aria-selected={active}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              className={`rounded-md px-2 py-2 text-sm font-medium ${FOCUS} ${
                active
                  ? 'bg-slate-950 font-semibold text-emerald-400 shadow'
                  : 'text-slate-300 hover:text-white'
              }`}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      {current ? (
        <div
          key={current.key}
          role="tabpanel"
          id={`${base}-panel`}
          aria-labelledby={`${base}-tab-${current.key}`}
        >
          {current.panel}
        </div>
      ) : null}
    </div>
  )
}

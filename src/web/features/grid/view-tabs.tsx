import { type KeyboardEvent, useRef } from 'react'
import { tabKeyTarget } from '../../ui/tab-keys'

/**
 * A small tablist (WAI-ARIA tabs pattern): one tab stop; arrow keys, Home and End move between views
 * and select them. The caller renders the panel with `id={panelId(idBase)}` and
 * `aria-labelledby={tabId(idBase, value)}`.
 */
export function ViewTabs<T extends string>({
  label,
  idBase,
  views,
  value,
  onChange,
}: {
  label: string
  idBase: string
  views: readonly { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
}) {
  const list = useRef<HTMLDivElement>(null)
  const onKeyDown = (event: KeyboardEvent) => {
    const index = views.findIndex((view) => view.value === value)
    const target = tabKeyTarget(event.key, index, views.length)
    const next = target === null ? undefined : views[target]
    if (!next) return
    event.preventDefault()
    onChange(next.value)
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(idBase, next.value))}`)?.focus()
  }
  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="inline-flex rounded-lg border border-slate-700 bg-slate-900 p-1"
    >
      {views.map((view) => {
        const selected = view.value === value
        return (
          <button
            key={view.value}
            type="button"
            role="tab"
            id={tabId(idBase, view.value)}
            aria-selected={selected}
            aria-controls={panelId(idBase)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(view.value)}
            className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-sky-400 ${
              selected ? 'bg-emerald-700 text-white' : 'text-slate-300 hover:bg-slate-800'
            }`}
          >
            {view.label}
          </button>
        )
      })}
    </div>
  )
}

export function tabId(idBase: string, value: string): string {
  return `${idBase}-tab-${value}`
}

export function panelId(idBase: string): string {
  return `${idBase}-panel`
}

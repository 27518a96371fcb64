import { useEffect, useState } from 'react'
import { TIER_FILTERS, type TierFilter, USER_SORTS, type UserSort } from '../../../domain/admin-dashboards'
import { FieldFrame, INPUT } from '../../ui/field'
import { FOCUS } from '../../ui/focus'
import { SORT_LABELS, TIER_LABELS, type UserQuery } from './admin-data'

/** Typing settles for this long before the table is asked again. */
const SEARCH_DELAY_MS = 300

/** docs/spec/product-spec.md §2: the search box, the sort selector, the tier filter and the two include checkboxes. */
export function UserFilters({
  query,
  onSearch,
  onSort,
  onTier,
  onIncludeDeleted,
  onIncludeSuspended,
}: {
  query: UserQuery
  onSearch: (search: string) => void
  onSort: (sortBy: UserSort) => void
  onTier: (tier: TierFilter) => void
  onIncludeDeleted: (include: boolean) => void
  onIncludeSuspended: (include: boolean) => void
}) {
  const [text, setText] = useState(query.search)
  useEffect(() => {
    if (text === query.search) return
    const timer = setTimeout(() => onSearch(text), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, query.search, onSearch])
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]">
      <FieldFrame label="Search users">
        {(id) => (
          <input
            id={id}
            type="search"
            value={text}
            maxLength={100}
            placeholder="Username or email"
            onChange={(event) => setText(event.target.value)}
            className={INPUT}
          />
        )}
      </FieldFrame>
      <FieldFrame label="Sort by">
        {(id) => (
          <select
            id={id}
            value={query.sortBy}
            onChange={(event) => onSort(event.target.value as UserSort)}
            className={INPUT}
          >
            {USER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <FieldFrame label="Tier">
        {(id) => (
          <select
            id={id}
            value={query.filterTier}
            onChange={(event) => onTier(event.target.value as TierFilter)}
            className={INPUT}
          >
            {TIER_FILTERS.map((tier) => (
              <option key={tier} value={tier}>
                {TIER_LABELS[tier]}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <fieldset className="flex flex-col justify-end gap-1 text-sm">
        <legend className="sr-only">Include</legend>
        <Check label="Include deleted" checked={query.includeDeleted} onChange={onIncludeDeleted} />
        <Check label="Include suspended" checked={query.includeSuspended} onChange={onIncludeSuspended} />
      </fieldset>
    </div>
  )
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string
  checked: boolean
  onChange: (on: boolean) => void
}) {
  return (
    <label className="flex items-center gap-2 whitespace-nowrap">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className={`h-4 w-4 accent-emerald-500 ${FOCUS}`}
      />
      {label}
    </label>
  )
}

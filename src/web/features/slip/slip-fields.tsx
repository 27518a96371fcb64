import type { ReactNode } from 'react'
import { FieldFrame, INPUT } from '../../ui/field'

/** A labelled select of the slip's forms, with its hint and its refusal under it (FieldFrame's ids). */
export function SelectField<V extends string>({
  label,
  value,
  onValueChange,
  options,
  hint,
  error,
  className,
}: {
  label: string
  value: V
  onValueChange: (value: V) => void
  options: readonly { value: V; label: string }[]
  hint?: ReactNode
  error?: string | undefined
  className?: string
}) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(id, describedBy) => (
        <select
          id={id}
          value={value}
          onChange={(event) => onValueChange(event.target.value as V)}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={`${INPUT} aria-[invalid=true]:border-red-400`}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  )
}

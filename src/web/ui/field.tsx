import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react'
import { EMAIL_MAX } from '../../domain/accounts'
import { FOCUS } from './focus'

/** The look of a text input, select or text area of the forms. */
export const INPUT = `w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-slate-100 placeholder:text-slate-400 disabled:opacity-60 ${FOCUS}`

/**
 * A label above any control, an optional hint and an optional error message below it, tied together by
 * ids; the control is rendered by the caller with the given id and describedby (hint, then error).
 */
export function FieldFrame({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: string
  hint?: ReactNode
  error?: string | undefined
  className?: string
  children: (id: string, describedBy: string | undefined) => ReactNode
}) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-300">
        {label}
      </label>
      {children(id, describedBy)}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  )
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> & {
  label: string
  value: string
  onValueChange: (value: string) => void
  hint?: ReactNode
  /** A refusal of the value: shown under the hint, and the input is marked invalid. */
  error?: string | undefined
  ref?: Ref<HTMLInputElement>
}

export function TextField({
  label,
  value,
  onValueChange,
  hint,
  error,
  className,
  ref,
  ...input
}: FieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(id, describedBy) => (
        <input
          ref={ref}
          id={id}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={`${INPUT} aria-[invalid=true]:border-red-400`}
          {...input}
        />
      )}
    </FieldFrame>
  )
}

/** The account e-mail field of every form that asks for one, within the server's length limit. */
export function EmailField(props: Omit<FieldProps, 'label' | 'name' | 'type' | 'autoComplete'>) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      maxLength={EMAIL_MAX}
      {...props}
    />
  )
}

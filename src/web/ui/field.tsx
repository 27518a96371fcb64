import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react'
import { EMAIL_MAX } from '../../domain/accounts'
import { FOCUS } from './focus'

/** The look of a text input, select or text area of the forms. */
export const INPUT = `w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-slate-100 placeholder:text-slate-400 disabled:opacity-60 ${FOCUS}`

/**
 * A label above any control and an optional hint below it, tied together by ids; the control is
 * rendered by the caller with the given id and describedby.
 */
export function FieldFrame({
  label,
  hint,
  className,
  children,
}: {
  label: string
  hint?: ReactNode
  className?: string
  children: (id: string, hintId: string | undefined) => ReactNode
}) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-300">
        {label}
      </label>
      {children(id, hintId)}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-400">
          {hint}
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
  ref?: Ref<HTMLInputElement>
}

export function TextField({ label, value, onValueChange, hint, className, ref, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} hint={hint} className={className}>
      {(id, hintId) => (
        <input
          ref={ref}
          id={id}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-describedby={hintId}
          className={INPUT}
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

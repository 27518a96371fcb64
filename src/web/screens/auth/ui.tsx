import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react'
import { EMAIL_MAX } from '../../../domain/accounts'
import { AUTH_TEXT } from './texts'

/** Shared pieces of the signed-out screens: a centered card, labelled fields and buttons. */
export const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400'
export const PRIMARY_BUTTON = `w-full rounded-lg bg-emerald-500 px-4 py-2.5 font-semibold text-slate-950 hover:bg-emerald-400 disabled:cursor-not-allowed disabled:opacity-60 ${FOCUS}`
export const SECONDARY_BUTTON = `w-full rounded-lg border border-slate-600 px-4 py-2.5 font-medium text-slate-100 hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-60 ${FOCUS}`
export const TEXT_LINK = `rounded text-emerald-400 underline-offset-2 hover:underline ${FOCUS}`

/**
 * Signed out, the card is the page's main landmark; `embedded` (a signed-in user opening /verify-email)
 * sits inside the app shell, which already has its <main>.
 */
export function AuthCard({ children, embedded = false }: { children: ReactNode; embedded?: boolean }) {
  const card = (
    <div className="w-full max-w-md rounded-2xl border border-slate-800 bg-slate-900 p-5 shadow-xl sm:p-8">
      {children}
    </div>
  )
  if (embedded) return <div className="flex justify-center py-8">{card}</div>
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-950 px-3 py-8 text-slate-100 sm:px-4">
      {card}
    </main>
  )
}

/** The product name and tagline above every signed-out form. */
export function Brand({ title }: { title: string }) {
  return (
    <header className="mb-6 text-center">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-slate-400">{AUTH_TEXT.tagline}</p>
    </header>
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
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-300">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-describedby={hint ? hintId : undefined}
        className={`w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-slate-100 placeholder:text-slate-400 ${FOCUS}`}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
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

/** An inline message: errors are announced at once (alert), other news politely (status). */
export function Notice({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  const style = {
    error: 'border-red-500/60 bg-red-950/60 text-red-100',
    success: 'border-emerald-500/60 bg-emerald-950/60 text-emerald-100',
    info: 'border-sky-500/60 bg-sky-950/60 text-sky-100',
  }[kind]
  const icon = { error: '⚠', success: '✓', info: 'ℹ' }[kind]
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`flex gap-2 rounded-lg border p-3 text-sm ${style}`}
    >
      <span aria-hidden="true">{icon}</span>
      <span>{children}</span>
    </div>
  )
}

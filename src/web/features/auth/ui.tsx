import type { ReactNode } from 'react'
import { AUTH_TEXT } from './texts'

/** Shared pieces of the signed-out screens: a centered card, the brand and inline notices. */

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
    <main className="flex flex-1 items-center justify-center bg-slate-950 px-3 py-8 text-slate-100 sm:px-4">
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

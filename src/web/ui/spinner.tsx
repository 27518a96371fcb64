import { type ReactNode, Suspense } from 'react'

export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 p-8 text-slate-300">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-slate-500 border-t-emerald-400" />
      {label}
    </div>
  )
}

/** A spinner in place of lazily loaded children until their code has arrived. */
export function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner />}>{children}</Suspense>
}

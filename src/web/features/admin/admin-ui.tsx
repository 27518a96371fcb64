import { failureText } from '../../api'
import { CARD } from '../../ui/card'
import { isRefused } from './admin-data'

/** docs/spec/product-spec.md §8: what the dashboards show when the server refuses the signed-in user (decision 013). */
export function Unauthorized() {
  return (
    <div className="py-24 text-center" role="alert">
      <h1 className="text-3xl font-bold">Unauthorized</h1>
      <p className="mt-2 text-slate-300">This page is for administrators.</p>
    </div>
  )
}

/** A failed read: 'Unauthorized' when refused, else the server's message. */
export function LoadFailure({ error, what }: { error: unknown; what: string }) {
  if (isRefused(error)) return <Unauthorized />
  return (
    <p role="alert" className={`${CARD} p-4 text-red-300`}>
      {`Could not load ${what}: ${failureText(error, 'please try again')}`}
    </p>
  )
}

/** Placeholders the size of the stat cards while they load. */
export function StatCardsSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {Array.from({ length: count }, (_, index) => `card-${index}`).map((key) => (
        <div key={key} className={`${CARD} h-24 animate-pulse p-4`}>
          <div className="h-3 w-20 rounded bg-slate-800" />
          <div className="mt-3 h-6 w-24 rounded bg-slate-800" />
        </div>
      ))}
    </div>
  )
}

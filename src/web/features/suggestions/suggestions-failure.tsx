import { failureText } from '../../api'

/** A suggestions call that failed: said in the panel, with the server's message when it sent one. */
export function SuggestionsFailure({ error }: { error: unknown }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-500/40 bg-amber-950/40 p-3">
      <p className="font-semibold text-amber-200">Suggestions unavailable</p>
      <p className="text-sm text-amber-100/80">{failureText(error, 'Failed to fetch suggestions')}</p>
    </div>
  )
}

import { useEffect, useRef } from 'react'
import { Button } from '../../ui/button'

/**
 * The end of the 'Games Bet On' list: the next page loads when this row scrolls into view
 * (an IntersectionObserver a screen ahead), or on 'Load more games', which keyboard and screen-reader
 * users reach in the tab order. Then a loading row, and at the end a line saying every game is shown.
 */
export function MoreGames({
  hasMore,
  loading,
  failed,
  onLoadMore,
}: {
  hasMore: boolean
  loading: boolean
  failed: boolean
  onLoadMore: () => void
}) {
  const sentinel = useRef<HTMLDivElement>(null)
  const latest = useRef(onLoadMore)
  latest.current = onLoadMore
  // A failed page waits for the button: scrolling does not retry it in a loop.
  const watch = hasMore && !loading && !failed
  useEffect(() => {
    const element = sentinel.current
    if (!watch || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current()
      },
      { rootMargin: '0px 0px 600px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [watch])

  return (
    <div ref={sentinel} className="flex flex-col items-center gap-2 py-2 text-sm text-slate-400">
      {loading ? (
        <p role="status" className="flex items-center gap-2">
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-slate-500 border-t-emerald-400" />
          Loading more games...
        </p>
      ) : hasMore ? (
        <>
          {failed && (
            <p role="alert" className="text-red-300">
              Could not load more games.
            </p>
          )}
          <Button variant="secondary" onClick={onLoadMore}>
            {failed ? 'Try again' : 'Load more games'}
          </Button>
        </>
      ) : (
        <p>All games shown.</p>
      )}
    </div>
  )
}

import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { api, routeQuery } from '../../api'
import { Button } from '../../ui/button'
import { FOCUS } from '../../ui/focus'
import { plural } from '../../ui/text'

const HOUR_MS = 3_600_000

/**
 * docs/spec/product-spec.md §2 and §4 and decision 021: after a stretch without activity the account counts down to deletion,
 * and the first visits after a long absence say how long it was. 'I'm Here!' resets the clock on the
 * server and dismissing acknowledges the absence there, so neither brings the banner back on the next
 * visit; both hide it at once.
 */
export function InactivityBanner() {
  const [hidden, setHidden] = useState(false)
  const status = useQuery({ ...routeQuery('GET /api/user/inactivity-status'), refetchInterval: HOUR_MS })
  if (hidden || !status.data?.showBanner) return null
  const { daysInactive, timeRemaining } = status.data

  // docs/spec/product-spec.md §7: the response is not used and a failure is only logged.
  const hideAndSend = (key: 'POST /api/user/stay-active' | 'POST /api/user/dismiss-inactivity') => () => {
    setHidden(true)
    api.post(key).catch((error: unknown) => console.error(`${key} failed`, error))
  }

  return (
    <section
      aria-labelledby="inactivity-title"
      className="flex flex-col gap-3 rounded-xl border border-amber-500/60 bg-amber-950/60 p-4 sm:flex-row sm:items-center"
    >
      <span aria-hidden="true" className="hidden text-2xl sm:block">
        ⚠️
      </span>
      <div className="flex-1">
        <h2 id="inactivity-title" className="font-semibold text-amber-200">
          Account Inactivity Notice
        </h2>
        <p className="text-sm text-amber-100/90">
          Your account has been inactive for {plural(daysInactive, 'day')}. It is scheduled for deletion in{' '}
          {plural(timeRemaining, 'day')} unless you let us know you are still here.
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Button onClick={hideAndSend('POST /api/user/stay-active')}>I'm Here!</Button>
        <button
          type="button"
          onClick={hideAndSend('POST /api/user/dismiss-inactivity')}
          aria-label="Dismiss inactivity notice"
          className={`rounded-lg px-3 py-2 text-amber-100 hover:bg-amber-900/60 ${FOCUS}`}
        >
          Dismiss
        </button>
      </div>
    </section>
  )
}

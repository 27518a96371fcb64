import type { ReactNode } from 'react'
import { CARD } from './card'

/** A titled card of a page; the heading names the region for screen readers and tests. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${CARD} flex flex-col gap-3 p-4`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A page's numbered how-it-works steps (Referrals, Connections). */
export function NumberedSteps({
  steps,
  className,
}: {
  steps: readonly { title: string; text: string }[]
  /** The grid's columns at each width. */
  className: string
}) {
  return (
    <ol className={`grid gap-3 ${className}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-3">
          <span
            aria-hidden="true"
            className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-emerald-500/15 font-bold text-emerald-300"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="font-semibold">{step.title}</h3>
            <p className="text-sm text-slate-300">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}

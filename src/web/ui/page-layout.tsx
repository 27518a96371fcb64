import type { ReactNode } from 'react'
import { Link } from '../router'
import { FOCUS } from './focus'

/** The frame of the static pages: a back link, the page title, an optional lead paragraph. */
export function PageLayout({
  title,
  lead,
  back = { href: '/', label: 'Back to Dashboard' },
  wide = false,
  children,
}: {
  title: string
  lead?: ReactNode
  back?: { href: string; label: string }
  wide?: boolean
  children: ReactNode
}) {
  return (
    <div className={`mx-auto flex w-full flex-col gap-5 ${wide ? 'max-w-5xl' : 'max-w-3xl'}`}>
      <div>
        <Link href={back.href} className={`rounded text-sm text-emerald-400 hover:underline ${FOCUS}`}>
          <span aria-hidden="true">← </span>
          {back.label}
        </Link>
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{title}</h1>
        {lead ? <p className="mt-2 text-slate-300">{lead}</p> : null}
      </div>
      {children}
    </div>
  )
}

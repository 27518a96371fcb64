import type { ReactNode } from 'react'
import { Link } from '../../router'
import { FOCUS } from '../home/ui'

/** The frame of every static page: a back link, the page title, an optional lead paragraph. */
export function InfoLayout({
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

export const TEXT_LINK = `rounded text-emerald-400 underline hover:text-emerald-300 ${FOCUS}`

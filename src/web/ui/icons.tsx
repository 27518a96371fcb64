import type { ReactNode } from 'react'
import type { SportKind } from '../../domain/leagues'

/**
 * Icons that ship with the app as inline SVG: emoji need an emoji font, and on a system
 * without one a league's ball or the delete button's bin was an empty box. Decorative: the text beside the
 * icon, or the button's label, names it; the stroke follows the text colour.
 */
function Icon({ children, className = 'h-4 w-4' }: { children: ReactNode; className?: string | undefined }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`inline-block shrink-0 ${className}`}
    >
      {children}
    </svg>
  )
}

const SPORT_PATHS: Record<SportKind, ReactNode> = {
  baseball: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M7.5 4.2c1.8 2.2 1.8 13.4 0 15.6M16.5 4.2c-1.8 2.2-1.8 13.4 0 15.6" />
    </>
  ),
  football: (
    <>
      <ellipse cx="12" cy="12" rx="10" ry="6" transform="rotate(-45 12 12)" />
      <path d="M9.5 14.5l5-5M10.5 11.5l2 2M12 10l2 2M9 13l2 2" />
    </>
  ),
  basketball: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3v18M5.6 5.6c3.4 3.4 3.4 9.4 0 12.8M18.4 5.6c-3.4 3.4-3.4 9.4 0 12.8" />
    </>
  ),
  hockey: (
    <>
      <path d="M5 3l7 14h6a2 2 0 0 1 0 4h-7.5a2 2 0 0 1-1.8-1.1L3 6" />
      <ellipse cx="17" cy="9" rx="3" ry="1.5" />
    </>
  ),
  soccer: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8l3.8 2.8-1.5 4.4H9.7l-1.5-4.4zM12 8V3.5M15.8 10.8l4.3-1.4M14.3 15.2l2.7 3.6M9.7 15.2L7 18.8M8.2 10.8L3.9 9.4" />
    </>
  ),
  tennis: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M5.6 5.6a9 9 0 0 1 0 12.8M18.4 5.6a9 9 0 0 0 0 12.8" />
    </>
  ),
}

/** A generic stadium, for a league Grid does not know. */
const STADIUM = (
  <>
    <ellipse cx="12" cy="8" rx="9" ry="3" />
    <path d="M3 8v8c0 1.7 4 3 9 3s9-1.3 9-3V8M8 10.8v8M16 10.8v8" />
  </>
)

/** The sport's ball (or stick and puck); a stadium when the league is unknown. */
export function SportIcon({ sport, className }: { sport: SportKind | null | undefined; className?: string }) {
  return <Icon className={className}>{sport ? SPORT_PATHS[sport] : STADIUM}</Icon>
}

export function TrashIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </Icon>
  )
}

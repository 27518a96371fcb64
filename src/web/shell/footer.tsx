import { Link } from '../router'
import { FOCUS } from '../ui/focus'

/**
 * Every screen's way to the pages no other screen links to. Signed out, only the
 * legal pages are there: they are the two a visitor must be able to read before signing up.
 */
const SIGNED_IN_LINKS = [
  { href: '/college-football', label: 'College Football' },
  { href: '/import', label: 'Import Bets' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/tutorial', label: 'Tutorial' },
  { href: '/demo', label: 'Grid Demo' },
  { href: '/bet-organizer-demo', label: 'Bet Organizer Demo' },
  { href: '/help', label: 'Help' },
  { href: '/support', label: 'Support' },
] as const

export const LEGAL_LINKS = [
  { href: '/terms', label: 'Terms of Service' },
  { href: '/privacy', label: 'Privacy Policy' },
] as const

export function Footer({ signedIn }: { signedIn: boolean }) {
  const links = signedIn ? [...SIGNED_IN_LINKS, ...LEGAL_LINKS] : LEGAL_LINKS
  return (
    <footer className="mt-12 border-t border-slate-800 px-4 py-6 text-center text-xs text-slate-400">
      <nav aria-label="Footer">
        <ul className="mb-4 flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
          {links.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                className={`rounded text-slate-300 hover:text-white hover:underline ${FOCUS}`}
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      Grid is a tracking and analysis tool. It does not accept or place bets. Bet responsibly; if gambling is
      a problem for you, call 1-800-GAMBLER.
    </footer>
  )
}

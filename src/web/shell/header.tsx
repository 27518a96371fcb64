import { useState } from 'react'
import { apiUrl } from '../api'
import { Link } from '../router'
import type { User } from '../types'
import { Modal } from '../ui/dialog'
import { LiveIndicator } from './live-indicator'
import { UserGuide } from './user-guide'

/**
 * docs/spec/product-spec.md §2, Header and menu. Logout is a navigation to /api/logout, not a fetch. The admin entries
 * are listed to admins only; the server refuses everyone else there anyway (decision 013). Beside the
 * menu, the LIVE/SYNC indicator says whether changes arrive as they happen. The menu also reaches
 * College Football, Import, Pricing, Help and Support; the footer has the rest.
 */
const MENU = [
  { href: '/', label: 'Dashboard', mobile: 'Dashboard' },
  { href: '/college-football', label: 'College Football', mobile: 'College Football' },
  { href: '/history', label: 'Bet History', mobile: 'Bet History' },
  { href: '/import', label: 'Import Bets', mobile: 'Import' },
  { href: '/suggestions', label: 'Smart Suggestions', mobile: 'Suggestions' },
  { href: '/referrals', label: 'Referrals', mobile: 'Referrals' },
  { href: '/connections', label: 'Connections', mobile: 'Connections' },
  { href: '/master', label: 'Master Dashboard', mobile: 'Master', admin: true },
  { href: '/admin', label: 'Admin Dashboard', mobile: 'Admin', admin: true },
  { href: '/pricing', label: 'Pricing', mobile: 'Pricing' },
  { href: '/settings', label: 'Settings', mobile: 'Settings' },
  { href: '/help', label: 'Help', mobile: 'Help' },
  { href: '/support', label: 'Support', mobile: 'Support' },
] as const

const ITEM =
  'block w-full rounded px-3 py-2 text-left hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-sky-400'

export function Header({ user }: { user: User }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const [guideOpen, setGuideOpen] = useState(false)
  const close = () => setMenuOpen(false)
  return (
    <header className="border-b border-slate-800 bg-slate-950/90">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link href="/" className="flex flex-col leading-tight">
          <span className="text-2xl font-extrabold tracking-tight text-emerald-400">Grid</span>
          <span className="text-xs text-slate-400">your bets, your profits. visualized</span>
        </Link>
        <div className="relative flex items-center gap-3">
          <LiveIndicator />
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls="main-menu"
            onClick={() => setMenuOpen((open) => !open)}
            className="flex items-center gap-2 rounded-lg border border-slate-700 px-3 py-2 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-sky-400"
          >
            <span aria-hidden="true">☰</span>
            <span>{user.username || 'User'}</span>
          </button>
          {menuOpen ? (
            <nav
              id="main-menu"
              aria-label="Main menu"
              className="fixed inset-0 z-50 flex flex-col gap-1 bg-slate-950 p-6 text-lg sm:absolute sm:inset-auto sm:top-full sm:right-0 sm:mt-2 sm:w-60 sm:rounded-lg sm:border sm:border-slate-700 sm:bg-slate-900 sm:p-2 sm:text-base"
              onKeyDown={(event) => event.key === 'Escape' && close()}
            >
              <button type="button" onClick={close} className={`${ITEM} sm:hidden`} aria-label="Close menu">
                ✕ Close
              </button>
              {MENU.filter((item) => !('admin' in item) || user.isAdmin).map((item) => (
                <Link key={item.href} href={item.href} onClick={close} className={ITEM}>
                  <span className="sm:hidden">{item.mobile}</span>
                  <span className="hidden sm:inline">{item.label}</span>
                </Link>
              ))}
              <button
                type="button"
                className={ITEM}
                onClick={() => {
                  close()
                  setGuideOpen(true)
                }}
              >
                User Guide
              </button>
              <a href={apiUrl('GET /api/logout')} className={`${ITEM} text-red-300`}>
                Logout
              </a>
            </nav>
          ) : null}
        </div>
      </div>
      <Modal open={guideOpen} onClose={() => setGuideOpen(false)} title="User Guide">
        <UserGuide />
      </Modal>
    </header>
  )
}

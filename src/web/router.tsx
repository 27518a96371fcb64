import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react'

/**
 * A history-API router: the app has a flat route table (docs/spec/product-spec.md §2), so a path string and a
 * subscription are all it needs, and no router library weighs on the first page.
 */
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('popstate', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('popstate', listener)
  }
}

export function navigate(to: string, options: { replace?: boolean } = {}) {
  if (options.replace) window.history.replaceState(null, '', to)
  else window.history.pushState(null, '', to)
  window.scrollTo(0, 0)
  for (const listener of listeners) listener()
}

export function useLocation(): { path: string; search: URLSearchParams } {
  const href = useSyncExternalStore(subscribe, () => window.location.pathname + window.location.search)
  const url = new URL(href, window.location.origin)
  return { path: url.pathname, search: url.searchParams }
}

/** An anchor that navigates in place; modified clicks (new tab) keep the browser's behaviour. */
export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return
    event.preventDefault()
    navigate(href)
  }
  return <a href={href} onClick={handle} {...rest} />
}

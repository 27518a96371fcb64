import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { createPortal } from 'react-dom'

/** docs/spec/product-spec.md §4: toasts are error, success or info, last 5000 ms and can be dismissed early. */
export type ToastKind = 'error' | 'success' | 'info'

interface Toast {
  id: number
  kind: ToastKind
  title: string
  description?: string | undefined
}

export const TOAST_MS = 5000

type ShowToast = (kind: ToastKind, title: string, description?: string) => void

const ToastContext = createContext<ShowToast>(() => {})

export function useToast(): ShowToast {
  return useContext(ToastContext)
}

type HostRegistry = (host: HTMLElement, present: boolean) => void

const HostContext = createContext<HostRegistry>(() => {})

/**
 * Where toasts show while a modal is open. A modal <dialog> sits in the browser's top
 * layer, above every z-index, and makes the rest of the page inert; toasts rendered in the page's body sat
 * under it, out of reach. Each open modal renders this inside its dialog; the toasts move into the last
 * one opened, and back to the page when it closes.
 */
export function ToastHost() {
  const register = useContext(HostContext)
  const host = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const element = host.current
    if (!element) return
    register(element, true)
    return () => register(element, false)
  }, [register])
  return <div ref={host} />
}

const KIND_STYLE: Record<ToastKind, string> = {
  error: 'border-red-500/60 bg-red-950/90',
  success: 'border-emerald-500/60 bg-emerald-950/90',
  info: 'border-sky-500/60 bg-slate-900/95',
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const next = useRef(0)
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), [])
  const show = useCallback<ShowToast>(
    (kind, title, description) => {
      const id = ++next.current
      setToasts((list) => [...list, { id, kind, title, description }])
      setTimeout(() => dismiss(id), TOAST_MS)
    },
    [dismiss],
  )
  const value = useMemo(() => show, [show])
  const [hosts, setHosts] = useState<HTMLElement[]>([])
  const register = useCallback<HostRegistry>(
    (host, present) => setHosts((list) => (present ? [...list, host] : list.filter((h) => h !== host))),
    [],
  )
  const region = (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed top-4 right-4 z-[100] flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-3 shadow-lg ${KIND_STYLE[toast.kind]}`}
        >
          <div className="flex-1">
            <p className="font-semibold text-white">{toast.title}</p>
            {toast.description ? <p className="text-sm text-slate-300">{toast.description}</p> : null}
          </div>
          <button
            type="button"
            onClick={() => dismiss(toast.id)}
            className="rounded px-1 text-slate-300 hover:text-white"
            aria-label="Dismiss notification"
          >
            ×
          </button>
        </div>
      ))}
    </section>
  )
  const host = hosts.at(-1)
  return (
    <ToastContext.Provider value={value}>
      <HostContext.Provider value={register}>{children}</HostContext.Provider>
      {host ? createPortal(region, host) : region}
    </ToastContext.Provider>
  )
}

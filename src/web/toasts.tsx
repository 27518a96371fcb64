import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react'

/** Spec section 4: toasts are error, success or info, last 5000 ms and can be dismissed early. */
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
  return (
    <ToastContext.Provider value={value}>
      {children}
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
    </ToastContext.Provider>
  )
}

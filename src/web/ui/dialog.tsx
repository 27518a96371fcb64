import { type ReactNode, useEffect, useRef } from 'react'
import { ToastHost } from '../toasts'

/**
 * A wide modal (a game's detail) is full height from the start: centred at its content's height, it grew
 * as the grid loaded and moved its header and 'Add Bet' under a pointer already on its way to them.
 */
const WIDE = 'h-[95vh] max-w-6xl'

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside),
 * Escape closes it, and the browser gives focus back to the control that opened it. Toasts show inside the
 * open dialog (ToastHost), the one place above it.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  wide = false,
}: {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  wide?: boolean
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click closes on the backdrop only; the keyboard closes with Escape, natively.
    <dialog
      ref={dialog}
      onClose={(event) => {
        // React passes a nested dialog's close up the component tree: only this dialog's own counts.
        if (event.target === dialog.current) onClose()
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === dialog.current) onClose()
      }}
      aria-label={title}
      className={`m-auto max-h-[95vh] w-[calc(100vw-1rem)] rounded-xl border border-slate-700 bg-slate-900 p-0 text-slate-100 backdrop:bg-black/70 ${wide ? WIDE : 'max-w-lg'}`}
    >
      {open ? (
        <div className="flex max-h-[95vh] flex-col">
          <header className="flex items-center justify-between gap-4 border-b border-slate-700 px-4 py-3">
            <h2 className="text-lg font-semibold">{title}</h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="rounded px-2 text-2xl leading-none text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400"
            >
              ×
            </button>
          </header>
          <div className="overflow-auto p-4">{children}</div>
          <ToastHost />
        </div>
      ) : null}
    </dialog>
  )
}

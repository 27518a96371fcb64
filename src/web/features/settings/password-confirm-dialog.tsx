import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/dialog'
import { INPUT } from '../../ui/field'

/**
 * An irreversible account change confirmed with the current password (decisions 014 and 025): turning 2FA off,
 * deleting the account. The caller's mutation runs with the typed password.
 */
export function PasswordConfirmDialog({
  open,
  onClose,
  title,
  prompt,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: {
  open: boolean
  onClose: () => void
  title: string
  prompt: ReactNode
  confirmLabel: string
  pendingLabel: string
  pending: boolean
  onConfirm: (password: string) => void
}) {
  const id = useId()
  const [password, setPassword] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onConfirm(password)
  }
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        {prompt}
        <div>
          <label htmlFor={id} className="mb-1 block text-sm text-slate-300">
            Current password
          </label>
          <input
            id={id}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            className={INPUT}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" disabled={pending || !password}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  )
}

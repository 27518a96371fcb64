import { type FormEvent, useState } from 'react'
import type { RouteBody, RouteKey } from '../../../contract/routes'
import { HARD_DELETE_CONFIRM } from '../../../domain/admin-actions'
import { apiUrl, type PreparedRequest } from '../../api'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/dialog'
import { FieldFrame, INPUT, TextField } from '../../ui/field'
import type { AdminUser } from './admin-data'

/** The per-state actions of docs/spec/product-spec.md §4 (Admin user account) and what each sends (section 7). */
export type AdminActionKind = 'suspend' | 'soft' | 'restore' | 'hard' | 'demote'

export const ACTION_LABELS: Record<AdminActionKind, string> = {
  suspend: 'Suspend',
  soft: 'Soft Delete',
  restore: 'Restore',
  hard: 'Hard Delete',
  demote: 'Demote',
}

/**
 * docs/spec/product-spec.md §4: suspend and soft delete only for a user neither deleted nor suspended; restore for one
 * deleted or suspended; hard delete always. An admin is offered demotion instead of suspension
 * and deletion, which the server refuses until the account is a user (docs/admin.md).
 */
export function actionsFor(user: Pick<AdminUser, 'isDeleted' | 'isSuspended' | 'role'>): AdminActionKind[] {
  const blocked = user.isDeleted || user.isSuspended
  if (user.role === 'admin') return blocked ? ['restore', 'demote'] : ['demote']
  return blocked ? ['restore', 'hard'] : ['suspend', 'soft', 'hard']
}

type ActionRoute = Extract<RouteKey, `${'POST' | 'DELETE'} /api/admin/users/:id/${AdminActionKind}`>

/** An action's call, held until the reason is confirmed: its address comes from the route map. */
export interface ActionRequest extends PreparedRequest {
  method: 'POST' | 'DELETE'
  body: Record<string, string>
}

function request<K extends ActionRoute>(
  key: K,
  id: number,
  body: RouteBody<K> & Record<string, string>,
): ActionRequest {
  const method = key.startsWith('POST') ? 'POST' : 'DELETE'
  return { method, url: apiUrl<ActionRoute>(key, { params: { id } }), body }
}

export function actionRequest(
  kind: AdminActionKind,
  userId: number,
  reason: string,
  extra: { until?: string; confirmation?: string } = {},
): ActionRequest {
  switch (kind) {
    case 'suspend':
      return request(
        'POST /api/admin/users/:id/suspend',
        userId,
        // datetime-local is the admin's wall time; the server takes an instant with its offset.
        extra.until ? { reason, suspendedUntil: new Date(extra.until).toISOString() } : { reason },
      )
    case 'restore':
      return request('POST /api/admin/users/:id/restore', userId, { reason })
    case 'soft':
      return request('DELETE /api/admin/users/:id/soft', userId, { reason })
    case 'demote':
      return request('POST /api/admin/users/:id/demote', userId, { reason })
    case 'hard':
      return request('DELETE /api/admin/users/:id/hard', userId, {
        reason,
        // The typed text as it is: the server refuses any other with its message, which the toast shows.
        confirmPassword: (extra.confirmation ?? '') as typeof HARD_DELETE_CONFIRM,
      })
  }
}

/**
 * docs/spec/product-spec.md §5, Admin actions: a reason is required (confirm disabled without one); suspend takes an
 * optional until date-time; hard delete also needs the exact text HARD_DELETE_CONFIRM typed.
 */
export function ActionDialog({
  kind,
  user,
  busy,
  onCancel,
  onConfirm,
}: {
  kind: AdminActionKind | null
  user: AdminUser | null
  busy: boolean
  onCancel: () => void
  onConfirm: (request: ActionRequest) => void
}) {
  const open = kind !== null && user !== null
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={open ? `${ACTION_LABELS[kind]} ${user.username}` : 'Admin action'}
    >
      {open ? (
        <ActionForm
          key={`${kind}-${user.id}`}
          kind={kind}
          user={user}
          busy={busy}
          onCancel={onCancel}
          onConfirm={onConfirm}
        />
      ) : null}
    </Modal>
  )
}

function ActionForm({
  kind,
  user,
  busy,
  onCancel,
  onConfirm,
}: {
  kind: AdminActionKind
  user: AdminUser
  busy: boolean
  onCancel: () => void
  onConfirm: (request: ActionRequest) => void
}) {
  const [reason, setReason] = useState('')
  const [until, setUntil] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const ready = reason.trim() !== '' && (kind !== 'hard' || confirmation === HARD_DELETE_CONFIRM)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (ready && !busy) onConfirm(actionRequest(kind, user.id, reason.trim(), { until, confirmation }))
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-slate-300">{DESCRIPTIONS[kind]}</p>
      <FieldFrame label="Reason (required)">
        {(id) => (
          <textarea
            id={id}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            maxLength={500}
            rows={3}
            className={INPUT}
          />
        )}
      </FieldFrame>
      {kind === 'suspend' ? (
        <TextField
          label="Suspend until (optional)"
          type="datetime-local"
          value={until}
          onValueChange={setUntil}
          hint="Leave empty to suspend until restored."
        />
      ) : null}
      {kind === 'hard' ? (
        <TextField
          label={`Type ${HARD_DELETE_CONFIRM} to confirm`}
          value={confirmation}
          onValueChange={setConfirmation}
          autoComplete="off"
          spellCheck={false}
        />
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={kind === 'restore' ? 'primary' : 'danger'} disabled={!ready || busy}>
          {busy ? 'Working...' : ACTION_LABELS[kind]}
        </Button>
      </div>
    </form>
  )
}

const DESCRIPTIONS: Record<AdminActionKind, string> = {
  suspend: 'The user is signed out at once and cannot sign in until the date, or until restored.',
  soft: 'The user is signed out and cannot sign in; the account can be restored.',
  restore: 'Clears the suspension and the deletion: the user can sign in again.',
  hard: 'Permanently removes the account and its data. This cannot be undone.',
  demote:
    'The admin becomes a user whose trial has ended; only then can the account be suspended or deleted.',
}

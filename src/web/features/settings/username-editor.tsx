import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { ACCOUNT_MESSAGES, normalisedUsername, USERNAME_CHARACTERS } from '../../../domain/accounts'
import { api, failureText } from '../../api'
import { useToast } from '../../toasts'
import { Button } from '../../ui/button'
import { INPUT } from '../../ui/field'
import { FOCUS } from '../../ui/focus'

/** docs/spec/product-spec.md §5 and §9: a username is 3 to 50 characters after trimming. */
export const USERNAME_MIN = 3
export const USERNAME_MAX = 50

/**
 * docs/spec/product-spec.md §4, Username edit: view mode or edit mode. An unchanged name just closes the editor; a
 * saved one reloads the page, because the name shows in the header and every cached screen. The name is
 * the login name, so the change asks for the current password.
 */
export function UsernameEditor({ username }: { username: string }) {
  const toast = useToast()
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(username)
  const [password, setPassword] = useState('')
  const update = useMutation({
    mutationFn: (newUsername: string) =>
      api.post('POST /api/auth/update-username', { body: { newUsername, password } }),
    onSuccess: () => {
      toast('success', 'Username Updated', 'Your username has been changed.')
      window.location.reload()
    },
    onError: (error) =>
      toast('error', 'Update Failed', failureText(error, 'Failed to update username. Please try again.')),
  })

  const startEditing = () => {
    setDraft(username)
    setPassword('')
    setEditing(true)
  }

  const save = (event: FormEvent) => {
    event.preventDefault()
    const name = normalisedUsername(draft)
    if (name.length < USERNAME_MIN) {
      toast('error', 'Invalid Username', ACCOUNT_MESSAGES.usernameShort)
      return
    }
    if (!USERNAME_CHARACTERS.test(name)) {
      toast('error', 'Invalid Username', ACCOUNT_MESSAGES.usernameCharacters)
      return
    }
    if (name === username) {
      setEditing(false)
      return
    }
    if (!password) {
      toast('error', 'Password Required', ACCOUNT_MESSAGES.usernamePassword)
      return
    }
    update.mutate(name)
  }

  if (!editing) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-medium">{username}</span>
        <button
          type="button"
          onClick={startEditing}
          aria-label="Edit username"
          className={`rounded-md border border-slate-600 px-2 py-0.5 text-sm text-slate-200 hover:bg-slate-800 ${FOCUS}`}
        >
          Edit
        </button>
      </div>
    )
  }

  return (
    <form onSubmit={save} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor="settings-username" className="sr-only">
          New username
        </label>
        <input
          id="settings-username"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={USERNAME_MAX}
          autoComplete="username"
          // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this very field.
          autoFocus
          className={INPUT}
        />
      </div>
      <div className="flex-1">
        <label htmlFor="settings-username-password" className="sr-only">
          Current password
        </label>
        <input
          id="settings-username-password"
          type="password"
          placeholder="Current password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          className={INPUT}
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" aria-label="Save username" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={() => setEditing(false)} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

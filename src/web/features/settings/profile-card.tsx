import type { User } from '../../types'
import { Figure } from '../../ui/format'
import { Field, SettingsCard } from './settings-ui'
import { UsernameEditor } from './username-editor'

/** docs/spec/product-spec.md §2, Account Settings: username (editable), user ID, e-mail and phone, or 'Not set'. */
export function ProfileCard({ user }: { user: User }) {
  return (
    <SettingsCard id="settings-profile" title="Profile" description="Your account details.">
      <dl className="flex flex-col gap-3">
        <Field label="Username">
          <UsernameEditor username={user.username} />
        </Field>
        <Field label="User ID">
          <Figure>{user.id}</Figure>
        </Field>
        <Field label="Email">{user.email || <NotSet />}</Field>
        <Field label="Phone">{user.cellPhone || <NotSet />}</Field>
      </dl>
    </SettingsCard>
  )
}

function NotSet() {
  return <span className="text-slate-400 italic">Not set</span>
}

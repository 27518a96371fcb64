import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { api, apiUrl, failureText } from '../../api'
import { Link } from '../../router'
import { useToast } from '../../toasts'
import { Button, buttonClass } from '../../ui/button'
import { PasswordConfirmDialog } from './password-confirm-dialog'
import { SettingsCard } from './settings-ui'

/**
 * Decision 025 and docs/spec/product-spec.md §9: the user's own copy of everything (a ZIP: account, bets in Grid's CSV,
 * referrals, payments) and deleting the account, which keeps the financial records unnamed for 7 years
 * and e-mails a link to the data for 30 days.
 */
export function YourDataCard() {
  const [deleting, setDeleting] = useState(false)
  return (
    <SettingsCard
      id="settings-data"
      title="Your Data"
      description="Your account, bets, referrals and payments belong to you."
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-300">
            A ZIP with your account (JSON), every bet (CSV, which Import reads back), referrals and payments.
          </p>
          {/* A navigation: the browser downloads the attachment and the page stays. */}
          <a
            href={apiUrl('GET /api/user/data-export')}
            download
            className={`${buttonClass('secondary')} shrink-0 text-center`}
          >
            Download my data
          </a>
        </div>
        <div className="flex flex-col gap-2 border-t border-slate-800 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-300">
            Import bets from a CSV or TSV file: Grid's own export, or a sportsbook's or tracker's.
          </p>
          <Link href="/import" className={`${buttonClass('secondary')} shrink-0 text-center`}>
            Import bets
          </Link>
        </div>
        <div className="flex flex-col gap-2 border-t border-slate-800 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-300">
            Deleting your account erases your profile and settings at once. It cannot be undone.
          </p>
          <Button variant="danger" className="shrink-0" onClick={() => setDeleting(true)}>
            Delete my account
          </Button>
        </div>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </SettingsCard>
  )
}

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast()
  const remove = useMutation({
    mutationFn: (password: string) => api.delete('DELETE /api/user/account', { body: { password } }),
    // The session is gone: a full load lands on the login screen.
    onSuccess: () => window.location.assign('/?accountDeleted=1'),
    onError: (error) => toast('error', 'Account Not Deleted', failureText(error, 'Please try again.')),
  })
  return (
    <PasswordConfirmDialog
      open={open}
      onClose={onClose}
      title="Delete your account"
      prompt={
        <div className="flex flex-col gap-2 text-sm text-slate-300">
          <p className="text-base text-slate-100">Delete your Grid account for good?</p>
          <p>Your profile, sign-in and settings are erased at once, and you are signed out.</p>
          <p>
            Your bets and payments are financial records: they are kept for 7 years without your name or
            address, then erased. We e-mail you a link to download your data, valid for 30 days.
          </p>
        </div>
      }
      confirmLabel="Delete my account"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={(password) => remove.mutate(password)}
    />
  )
}

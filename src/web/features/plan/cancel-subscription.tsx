import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { api, failureText } from '../../api'
import { KEYS } from '../../queries'
import { useToast } from '../../toasts'
import type { BillingPlan } from '../../types'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/dialog'
import { Day, formatDay, useTimeZone } from '../../ui/format'

/**
 * Decision 050, 'cancel anytime' (docs/spec/product-spec.md §9): on the Settings Subscription card and /pricing. A Stripe
 * subscription that renews offers 'Cancel subscription', confirmed in a dialog; a canceled one says when
 * it ends (the end of the month already paid for). Nothing shows for a plan without one.
 */
export function CancelSubscription({ plan }: { plan: BillingPlan }) {
  const [confirming, setConfirming] = useState(false)
  if (plan.subscriptionEndsAt) {
    return (
      <p className="text-sm text-amber-100">
        Canceled: Monthly Unlimited ends on <Day iso={plan.subscriptionEndsAt} />, and nothing more is
        charged.
      </p>
    )
  }
  if (!plan.cancellable) return null
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Cancel subscription
      </Button>
      <CancelDialog open={confirming} onClose={() => setConfirming(false)} paidThrough={plan.paidThrough} />
    </>
  )
}

function CancelDialog({
  open,
  onClose,
  paidThrough,
}: {
  open: boolean
  onClose: () => void
  paidThrough: string | null
}) {
  const toast = useToast()
  const timezone = useTimeZone()
  const client = useQueryClient()
  const cancel = useMutation({
    mutationFn: () => api.post('POST /api/billing/cancel'),
    onSuccess: ({ subscriptionEndsAt }) => {
      onClose()
      toast(
        'success',
        'Subscription canceled',
        `Monthly Unlimited ends on ${formatDay(new Date(subscriptionEndsAt), timezone)}`,
      )
      void client.invalidateQueries({ queryKey: KEYS.billingPlan })
    },
    onError: (error) => toast('error', 'Subscription not canceled', failureText(error, 'Please try again.')),
  })
  return (
    <Modal open={open} onClose={onClose} title="Cancel your subscription">
      <div className="flex flex-col gap-4 text-sm text-slate-300">
        <p className="text-base text-slate-100">Cancel Monthly Unlimited?</p>
        <p>
          It stops renewing: nothing more is charged.{' '}
          {paidThrough ? (
            <>
              You keep it until <Day iso={paidThrough} />, the end of the month you paid for.
            </>
          ) : null}
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Keep subscription
          </Button>
          <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {cancel.isPending ? 'Canceling…' : 'Cancel subscription'}
          </Button>
        </div>
      </div>
    </Modal>
  )
}

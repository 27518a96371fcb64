import { useToast } from '../../toasts'
import type { ReferralStats } from '../../types'
import { BADGE } from '../../ui/badge'
import { Button } from '../../ui/button'
import { Day } from '../../ui/format'
import { plural } from '../../ui/text'
import { REFERRAL_TEXT } from './referral-texts'

type Code = ReferralStats['codes'][number]
type Discount = ReferralStats['activeDiscounts'][number]
type Referral = ReferralStats['referralDetails'][number]

const ROW = 'flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between'

/** The user's codes, each with its link (the site root with `?ref=CODE`, docs/spec/product-spec.md §2) and Copy link. */
export function CodeList({ codes }: { codes: readonly Code[] }) {
  if (codes.length === 0) return <Empty>{REFERRAL_TEXT.noCodes}</Empty>
  return (
    <ul className="divide-y divide-slate-800">
      {codes.map((code) => (
        <li key={code.referralCode} className={ROW}>
          <div className="min-w-0">
            <p className="font-mono font-semibold text-emerald-300">{code.referralCode}</p>
            <p className="font-mono text-sm break-all text-slate-300">{code.link}</p>
            <p className="text-xs text-slate-400">{plural(code.referred, 'friend')} signed up</p>
          </div>
          <CopyLink code={code.referralCode} link={code.link} />
        </li>
      ))}
    </ul>
  )
}

function CopyLink({ code, link }: { code: string; link: string }) {
  const toast = useToast()
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard')
      await navigator.clipboard.writeText(link)
      toast('success', REFERRAL_TEXT.copied, link)
    } catch {
      toast('error', 'Copy failed', `Couldn't copy the link. Select it and copy it instead: ${link}`)
    }
  }
  return (
    <Button variant="secondary" onClick={copy} className="shrink-0 self-start sm:self-center">
      Copy link<span className="sr-only"> for {code}</span>
    </Button>
  )
}

/** The discounts running now: 10% each (decision 017) until its end day, in the user's zone. */
export function DiscountList({ discounts }: { discounts: readonly Discount[] }) {
  if (discounts.length === 0) return <Empty>{REFERRAL_TEXT.noDiscounts}</Empty>
  return (
    <ul className="divide-y divide-slate-800">
      {discounts.map((discount) => (
        <li key={discount.id} className={ROW}>
          <p className="font-semibold text-emerald-300">{discount.discountPercentage}% off</p>
          <p className="text-sm text-slate-300">
            Ends <Day iso={discount.endDate} />
          </p>
        </li>
      ))}
    </ul>
  )
}

const STATUS_LOOK: Record<Referral['status'], { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-emerald-500/15 text-emerald-300' },
  pending: { label: 'Pending', className: 'bg-amber-500/15 text-amber-200' },
  expired: { label: 'Expired', className: 'bg-slate-700/60 text-slate-300' },
}

/** Who signed up with the user's codes: the friend's username and masked address, and the status. */
export function ReferralHistory({ referrals }: { referrals: readonly Referral[] }) {
  if (referrals.length === 0) return <Empty>{REFERRAL_TEXT.noReferrals}</Empty>
  return (
    <ul className="divide-y divide-slate-800">
      {referrals.map((referral) => {
        const status = STATUS_LOOK[referral.status]
        return (
          <li key={referral.id} className={ROW}>
            <div className="min-w-0">
              <p className="font-semibold break-all">
                {referral.referredUser?.username ?? 'Deleted account'}
              </p>
              {referral.referredUser ? (
                <p className="text-sm break-all text-slate-400">{referral.referredUser.email}</p>
              ) : null}
              <p className="text-xs text-slate-400">
                Code <span className="font-mono">{referral.referralCode}</span>
              </p>
            </div>
            <span className={`${BADGE} ${status.className} self-start sm:self-center`}>{status.label}</span>
          </li>
        )
      })}
    </ul>
  )
}

function Empty({ children }: { children: string }) {
  return <p className="py-3 text-sm text-slate-400">{children}</p>
}

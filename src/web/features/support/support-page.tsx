import { type FormEvent, useState } from 'react'
import { SUPPORT_ADDRESS } from '../../../domain/accounts'
import {
  DEFAULT_SUPPORT_CATEGORY,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_LIMITS,
  type SupportCategory,
} from '../../../domain/support'
import { ApiError, api } from '../../api'
import { useCurrentUser } from '../../queries'
import { Link } from '../../router'
import { useToast } from '../../toasts'
import type { SupportBody } from '../../types'
import { buttonClass } from '../../ui/button'
import { CARD } from '../../ui/card'
import { EmailField, FieldFrame, INPUT, TextField } from '../../ui/field'
import { FOCUS } from '../../ui/focus'
import { TEXT_LINK } from '../../ui/link'

/** docs/spec/product-spec.md §8 (Support) and the help page's response-time claim (section 1). */
const TEXT = {
  sent: 'Support request sent',
  sentDetail: 'We will reply within 24 hours',
  failed: 'Error sending request',
  failedDetail: 'Please try again or email us directly',
  responseTime: 'We reply within 24 hours (billing and urgent issues within 4 hours during business hours).',
} as const

/**
 * /support (docs/spec/product-spec.md §2): a back link, the immediate-help address, the form and common questions.
 * Decision 020: the form really sends; the server stores the request and e-mails support.
 */
export function SupportPage() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Link href="/" className={`self-start text-sm ${TEXT_LINK}`}>
        <span aria-hidden="true">← </span>Back to Dashboard
      </Link>
      <header>
        <h1 className="text-2xl font-bold">Support</h1>
        <p className="mt-1 text-sm text-slate-400">Questions, problems or ideas: we are here to help.</p>
      </header>
      <ImmediateHelp />
      <SupportForm />
      <CommonQuestions />
    </div>
  )
}

function ImmediateHelp() {
  return (
    <section aria-labelledby="support-immediate" className={`${CARD} p-4`}>
      <h2 id="support-immediate" className="font-semibold">
        Need immediate help?
      </h2>
      <p className="mt-1 text-sm text-slate-300">
        Email us at{' '}
        <a href={`mailto:${SUPPORT_ADDRESS}`} className={TEXT_LINK}>
          {SUPPORT_ADDRESS}
        </a>
      </p>
      <p className="mt-1 text-sm text-slate-400">{TEXT.responseTime}</p>
    </section>
  )
}

function SupportForm() {
  const toast = useToast()
  const user = useCurrentUser()
  // The app renders this page once the user query has settled, so its e-mail is known here.
  const [email, setEmail] = useState(user.data?.email ?? '')
  const [category, setCategory] = useState<SupportCategory>(DEFAULT_SUPPORT_CATEGORY)
  const [subject, setSubject] = useState('')
  const [message, setMessage] = useState('')
  const [busy, setBusy] = useState(false)

  // The browser checks the required fields and the e-mail's form (docs/spec/product-spec.md §5) before this runs.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    try {
      const body: SupportBody = { email, category, subject, message }
      await api.post('POST /api/support', { body: body })
      toast('success', TEXT.sent, TEXT.sentDetail)
      setSubject('')
      setMessage('')
      setCategory(DEFAULT_SUPPORT_CATEGORY)
    } catch (failure) {
      toast('error', TEXT.failed, failureDetail(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="support-form" className={`${CARD} p-4`}>
      <h2 id="support-form" className="mb-3 font-semibold">
        Send a support request
      </h2>
      <form onSubmit={submit} className="space-y-4">
        <EmailField value={email} onValueChange={setEmail} hint="We reply to this address." />
        <FieldFrame label="Category">
          {(id) => (
            <select
              id={id}
              name="category"
              required
              value={category}
              onChange={(event) => setCategory(event.target.value as SupportCategory)}
              className={INPUT}
            >
              {SUPPORT_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {SUPPORT_CATEGORY_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <TextField
          label="Subject"
          name="subject"
          required
          maxLength={SUPPORT_LIMITS.subject}
          value={subject}
          onValueChange={setSubject}
          placeholder="Brief description of your issue"
        />
        <FieldFrame label="Message" hint={`${message.length} / ${SUPPORT_LIMITS.message} characters`}>
          {(id, hintId) => (
            <textarea
              id={id}
              name="message"
              required
              rows={6}
              maxLength={SUPPORT_LIMITS.message}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              aria-describedby={hintId}
              placeholder="Tell us what happened, and what you expected to happen"
              className={`${INPUT} resize-y`}
            />
          )}
        </FieldFrame>
        <button type="submit" disabled={busy} className={`w-full sm:w-auto ${buttonClass('primary')}`}>
          {busy ? 'Sending...' : 'Send Request'}
        </button>
      </form>
    </section>
  )
}

/**
 * The spec's failure text, except where the server said what to fix (a field it refused, or the per-IP
 * limit): the sender can act on that, and 'try again' alone would only fail again.
 */
function failureDetail(failure: unknown): string {
  if (failure instanceof ApiError && (failure.status === 400 || failure.status === 429)) {
    return failure.serverMessage ?? TEXT.failedDetail
  }
  return TEXT.failedDetail
}

/** A label above any control; the control gets the ids (TextField only covers <input>). */
const QUESTIONS = [
  {
    q: 'How quickly will I hear back?',
    a: TEXT.responseTime,
  },
  {
    q: 'I cannot log in. What can I do?',
    a: "Use 'Forgot password?' on the login screen: we e-mail you a link to choose a new password. If that address no longer reaches you, email us from the address you can read.",
  },
  {
    q: 'Why is my bet still pending?',
    a: 'Placed bets are settled to won, lost or push automatically once the game is final. Tentative bets stay out of your profit and loss until you confirm them.',
  },
  {
    q: 'Does Grid place bets for me?',
    a: 'No. Grid tracks and analyses the bets you record; it never accepts or places bets.',
  },
  {
    q: 'Is my data safe?',
    a: 'Passwords are stored only as salted hashes, sessions end after 7 days, and two-factor login is available in Account Settings.',
  },
] as const

/** Native <details>: keyboard operable and announced as expandable without any script. */
function CommonQuestions() {
  return (
    <section aria-labelledby="support-questions" className={`${CARD} p-4`}>
      <h2 id="support-questions" className="mb-2 font-semibold">
        Common questions
      </h2>
      <div className="divide-y divide-slate-800">
        {QUESTIONS.map(({ q, a }) => (
          <details key={q} className="py-2">
            <summary className={`cursor-pointer rounded py-1 font-medium ${FOCUS}`}>{q}</summary>
            <p className="mt-1 text-sm text-slate-300">{a}</p>
          </details>
        ))}
      </div>
    </section>
  )
}

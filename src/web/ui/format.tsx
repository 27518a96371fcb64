import type { ReactNode } from 'react'
import { calendarDay, DEFAULT_TIMEZONE } from '../../domain/calendar'
import { type AmountDisplay, DOLLARS, formatAmount } from '../../domain/display'
import { type Cents, parseCents } from '../../domain/money'
import { useCurrentUser } from '../queries'

/**
 * The one way the web shows money, figures and time. Components for the page (<Money>, <Figure>,
 * <When>, <Day>) and plain functions for the places that need a string (aria-labels, titles, a share
 * card, the CSV), so a screen and its label never disagree.
 */

/** An amount as the wire sends it: cents, or the decimal string ('110.00') of the bet lists. */
export type Amount = Cents | string

export function centsOf(amount: Amount): Cents {
  return typeof amount === 'string' ? (parseCents(amount) ?? 0) : amount
}

/**
 * How amounts show (decision 072): the signed-in bettor's symbol, or units of their unit size. The app's
 * root sets it from the user before any screen renders, and draws the page again when it changes.
 */
let amountDisplay: AmountDisplay = DOLLARS

/** Sets how amounts show; answers a key that changes with it, for the root to redraw the page on. */
export function showAmountsAs(display: AmountDisplay): string {
  amountDisplay = display
  return `${display.currencySymbol}|${display.amountsInUnits ? display.unitSizeCents : ''}`
}

/** The bettor's currency symbol, for a field that takes an amount of money ('Amount ($)'). */
export function currencySymbol(): string {
  return amountDisplay.currencySymbol
}

/** '$1,234.50', or '$1,235' whole, '€12.50', or '2.5u'; a negative amount reads '-$5.00', never '$-5.00'. */
export function formatMoney(amount: Amount, decimals: 0 | 2 = 2): string {
  return formatAmount(centsOf(amount), amountDisplay, { decimals })
}

/** '+$12.50' / '-$3.00' / '+0.5u': a profit or loss always carries its sign. */
export function formatSignedMoney(amount: Amount, decimals: 0 | 2 = 2): string {
  return formatAmount(centsOf(amount), amountDisplay, { decimals, signed: true })
}

/** A share already in percent, one decimal and no sign ('12.5%'): a win rate, a chance, a grid cell's ROI. */
export function formatPercent(percent: number): string {
  return `${percent.toFixed(1)}%`
}

/** Profit green, loss red, nothing either way neutral: the colour every screen gives a result. */
export function netTone(cents: Cents): string {
  return cents > 0 ? 'text-emerald-400' : cents < 0 ? 'text-red-400' : 'text-slate-200'
}

interface MoneyProps {
  amount: Amount
  /** A result (profit or loss): shown with its sign. */
  signed?: boolean
  /** Coloured by sign, for a result. */
  tone?: boolean
  decimals?: 0 | 2
  className?: string
}

/** An amount in tabular figures, so columns of money line up. */
export function Money({ amount, signed = false, tone = false, decimals = 2, className }: MoneyProps) {
  const text = signed ? formatSignedMoney(amount, decimals) : formatMoney(amount, decimals)
  const classes = ['tabular-nums', tone ? netTone(centsOf(amount)) : '', className ?? ''].filter(Boolean)
  return <span className={classes.join(' ')}>{text}</span>
}

/** A number that is not money (a score, odds, a count) in tabular figures. */
export function Figure({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={className ? `tabular-nums ${className}` : 'tabular-nums'}>{children}</span>
}

/**
 * The one way the app shows an instant: in the account's time zone, never the
 * browser's, so a Pacific account in a New York browser reads the same 5:20 PM on every screen. The clock
 * alone when the instant falls today in that zone, else its date too ('Nov 28, 5:20 PM'), with the year
 * when it is not this year.
 */
export function formatWhen(instant: Date, timeZone: string, now: Date = new Date()): string {
  const zone = knownZone(timeZone)
  const time = instant.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone })
  const day = calendarDay(instant, zone)
  const today = calendarDay(now, zone)
  if (day === today) return time
  const sameYear = day.slice(0, 4) === today.slice(0, 4)
  const date = instant.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: zone,
  })
  return `${date}, ${time}`
}

/** 'Mar 14, 2026': the day an instant falls on in the account's zone (a plan's end, a discount's). */
export function formatDay(instant: Date, timeZone: string): string {
  return instant.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: knownZone(timeZone) })
}

/** A zone this browser does not know (an old Intl) falls back to the app's default, not to the browser's. */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return timeZone
  } catch {
    return DEFAULT_TIMEZONE
  }
}

/** The signed-in account's zone (Settings, Time Zone); the default until the user query answers. */
export function useTimeZone(): string {
  return useCurrentUser().data?.timezone ?? DEFAULT_TIMEZONE
}

/** An instant as a <time> element through formatWhen, in the account's zone; 'Never' for none. */
export function When({ iso }: { iso: string | null }) {
  const timeZone = useTimeZone()
  if (!iso) return 'Never'
  return <time dateTime={iso}>{formatWhen(new Date(iso), timeZone)}</time>
}

/** An instant's day as a <time> element through formatDay, in the account's zone. */
export function Day({ iso }: { iso: string }) {
  const timeZone = useTimeZone()
  return <time dateTime={iso}>{formatDay(new Date(iso), timeZone)}</time>
}

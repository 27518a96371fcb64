import type { ButtonHTMLAttributes } from 'react'
import { FOCUS } from './focus'

export type ButtonVariant = 'primary' | 'secondary' | 'danger'

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-emerald-500 font-semibold text-slate-950 hover:bg-emerald-400',
  secondary: 'border border-slate-600 font-medium text-slate-100 hover:bg-slate-800',
  danger: 'bg-red-600 font-semibold text-white hover:bg-red-500',
}

/**
 * The button look, for a <button> or a link that looks like one. `block` is the signed-out forms' full
 * width, slightly taller button.
 */
export function buttonClass(variant: ButtonVariant, block = false): string {
  const size = block ? 'w-full py-2.5' : 'py-2'
  return `${size} rounded-lg px-4 ${VARIANTS[variant]} disabled:cursor-not-allowed disabled:opacity-60 ${FOCUS}`
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; block?: boolean }

export function Button({ variant = 'primary', block = false, className, type, ...rest }: ButtonProps) {
  const look = buttonClass(variant, block)
  return (
    <button
      type={type === 'submit' || type === 'reset' ? type : 'button'}
      className={className ? `${look} ${className}` : look}
      {...rest}
    />
  )
}

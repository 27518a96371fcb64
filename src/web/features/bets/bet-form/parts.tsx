import type { InputHTMLAttributes, ReactNode } from 'react'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { INPUT as FIELD_INPUT } from '../../../ui/field'
import type { BetFormField, BetFormValues } from './resolver'

/** The bet form's small pieces: labelled controls, their messages and the team options. */
/** The kit's input look, with the border turning red on a field the form marks invalid. */
export const INPUT = `${FIELD_INPUT} aria-[invalid=true]:border-red-400`

export function ErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-red-300">
      {children}
    </p>
  )
}

/** A control under its label; the control's error message, when it has one, goes last. */
export function Labelled({
  htmlFor,
  label,
  children,
}: {
  htmlFor: string
  label: string
  children: ReactNode
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-300">
        {label}
      </label>
      {children}
    </div>
  )
}

export function TeamOptions({ teams }: { teams: readonly string[] }) {
  return (
    <>
      <option value="">Select team</option>
      {teams.map((team) => (
        <option key={team} value={team}>
          {team}
        </option>
      ))}
    </>
  )
}

/**
 * The ids and ARIA state of one field, and its message. The spec's 'selection' refusal of a spread or
 * total covers the whole group: it marks each field of the group that is still empty.
 */
export function fieldAria(idBase: string, errors: FieldErrors<BetFormValues>) {
  const group = errors.root?.group?.message
  const attributes = (name: BetFormField, empty = false) => {
    const own = Boolean(errors[name])
    const invalid = own || (group !== undefined && empty)
    return {
      id: `${idBase}-${name}`,
      'aria-invalid': invalid,
      'aria-describedby': invalid ? `${idBase}-${own ? name : 'group'}-error` : undefined,
    }
  }
  const message = (name: BetFormField) => {
    const text = errors[name]?.message
    return text ? <ErrorText id={`${idBase}-${name}-error`}>{text}</ErrorText> : null
  }
  const groupMessage = group ? <ErrorText id={`${idBase}-group-error`}>{group}</ErrorText> : null
  return { attributes, message, groupMessage }
}

export type FieldAria = ReturnType<typeof fieldAria>

/**
 * A labelled input of the bet form, registered with the form, with its ARIA state and message. `empty`
 * says whether it is still blank, for the group refusal (fieldAria).
 */
export function FormInput({
  name,
  label,
  aria,
  register,
  empty = false,
  ...input
}: {
  name: BetFormField
  label: string
  aria: FieldAria
  register: UseFormRegister<BetFormValues>
  empty?: boolean
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'className'>) {
  return (
    <Labelled htmlFor={aria.attributes(name).id} label={label}>
      <input {...aria.attributes(name, empty)} {...register(name)} {...input} className={INPUT} />
      {aria.message(name)}
    </Labelled>
  )
}

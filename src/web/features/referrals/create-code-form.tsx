import { useQueryClient } from '@tanstack/react-query'
import { useController, useForm } from 'react-hook-form'
import { REFERRAL_CODE_LENGTH } from '../../../domain/accounts'
import { api, failureText } from '../../api'
import { KEYS } from '../../queries'
import { useToast } from '../../toasts'
import type { CreateReferralBody } from '../../types'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/field'
import { normalizeReferral } from '../auth/referral'
import { REFERRAL_TEXT } from './referral-texts'

interface CodeForm {
  referralCode: string
}

/**
 * docs/spec/product-spec.md §2 and §5, Referral code: the form refuses only a blank code and keeps to 20 characters;
 * the server applies decision 017's 3-20 letters and digits and uniqueness, and its message is shown as it is.
 */
export function CreateCodeForm() {
  const toast = useToast()
  const client = useQueryClient()
  const { control, handleSubmit, setError, reset, formState } = useForm<CodeForm>({
    defaultValues: { referralCode: '' },
  })
  const { field, fieldState } = useController({
    control,
    name: 'referralCode',
    rules: { validate: (code) => code.trim() !== '' || REFERRAL_TEXT.blank },
  })

  const create = async ({ referralCode }: CodeForm) => {
    const body: CreateReferralBody = { referralCode: referralCode.trim() }
    try {
      await api.post('POST /api/referral/create', { body: body })
      toast('success', REFERRAL_TEXT.created)
      reset()
      await client.invalidateQueries({ queryKey: KEYS.referralStats })
    } catch (error) {
      const message = failureText(error, REFERRAL_TEXT.failed)
      setError('referralCode', { message }, { shouldFocus: true })
      toast('error', 'Error', message)
    }
  }
  const refuse = () => toast('error', 'Error', REFERRAL_TEXT.blank)

  return (
    <form onSubmit={handleSubmit(create, refuse)} noValidate className="flex flex-col gap-3 sm:flex-row">
      <TextField
        className="flex-1"
        label="Referral code"
        name={field.name}
        ref={field.ref}
        value={field.value}
        onValueChange={(code) => field.onChange(normalizeReferral(code))}
        onBlur={field.onBlur}
        error={fieldState.error?.message}
        hint={REFERRAL_TEXT.hint}
        maxLength={REFERRAL_CODE_LENGTH.max}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="MYCODE"
      />
      <Button type="submit" disabled={formState.isSubmitting} className="self-start sm:mt-6">
        {formState.isSubmitting ? 'Creating...' : 'Create Code'}
      </Button>
    </form>
  )
}

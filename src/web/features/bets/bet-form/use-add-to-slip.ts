import { useToast } from '../../../toasts'
import type { Game } from '../../../types'
import { useSlip } from '../../slip/slip-context'
import { SLIP_MESSAGES } from '../../slip/slip-state'
import type { BetFormValues, ErrorTarget } from './resolver'
import { formSlipLeg } from './slip-leg'

type Refusal = { target: ErrorTarget; message: string }

/**
 * The bet form's Add to slip: the form's market and odds as a leg of the bet slip. Null outside a slip (no
 * button then); the action answers null once the leg is on the slip, else the field's refusal. A slip that
 * refuses the leg (full, or already holding it) says so in a toast.
 */
export function useAddToSlip(): ((values: BetFormValues, game: Game) => Refusal | null | undefined) | null {
  const slip = useSlip()
  const toast = useToast()
  if (!slip) return null
  return (values, game) => {
    const read = formSlipLeg(values, game)
    if ('target' in read) return read
    const refused = slip.add(read.leg)
    if (refused) {
      toast('error', refused)
      return undefined
    }
    toast(
      'success',
      SLIP_MESSAGES.added(slip.state.legs.length + 1),
      `${read.leg.selection} is on the bet slip.`,
    )
    return null
  }
}

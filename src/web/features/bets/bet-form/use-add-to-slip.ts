import { useToast } from '../../../toasts'
import type { Game } from '../../../types'
import { useSlip } from '../../slip/slip-context'
import { SLIP_MESSAGES } from '../../slip/slip-state'
import type { BetFormValues, ErrorTarget } from './resolver'
import { formSlipLeg } from './slip-leg'

type Refusal = { target: ErrorTarget; message: string }

/** What Add to slip did: the leg is on the slip, the slip refused it (a toast says why), or a field is wrong. */
export type AddedToSlip = 'added' | 'refused' | Refusal

/**
 * The bet form's Add to slip: the form's market and odds as a leg of the bet slip. Null outside a slip (no
 * button then). A slip that refuses the leg (full, or already holding it) says so in a toast.
 */
export function useAddToSlip(): ((values: BetFormValues, game: Game) => AddedToSlip) | null {
  const slip = useSlip()
  const toast = useToast()
  if (!slip) return null
  return (values, game) => {
    const read = formSlipLeg(values, game)
    if ('target' in read) return read
    const refused = slip.add(read.leg)
    if (refused) {
      toast('error', refused)
      return 'refused'
    }
    toast(
      'success',
      SLIP_MESSAGES.added(slip.state.legs.length + 1),
      `${read.leg.selection} is on the bet slip.`,
    )
    return 'added'
  }
}

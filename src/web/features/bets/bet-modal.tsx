import type { Game } from '../../types'
import { Modal } from '../../ui/dialog'
import { BetForm } from './lazy-bet-form'

/**
 * The bet entry modal (spec section 2): 'Bet on {away} @ {home}' from a game, else 'New Bet Entry' with a
 * game chooser. The Modal mounts its content only while open, so every opening starts from a fresh form.
 */
export function BetModal({
  open,
  onClose,
  game,
  prefillSelection,
}: {
  open: boolean
  onClose: () => void
  game: Game | null
  prefillSelection?: string
}) {
  const title = game ? `Bet on ${game.awayTeam} @ ${game.homeTeam}` : 'New Bet Entry'
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <BetForm game={game} prefillSelection={prefillSelection} onDone={onClose} onCancel={onClose} />
    </Modal>
  )
}

import type { Bet, Game } from '../../types'
import { Modal } from '../../ui/dialog'
import { PlanGate } from '../plan/plan-gate'
import type { BetPrefill } from './bet-form/state'
import { BetForm } from './lazy-bet-form'

/**
 * The bet entry modal (docs/spec/product-spec.md §2): 'Bet on {away} @ {home}' from a game, else 'New Bet Entry' with a
 * game chooser. The Modal mounts its content only while open, so every opening starts from a fresh form.
 * `onPlaced` hears of a placed bet (a suggestion then says it was applied); a cancel only closes.
 */
export function BetModal({
  open,
  onClose,
  onPlaced,
  game,
  prefill,
  editing,
}: {
  open: boolean
  onClose: () => void
  onPlaced?: () => void
  game: Game | null
  prefill?: BetPrefill
  /** Decision 008: a tentative bet of `game` to edit in the same form. */
  editing?: Bet | undefined
}) {
  const matchup = game ? `${game.awayTeam} @ ${game.homeTeam}` : null
  const title = matchup ? `${editing ? 'Edit bet on' : 'Bet on'} ${matchup}` : 'New Bet Entry'
  const placed = () => {
    onPlaced?.()
    onClose()
  }
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <PlanGate feature="Adding a bet">
        <BetForm game={game} prefill={prefill} editing={editing} onDone={placed} onCancel={onClose} />
      </PlanGate>
    </Modal>
  )
}

import { Modal } from '../../ui/dialog'
import { PlanGate } from '../plan/plan-gate'
import { OffFeedBetForm } from './off-feed-form'

export const OFF_FEED_TITLE = 'Bet off the feed'

/** The off-the-feed bet form in its own dialog (from the bet slip); a fresh form at each opening. */
export function OffFeedModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={OFF_FEED_TITLE}>
      <PlanGate feature="Adding a bet">
        <OffFeedBetForm onDone={onClose} />
      </PlanGate>
    </Modal>
  )
}

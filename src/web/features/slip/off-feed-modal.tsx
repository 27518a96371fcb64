import { Modal } from '../../ui/dialog'
import { PlanGate } from '../plan/plan-gate'
import { OffFeedBetForm, type OffFeedEdit } from './off-feed-form'

export const OFF_FEED_TITLE = 'Bet off the feed'
export const OFF_FEED_EDIT_TITLE = 'Edit bet off the feed'

/**
 * The off-the-feed bet form in its own dialog (from the bet slip, or a tentative one's Edit); a fresh form
 * at each opening.
 */
export function OffFeedModal({
  open,
  onClose,
  editing,
}: {
  open: boolean
  onClose: () => void
  editing?: OffFeedEdit
}) {
  return (
    <Modal open={open} onClose={onClose} title={editing ? OFF_FEED_EDIT_TITLE : OFF_FEED_TITLE}>
      <PlanGate feature="Adding a bet">
        <OffFeedBetForm onDone={onClose} editing={editing} />
      </PlanGate>
    </Modal>
  )
}

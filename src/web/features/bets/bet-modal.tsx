import { useState } from 'react'
import type { Bet, Game } from '../../types'
import { buttonClass } from '../../ui/button'
import { Modal } from '../../ui/dialog'
import { PlanGate } from '../plan/plan-gate'
import { OffFeedBetForm } from '../slip/off-feed-form'
import { OFF_FEED_TITLE } from '../slip/off-feed-modal'
import type { BetPrefill } from './bet-form/state'
import { BetForm } from './lazy-bet-form'

/**
 * The bet entry modal (docs/spec/product-spec.md §2): 'Bet on {away} @ {home}' from a game, else 'New Bet Entry' with a
 * game chooser. The Modal mounts its content only while open, so every opening starts from a fresh form.
 * `onPlaced` hears of a placed bet (a suggestion then says it was applied); a cancel only closes. Without a
 * game, the bettor can turn to a bet off the feed (decision 063) instead.
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
  const [offFeed, setOffFeed] = useState(false)
  const matchup = game ? `${game.awayTeam} @ ${game.homeTeam}` : null
  const offFeedOpen = offFeed && game === null
  const title = matchup
    ? `${editing ? 'Edit bet on' : 'Bet on'} ${matchup}`
    : offFeedOpen
      ? OFF_FEED_TITLE
      : 'New Bet Entry'
  const close = () => {
    setOffFeed(false)
    onClose()
  }
  const placed = () => {
    onPlaced?.()
    close()
  }
  return (
    <Modal open={open} onClose={close} title={title}>
      <PlanGate feature="Adding a bet">
        {offFeedOpen ? (
          <OffFeedBetForm onDone={close} />
        ) : (
          <>
            {game === null && !editing ? (
              <button
                type="button"
                onClick={() => setOffFeed(true)}
                className={`${buttonClass('secondary')} mb-4 w-full`}
              >
                Add a bet off the feed
              </button>
            ) : null}
            <BetForm game={game} prefill={prefill} editing={editing} onDone={placed} onCancel={close} />
          </>
        )}
      </PlanGate>
    </Modal>
  )
}

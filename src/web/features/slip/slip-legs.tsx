import { priceText } from '../../../domain/price'
import { FOCUS } from '../../ui/focus'
import { TrashIcon } from '../../ui/icons'
import { legWhere, messageAt, type SlipLeg, type SlipRefusal } from './slip-state'

/** The slip's legs in order, each with its odds, where it is, its refusal, and a button removing it. */
export function SlipLegs({
  legs,
  refusal,
  onRemove,
}: {
  legs: readonly SlipLeg[]
  refusal: SlipRefusal | null
  onRemove: (key: string) => void
}) {
  const listError = messageAt(refusal, { kind: 'legs' })
  return (
    <div>
      <ol aria-label="Legs" className="flex flex-col gap-2">
        {legs.map((leg, index) => {
          const error = messageAt(refusal, { kind: 'leg', index })
          const errorId = error ? `slip-leg-${leg.key}-error` : undefined
          return (
            <li
              key={leg.key}
              className={`rounded-lg border bg-slate-950 px-3 py-2 ${error ? 'border-red-400' : 'border-slate-700'}`}
            >
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{leg.selection}</p>
                  <p className="text-xs text-slate-400 break-words">{legWhere(leg)}</p>
                </div>
                <span className="tabular-nums text-sm text-slate-200">
                  {leg.odds === null ? 'no odds' : priceText({ odds: leg.odds, exactPrice: leg.exactPrice })}
                </span>
                <button
                  type="button"
                  onClick={() => onRemove(leg.key)}
                  aria-label={`Remove ${leg.selection}`}
                  aria-describedby={errorId}
                  className={`rounded p-1 text-slate-400 hover:text-red-300 ${FOCUS}`}
                >
                  <TrashIcon className="h-4 w-4" />
                </button>
              </div>
              {error ? (
                <p id={errorId} className="mt-1 text-sm text-red-300">
                  {error}
                </p>
              ) : null}
            </li>
          )
        })}
      </ol>
      {listError ? <p className="mt-1 text-sm text-red-300">{listError}</p> : null}
    </div>
  )
}

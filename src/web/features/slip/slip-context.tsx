import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer } from 'react'
import {
  addLeg,
  EMPTY_SLIP,
  readStoredSlip,
  type SlipAction,
  type SlipLeg,
  type SlipState,
  slipReducer,
} from './slip-state'

/**
 * The bet slip of the signed-in bettor: legs collected from game to game (or off the feed) until the ticket
 * is placed. It lives in sessionStorage, per account, so it survives navigation and a reload of the tab.
 */
interface SlipContextValue {
  state: SlipState
  dispatch: (action: SlipAction) => void
  /** Adds a leg; the reason when the slip refuses it (full, or already there), else null. */
  add: (leg: Omit<SlipLeg, 'key'>) => string | null
}

const SlipContext = createContext<SlipContextValue | null>(null)

const storageKey = (userId: number) => `grid.slip.${userId}`

function stored(userId: number): SlipState {
  try {
    return readStoredSlip(sessionStorage.getItem(storageKey(userId)))
  } catch {
    // Storage refused (a privacy mode): the slip lives in memory only.
    return EMPTY_SLIP
  }
}

export function SlipProvider({ userId, children }: { userId: number; children: ReactNode }) {
  const [state, dispatch] = useReducer(slipReducer, userId, stored)
  useEffect(() => {
    try {
      if (state.legs.length === 0) sessionStorage.removeItem(storageKey(userId))
      else sessionStorage.setItem(storageKey(userId), JSON.stringify(state))
    } catch {
      // As above: in memory only.
    }
  }, [state, userId])
  const add = useCallback(
    (leg: Omit<SlipLeg, 'key'>) => {
      const { refused } = addLeg(state, leg)
      if (refused === null) dispatch({ type: 'add', leg })
      return refused
    },
    [state],
  )
  const value = useMemo(() => ({ state, dispatch, add }), [state, add])
  return <SlipContext value={value}>{children}</SlipContext>
}

/** The slip, or null outside a signed-in page (a form then offers no Add to slip). */
export function useSlip(): SlipContextValue | null {
  return useContext(SlipContext)
}

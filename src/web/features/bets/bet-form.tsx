import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { BET_TYPE_LABELS, BET_TYPES, type BetType, DEFAULT_SPORTSBOOK } from '../../../domain/bet'
import { validateBetForm } from '../../../domain/bet-form'
import { isSoccer, leagueLabel } from '../../../domain/leagues'
import { centsToDollars, formatCents, MAX_AMOUNT_CENTS, parseCents } from '../../../domain/money'
import { isValidOdds, ODDS_OPTIONS, potentialWin } from '../../../domain/odds'
import { DRAW } from '../../../domain/selection'
import { ApiError, failureText, sendJson } from '../../api'
import { KEYS, refreshAfterBetChange, useCurrentUser } from '../../queries'
import { useToast } from '../../toasts'
import type { Bet, Game } from '../../types'
import {
  type BetFormState,
  betFormInput,
  CUSTOM_ODDS,
  forGame,
  initialBetForm,
  oddsOf,
} from './bet-form-state'

const INPUT =
  'w-full rounded-md border border-slate-600 bg-slate-950 px-3 py-2 text-slate-100 aria-[invalid=true]:border-red-400 focus-visible:outline-2 focus-visible:outline-sky-400'

interface FieldError {
  field: string
  message: string
}

/** The fields the server may name in a 400 (docs/API.md), which the form can point at. */
const FORM_FIELDS = new Set([
  'gameId',
  'amount',
  'odds',
  'selection',
  'spreadTeam',
  'spreadPoints',
  'totalPoints',
  'overUnder',
])

/** Which refusals an edit of each field answers ('selection' is the bet-type group's). */
const ERROR_FIELDS: Record<keyof BetFormState, readonly string[]> = {
  betType: ['selection', 'spreadTeam', 'spreadPoints', 'overUnder', 'totalPoints'],
  spreadTeam: ['spreadTeam', 'selection'],
  spreadPoints: ['spreadPoints', 'selection'],
  overUnder: ['overUnder', 'selection'],
  totalPoints: ['totalPoints', 'selection'],
  moneylineTeam: ['selection'],
  oddsChoice: ['odds'],
  customOdds: ['odds'],
  amount: ['amount'],
  sportsbook: ['sportsbook'],
}

/**
 * The bet entry form (spec sections 2, 4, 5; D8, D9): the fields of the chosen bet type, odds from the
 * D9 dropdown or a custom value, a live To Win preview, and the domain's validateBetForm before sending,
 * so the messages match the server's. A new bet is always tentative (the server decides that).
 */
export function BetForm({
  game: fixedGame,
  prefillSelection,
  onDone,
  onCancel,
}: {
  game: Game | null
  prefillSelection?: string | undefined
  onDone: () => void
  onCancel: () => void
}) {
  const id = useId().replace(/:/g, '')
  const form = useRef<HTMLFormElement>(null)
  const client = useQueryClient()
  const toast = useToast()
  const userId = useCurrentUser().data?.id
  const [state, setState] = useState<BetFormState>(() => initialBetForm(fixedGame, prefillSelection))
  const [chosenId, setChosenId] = useState<number | null>(null)
  const [error, setError] = useState<FieldError | null>(null)
  const games = useQuery<Game[]>({ queryKey: KEYS.liveGames, enabled: fixedGame === null })
  const game = fixedGame ?? games.data?.find((g) => g.id === chosenId) ?? null
  const soccer = game ? isSoccer(game.league) : false

  // Point the keyboard at the field a refusal names.
  useEffect(() => {
    if (error) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [error])

  const place = useMutation({
    mutationFn: (body: Record<string, unknown>) => sendJson<Bet>('POST', '/api/bets', body),
    onSuccess: () => {
      toast('success', 'Bet placed successfully', 'Your tentative bet has been added to the grid analysis')
      setState(initialBetForm(fixedGame))
      setError(null)
      onDone()
    },
    onError: (failure) => {
      toast('error', 'Error placing bet', failureText(failure, 'Failed to place bet'))
      const field = serverField(failure)
      if (field) setError(field)
    },
    onSettled: () => refreshAfterBetChange(client),
  })

  const update = (patch: Partial<BetFormState>) => {
    setState((current) => ({ ...current, ...patch }))
    // An edit of the field a message names (or of its bet-type group) retires the message.
    if (
      error &&
      Object.keys(patch).some((key) => ERROR_FIELDS[key as keyof BetFormState].includes(error.field))
    )
      setError(null)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!game) {
      setError({ field: 'gameId', message: 'Choose a game' })
      return
    }
    const result = validateBetForm(betFormInput(state), {
      homeTeam: game.homeTeam,
      awayTeam: game.awayTeam,
      league: game.league,
    })
    if (!result.ok) {
      setError({ field: result.field, message: result.message })
      return
    }
    setError(null)
    const { terms } = result
    place.mutate({
      betType: terms.betType,
      gameId: game.id,
      selection: terms.selection,
      odds: terms.odds,
      amount: centsToDollars(terms.amount),
      potentialWin: centsToDollars(potentialWin(terms.amount, terms.odds)),
      sportsbook: state.sportsbook.trim() || DEFAULT_SPORTSBOOK,
      ...(userId === undefined ? {} : { userId }),
      spreadPoints: terms.spreadPoints ?? null,
      totalPoints: terms.totalPoints ?? null,
      overUnder: terms.overUnder ?? null,
      spreadTeam: terms.spreadTeam ?? null,
    })
  }

  // The spec's 'selection' refusal covers the whole bet-type group: mark what is still empty in it.
  const groupError = error?.field === 'selection' && state.betType !== 'moneyline' ? error.message : null
  const field = (name: string, empty = false) => {
    const invalid = error?.field === name || (groupError !== null && empty)
    return {
      id: `${id}-${name}`,
      name,
      'aria-invalid': invalid,
      'aria-describedby': invalid ? `${id}-${error?.field === name ? name : 'group'}-error` : undefined,
    }
  }
  const messageFor = (name: string) =>
    error?.field === name ? <ErrorText id={`${id}-${name}-error`}>{error.message}</ErrorText> : null

  const teams = game ? [game.awayTeam, game.homeTeam] : []
  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-4">
      {fixedGame === null ? (
        <Labelled htmlFor={`${id}-gameId`} label="Game">
          <select
            {...field('gameId')}
            value={chosenId ?? ''}
            onChange={(event) => {
              const next = Number(event.target.value) || null
              setChosenId(next)
              const chosen = games.data?.find((g) => g.id === next)
              if (chosen) setState((current) => forGame(current, chosen, isSoccer(chosen.league)))
              if (error?.field === 'gameId') setError(null)
            }}
            className={INPUT}
          >
            <option value="">{games.isLoading ? 'Loading games...' : 'Select a game'}</option>
            {(games.data ?? []).map((g) => (
              <option key={g.id} value={g.id}>
                {leagueLabel(g.league)}: {g.awayTeam} @ {g.homeTeam}
              </option>
            ))}
          </select>
          {messageFor('gameId')}
        </Labelled>
      ) : null}

      <Labelled htmlFor={`${id}-betType`} label="Bet Type">
        <select
          {...field('betType')}
          value={state.betType}
          onChange={(event) => update({ betType: event.target.value as BetType })}
          className={INPUT}
        >
          {BET_TYPES.map((type) => (
            <option key={type} value={type}>
              {BET_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </Labelled>

      {state.betType === 'spread' ? (
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="sr-only">Spread</legend>
          <Labelled htmlFor={`${id}-spreadTeam`} label="Team">
            <select
              {...field('spreadTeam', state.spreadTeam === '')}
              value={state.spreadTeam}
              onChange={(event) => update({ spreadTeam: event.target.value })}
              className={INPUT}
            >
              <TeamOptions teams={teams} />
            </select>
            {messageFor('spreadTeam')}
          </Labelled>
          <Labelled htmlFor={`${id}-spreadPoints`} label="Points">
            <input
              {...field('spreadPoints', state.spreadPoints.trim() === '')}
              type="number"
              step="0.5"
              inputMode="decimal"
              placeholder="-3.5"
              value={state.spreadPoints}
              onChange={(event) => update({ spreadPoints: event.target.value })}
              className={INPUT}
            />
            {messageFor('spreadPoints')}
          </Labelled>
        </fieldset>
      ) : null}

      {state.betType === 'total' ? (
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="sr-only">Over/Under</legend>
          <Labelled htmlFor={`${id}-overUnder`} label="Over/Under">
            <select
              {...field('overUnder', state.overUnder === '')}
              value={state.overUnder}
              onChange={(event) => update({ overUnder: event.target.value as BetFormState['overUnder'] })}
              className={INPUT}
            >
              <option value="">Select</option>
              <option value="over">Over</option>
              <option value="under">Under</option>
            </select>
            {messageFor('overUnder')}
          </Labelled>
          <Labelled htmlFor={`${id}-totalPoints`} label="Total Points">
            <input
              {...field('totalPoints', state.totalPoints.trim() === '')}
              type="number"
              step="0.5"
              min="0.5"
              inputMode="decimal"
              placeholder="8.5"
              value={state.totalPoints}
              onChange={(event) => update({ totalPoints: event.target.value })}
              className={INPUT}
            />
            {messageFor('totalPoints')}
          </Labelled>
        </fieldset>
      ) : null}

      {state.betType === 'moneyline' ? (
        <Labelled htmlFor={`${id}-selection`} label="Team">
          <select
            {...field('selection')}
            value={state.moneylineTeam}
            onChange={(event) => update({ moneylineTeam: event.target.value })}
            className={INPUT}
          >
            <TeamOptions teams={teams} />
            {soccer ? <option value={DRAW}>{DRAW}</option> : null}
          </select>
          {messageFor('selection')}
        </Labelled>
      ) : null}
      {groupError ? <ErrorText id={`${id}-group-error`}>{groupError}</ErrorText> : null}

      <div className="grid grid-cols-2 gap-3">
        <Labelled htmlFor={`${id}-oddsChoice`} label="Odds">
          <select
            {...field(state.oddsChoice === CUSTOM_ODDS ? 'oddsChoice' : 'odds')}
            id={`${id}-oddsChoice`}
            value={state.oddsChoice}
            onChange={(event) => update({ oddsChoice: event.target.value })}
            className={INPUT}
          >
            {ODDS_OPTIONS.map((option) => (
              <option key={option.value} value={String(option.value)}>
                {option.label}
              </option>
            ))}
            <option value={CUSTOM_ODDS}>Custom</option>
          </select>
          {state.oddsChoice === CUSTOM_ODDS ? null : messageFor('odds')}
        </Labelled>
        {state.oddsChoice === CUSTOM_ODDS ? (
          <Labelled htmlFor={`${id}-odds`} label="Custom Odds">
            <input
              {...field('odds')}
              type="number"
              step="1"
              inputMode="numeric"
              placeholder="+150"
              value={state.customOdds}
              onChange={(event) => update({ customOdds: event.target.value })}
              className={INPUT}
            />
            {messageFor('odds')}
          </Labelled>
        ) : null}
      </div>

      <div className="grid grid-cols-2 gap-3">
        <Labelled htmlFor={`${id}-amount`} label="Amount ($)">
          <input
            {...field('amount')}
            type="number"
            step="0.01"
            min="0.01"
            inputMode="decimal"
            placeholder="100.00"
            value={state.amount}
            onChange={(event) => update({ amount: event.target.value })}
            className={INPUT}
          />
          {messageFor('amount')}
        </Labelled>
        <Labelled htmlFor={`${id}-sportsbook`} label="Sportsbook">
          <input
            {...field('sportsbook')}
            type="text"
            maxLength={100}
            value={state.sportsbook}
            onChange={(event) => update({ sportsbook: event.target.value })}
            className={INPUT}
          />
        </Labelled>
      </div>

      <output
        aria-live="polite"
        className="rounded-lg bg-slate-950 px-3 py-2 text-lg font-semibold text-emerald-300"
      >
        To Win: ${formatCents(previewWin(state))}
      </output>

      <div className="flex justify-end gap-2">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-lg border border-slate-600 px-4 py-2 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-sky-400"
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={!game || place.isPending}
          className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-600 disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-sky-400"
        >
          {place.isPending ? 'Placing Bet...' : 'Place Bet'}
        </button>
      </div>
    </form>
  )
}

/** D1 To Win for what is typed so far; $0.00 until the amount and odds are both valid. */
function previewWin(state: BetFormState): number {
  const cents = parseCents(state.amount)
  const odds = oddsOf(state)
  if (cents === null || cents <= 0 || cents > MAX_AMOUNT_CENTS || !isValidOdds(odds)) return 0
  return potentialWin(cents, odds)
}

function serverField(failure: unknown): FieldError | null {
  if (!(failure instanceof ApiError) || failure.status !== 400) return null
  try {
    const body = JSON.parse(failure.body) as { message?: unknown; field?: unknown }
    if (typeof body.field === 'string' && typeof body.message === 'string' && FORM_FIELDS.has(body.field))
      return { field: body.field, message: body.message }
  } catch {
    // Not JSON: the toast already says what went wrong.
  }
  return null
}

function ErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-red-300">
      {children}
    </p>
  )
}

/** A control under its label; the control's error message, when it has one, goes last. */
function Labelled({ htmlFor, label, children }: { htmlFor: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-300">
        {label}
      </label>
      {children}
    </div>
  )
}

function TeamOptions({ teams }: { teams: string[] }) {
  return (
    <>
      <option value="">Select team</option>
      {teams.map((team) => (
        <option key={team} value={team}>
          {team}
        </option>
      ))}
    </>
  )
}

import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { BET_TYPE_LABELS, type BetTerms } from '../../../../domain/bet'
import { isFinalStatus } from '../../../../domain/game-status'
import { isSoccer } from '../../../../domain/leagues'
import { BET_PERIOD_LABELS, type BetPeriod, FULL_GAME, periodsOn } from '../../../../domain/periods'
import { routeQuery } from '../../../api'
import { useCurrentUser } from '../../../queries'
import type { Bet, Game } from '../../../types'
import { formatMoney, useTimeZone } from '../../../ui/format'
import { finalGameNote } from '../final-result'
import { choiceLabel, gameChoices } from './game-choices'
import { AmountFields, OddsFields, previewWin } from './odds-amount-fields'
import { fieldAria, INPUT, Labelled } from './parts'
import {
  type BetFormContext,
  type BetFormValues,
  betFormResolver,
  errorTarget,
  RETIRES,
  selectionTarget,
} from './resolver'
import { type BetPrefill, editPrefill, forGame, initialBetForm, offeredBetTypes } from './state'
import { BetTypeFields } from './type-fields'
import { useAddToSlip } from './use-add-to-slip'
import { usePlaceBet } from './use-place-bet'

/** The game select's first line: loading, nothing matching the search, or the prompt. */
function gamePrompt(loading: boolean, groups: number, search: string): string {
  if (loading) return 'Loading games...'
  return groups === 0 && search.trim() ? 'No game matches the search' : 'Select a game'
}

const blankValues = (game: Game | null, prefill?: BetPrefill): BetFormValues => ({
  ...initialBetForm(game, prefill),
  gameId: '',
})

/**
 * The bet entry form (docs/spec/product-spec.md §2, §4, §5; decisions 008 and 009): the fields of the chosen bet type, odds from the
 * Decision 009 dropdown or a custom value, a live To Win preview, and the domain's validateBetForm (the resolver)
 * before sending, so the messages match the server's.
 */
export function BetForm({
  game: fixedGame,
  prefill,
  editing,
  onDone,
  onCancel,
}: {
  game: Game | null
  prefill?: BetPrefill | undefined
  /** Decision 008: the tentative bet this form edits (its game is `game`); absent for a new bet. */
  editing?: Bet | undefined
  onDone: () => void
  onCancel: () => void
}) {
  const idBase = useId().replace(/:/g, '')
  const form = useRef<HTMLFormElement>(null)
  const [search, setSearch] = useState('')
  const timeZone = useTimeZone()
  const oddsFormat = useCurrentUser().data?.oddsFormat
  const games = useQuery({ ...routeQuery('GET /api/games/live'), enabled: fixedGame === null })
  // The resolver checks against the game chosen now: react-hook-form hands it this (mutable) context.
  const context = useRef<BetFormContext>({ game: null })
  const {
    control,
    register,
    handleSubmit,
    formState,
    setError,
    clearErrors,
    setValue,
    reset,
    getValues,
    watch,
  } = useForm<BetFormValues, BetFormContext, BetTerms>({
    // A new bet's price field is in the bettor's odds format (decision 072); an edit keeps the bet's own.
    defaultValues: blankValues(fixedGame, {
      priceFormat: oddsFormat,
      ...(editing ? editPrefill(editing) : prefill),
    }),
    resolver: betFormResolver,
    // A message stays until its field (or its bet-type group) is edited, or the next submit.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    context: context.current,
  })
  const values = useWatch({ control }) as BetFormValues
  const game = fixedGame ?? games.data?.find((g) => String(g.id) === values.gameId) ?? null
  const soccer = game ? isSoccer(game.league) : false
  const periods: readonly BetPeriod[] = game ? periodsOn(game.league) : [FULL_GAME]
  const { errors } = formState

  context.current.game = game

  // An edit of the field a message names (or of its bet-type group) retires the message.
  useEffect(() => {
    const { unsubscribe } = watch((_, { name }) => {
      if (name) clearErrors(RETIRES[name] as never)
    })
    return unsubscribe
  }, [watch, clearErrors])

  // Point the keyboard at the field a refusal names, again after each refused submit.
  const named = Object.keys(errors).join()
  const refused = named ? `${named}#${formState.submitCount}` : ''
  useEffect(() => {
    if (refused) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refused])

  const place = usePlaceBet({
    editing: editing?.id,
    onPlaced: () => {
      reset(blankValues(fixedGame))
      onDone()
    },
    onRefused: ({ field, message }) => {
      const target = errorTarget(field, getValues())
      if (target) setError(target, { type: 'server', message })
    },
  })

  const addToSlip = useAddToSlip()
  const addLeg = () => {
    if (!game) {
      setError('gameId', { type: 'slip', message: 'Choose a game' })
      return
    }
    const added = addToSlip?.(getValues(), game)
    // On the slip: the form closes, and the bettor goes on to the next game.
    if (added === 'added') onCancel()
    else if (typeof added === 'object') setError(added.target, { type: 'slip', message: added.message })
  }

  const submit = handleSubmit((terms) => {
    if (game) place.mutate({ terms, gameId: game.id, sportsbook: getValues('sportsbook') })
  })

  const aria = fieldAria(idBase, errors)
  const choices = gameChoices(games.data ?? [], search, values.gameId)
  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-4">
      {fixedGame === null ? (
        <>
          <Labelled htmlFor={`${idBase}-game-search`} label="Search games">
            <input
              id={`${idBase}-game-search`}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Team or league"
              autoComplete="off"
              className={INPUT}
            />
          </Labelled>
          <Labelled htmlFor={aria.attributes('gameId').id} label="Game">
            <select
              {...aria.attributes('gameId')}
              {...register('gameId', {
                onChange: (event) => {
                  // No game chosen any more offers no soccer market: the Draw and draw no bet go too.
                  const chosen = games.data?.find((g) => String(g.id) === event.target.value) ?? null
                  const next = forGame(getValues(), chosen, chosen ? isSoccer(chosen.league) : false)
                  setValue('betType', next.betType)
                  setValue('spreadTeam', next.spreadTeam)
                  setValue('moneylineTeam', next.moneylineTeam)
                  setValue('marginTeam', next.marginTeam)
                  setValue('period', next.period)
                },
              })}
              className={INPUT}
            >
              <option value="">{gamePrompt(games.isLoading, choices.length, search)}</option>
              {choices.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.games.map((g) => (
                    <option key={g.id} value={g.id}>
                      {choiceLabel(g, timeZone)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            {aria.message('gameId')}
          </Labelled>
        </>
      ) : null}

      <Labelled htmlFor={aria.attributes('betType').id} label="Bet Type">
        <select {...aria.attributes('betType')} {...register('betType')} className={INPUT}>
          {offeredBetTypes(soccer).map((type) => (
            <option key={type} value={type}>
              {BET_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
        {aria.message('betType')}
      </Labelled>

      {periods.length > 1 ? (
        <Labelled htmlFor={aria.attributes('period').id} label="Period">
          <select {...aria.attributes('period')} {...register('period')} className={INPUT}>
            {periods.map((period) => (
              <option key={period} value={period}>
                {BET_PERIOD_LABELS[period]}
              </option>
            ))}
          </select>
          {aria.message('period')}
        </Labelled>
      ) : null}

      <BetTypeFields values={values} register={register} aria={aria} game={game} soccer={soccer} />
      {selectionTarget(values.betType) === 'root.group' ? aria.groupMessage : null}
      <OddsFields values={values} register={register} aria={aria} />
      <AmountFields register={register} aria={aria} />

      <output
        aria-live="polite"
        className="rounded-lg bg-slate-950 px-3 py-2 text-lg font-semibold text-emerald-300"
      >
        To Win: {formatMoney(previewWin(values))}
      </output>

      {game && isFinalStatus(game.status) ? (
        <p
          role="note"
          className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100"
        >
          {finalGameNote(game, editing !== undefined)}
        </p>
      ) : null}

      <div className="flex justify-end gap-2">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-lg border border-slate-600 px-4 py-2 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-sky-400"
        >
          Cancel
        </button>
        {addToSlip && editing === undefined ? (
          <button
            type="button"
            onClick={addLeg}
            disabled={!game}
            className="rounded-lg border border-emerald-600 px-4 py-2 font-semibold text-emerald-300 hover:bg-emerald-950 disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-sky-400"
          >
            Add to slip
          </button>
        ) : null}
        <button
          type="submit"
          disabled={!game || place.isPending}
          className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-600 disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-sky-400"
        >
          {submitLabel(editing !== undefined, place.isPending)}
        </button>
      </div>
    </form>
  )
}

function submitLabel(editing: boolean, pending: boolean): string {
  if (editing) return pending ? 'Saving...' : 'Save Changes'
  return pending ? 'Placing Bet...' : 'Place Bet'
}

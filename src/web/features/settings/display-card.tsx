import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { CURRENCY_SYMBOL, CURRENCY_SYMBOLS, DISPLAY_MESSAGES, readUnitSize } from '../../../domain/display'
import { PRICE_FORMATS, type PriceFormat } from '../../../domain/price'
import { ApiError, api } from '../../api'
import { KEYS } from '../../queries'
import { useToast } from '../../toasts'
import type { User } from '../../types'
import { Button } from '../../ui/button'
import { INPUT } from '../../ui/field'
import { SettingsCard } from './settings-ui'

const FORMAT_LABELS: Record<PriceFormat, string> = {
  american: 'American (-110, +150)',
  decimal: 'Decimal (1.91, 2.50)',
  fractional: 'Fractional (10/11, 6/4)',
}

type Problem = { field: 'unitSize' | 'currencySymbol'; message: string }

/**
 * Decision 072: how prices are entered and shown (the bet form's price field follows it), one unit's stake
 * for amounts in units, and the currency symbol (display only: nothing is converted).
 */
export function DisplayCard({
  user,
}: {
  user: Pick<User, 'oddsFormat' | 'unitSize' | 'currencySymbol' | 'amountsInUnits'>
}) {
  const id = useId().replace(/:/g, '')
  const toast = useToast()
  const client = useQueryClient()
  const [oddsFormat, setOddsFormat] = useState<PriceFormat>(user.oddsFormat)
  const [unitSize, setUnitSize] = useState(user.unitSize ?? '')
  const [currencySymbol, setCurrencySymbol] = useState(user.currencySymbol)
  const [amountsInUnits, setAmountsInUnits] = useState(user.amountsInUnits)
  const noUnit = unitSize.trim() === ''
  const [problem, setProblem] = useState<Problem | null>(null)
  const save = useMutation({
    mutationFn: () =>
      api.patch('PATCH /api/user/display', {
        body: {
          oddsFormat,
          unitSize: noUnit ? null : unitSize.trim(),
          currencySymbol,
          // Units need a unit size: without one, amounts show as money.
          amountsInUnits: amountsInUnits && !noUnit,
        },
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: KEYS.user })
      toast('success', 'Display settings saved', `Prices now show as ${FORMAT_LABELS[oddsFormat]}.`)
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.serverField : null
      const message = error instanceof ApiError ? error.serverMessage : null
      if ((field === 'unitSize' || field === 'currencySymbol') && message) setProblem({ field, message })
      else toast('error', 'Failed to save display settings')
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const unit = readUnitSize(unitSize)
    if ('message' in unit) return setProblem({ field: 'unitSize', message: unit.message })
    if (!CURRENCY_SYMBOL.test(currencySymbol.trim()))
      return setProblem({ field: 'currencySymbol', message: DISPLAY_MESSAGES.currencySymbol })
    setProblem(null)
    save.mutate()
  }

  const errorId = (field: Problem['field']) => (problem?.field === field ? `${id}-${field}-error` : undefined)
  return (
    <SettingsCard
      id="settings-display"
      title="Odds & Units"
      description="The format you enter and read prices in, your unit size, and the currency symbol amounts show with."
    >
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={`${id}-format`} className="mb-1 block text-sm text-slate-300">
            Odds format
          </label>
          <select
            id={`${id}-format`}
            value={oddsFormat}
            onChange={(event) => setOddsFormat(event.target.value as PriceFormat)}
            className={INPUT}
          >
            {PRICE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {FORMAT_LABELS[format]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-unit`} className="mb-1 block text-sm text-slate-300">
            Unit size (empty for none)
          </label>
          <input
            id={`${id}-unit`}
            value={unitSize}
            onChange={(event) => setUnitSize(event.target.value)}
            inputMode="decimal"
            placeholder="25.00"
            aria-invalid={problem?.field === 'unitSize'}
            aria-describedby={errorId('unitSize')}
            className={INPUT}
          />
          <FieldProblem problem={problem} field="unitSize" id={errorId('unitSize')} />
        </div>
        <div>
          <label htmlFor={`${id}-currency`} className="mb-1 block text-sm text-slate-300">
            Currency symbol
          </label>
          <input
            id={`${id}-currency`}
            list={`${id}-currencies`}
            value={currencySymbol}
            onChange={(event) => setCurrencySymbol(event.target.value)}
            maxLength={3}
            aria-invalid={problem?.field === 'currencySymbol'}
            aria-describedby={errorId('currencySymbol')}
            className={INPUT}
          />
          <datalist id={`${id}-currencies`}>
            {CURRENCY_SYMBOLS.map((symbol) => (
              <option key={symbol} value={symbol} />
            ))}
          </datalist>
          <FieldProblem problem={problem} field="currencySymbol" id={errorId('currencySymbol')} />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-200 sm:col-span-3">
          <input
            type="checkbox"
            checked={amountsInUnits && !noUnit}
            disabled={noUnit}
            onChange={(event) => setAmountsInUnits(event.target.checked)}
          />
          Show amounts in units{noUnit ? ' (set a unit size first)' : ''}
        </label>
        <div className="sm:col-span-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Odds & Units'}
          </Button>
        </div>
      </form>
    </SettingsCard>
  )
}

/** A field's refusal under it, named by the field's aria-describedby. */
function FieldProblem({
  problem,
  field,
  id,
}: {
  problem: Problem | null
  field: Problem['field']
  id: string | undefined
}) {
  return problem?.field === field ? (
    <p id={id} className="mt-1 text-sm text-red-300">
      {problem.message}
    </p>
  ) : null
}

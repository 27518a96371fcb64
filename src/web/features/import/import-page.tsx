import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { ImportAnswer } from '../../../contract/imports'
import {
  type ColumnMapping,
  columnIndexes,
  gridMapping,
  guessMapping,
  headerSignature,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  isGridExport,
  readRow,
  termsAsWritten,
} from '../../../domain/bet-import'
import { formatOdds } from '../../../domain/odds'
import type { TicketKind } from '../../../domain/ticket'
import { addCounts, countByKind, ticketCountsText } from '../../../domain/ticket-draft'
import { failureText } from '../../api'
import { KEYS } from '../../queries'
import { Button } from '../../ui/button'
import { CARD } from '../../ui/card'
import { INPUT } from '../../ui/field'
import { formatWhen, Money, useTimeZone } from '../../ui/format'
import { PageLayout } from '../../ui/page-layout'
import { ColumnHeads } from '../../ui/table'
import { listMappings, previewFile, saveMapping, sendBatch, streamFile } from './import-api'

type Stage =
  | { kind: 'choose' }
  | {
      kind: 'map'
      file: File
      header: string[]
      preview: string[][]
      grid: boolean
      columns: ColumnMapping
      saved: boolean
    }
  | { kind: 'running'; file: File }
  | { kind: 'done' }

interface Totals {
  imported: number
  /** How many of each kind of ticket came in (decision 062). */
  tickets: Record<TicketKind, number>
  unlinked: number
  duplicates: number
  unmatched: ImportAnswer['unmatched']
  failed: ImportAnswer['failed']
}

const EMPTY: Totals = {
  imported: 0,
  tickets: countByKind([]),
  unlinked: 0,
  duplicates: 0,
  unmatched: [],
  failed: [],
}

/**
 * Import bets from a file (linked from Settings). The file is read in the browser with papaparse,
 * streamed, and sent 500 rows at a time with a progress bar and a Cancel button. Grid's own export needs no
 * mapping; any other file gets the mapping step with a preview of its first rows as they will be read. The
 * results list the rows not imported with their reasons; an unmatched row can be put on a game of its day,
 * or imported as an unlinked bet.
 */
export function ImportPage() {
  const [stage, setStage] = useState<Stage>({ kind: 'choose' })
  const [error, setError] = useState<string | null>(null)
  const [progress, setProgress] = useState(0)
  const [totals, setTotals] = useState<Totals>(EMPTY)
  const header = useRef<string[]>([])
  const columnsUsed = useRef<ColumnMapping | null>(null)
  const rowsByNumber = useRef(new Map<number, string[]>())
  const abort = useRef<AbortController | null>(null)
  const client = useQueryClient()

  async function choose(file: File) {
    setError(null)
    try {
      const [head = [], ...preview] = await previewFile(file)
      if (head.length === 0) throw new Error('empty')
      const grid = isGridExport(head)
      const saved = grid
        ? null
        : (await listMappings()).find((m) => headerSignature(m.header) === headerSignature(head))
      setStage({
        kind: 'map',
        file,
        header: head,
        preview,
        grid,
        columns: grid ? gridMapping(head) : (saved?.columns ?? guessMapping(head)),
        saved: saved !== undefined,
      })
    } catch (failure) {
      setError(failureText(failure, 'This file cannot be read. Choose a CSV or TSV file with a header line.'))
    }
  }

  async function start(file: File, head: string[], columns: ColumnMapping, grid: boolean) {
    setError(null)
    setTotals(EMPTY)
    setProgress(0)
    header.current = head
    columnsUsed.current = grid ? null : columns
    rowsByNumber.current = new Map()
    const controller = new AbortController()
    abort.current = controller
    setStage({ kind: 'running', file })
    try {
      if (!grid) await saveMapping(head, columns)
      await streamFile(
        file,
        {
          onBatch: async (rows, offset) => {
            const answer = await sendBatch(head, rows, {
              columns: columnsUsed.current,
              offset,
              signal: controller.signal,
            })
            for (const note of answer.unmatched) {
              const cells = rows[note.row - offset - 2]
              if (cells) rowsByNumber.current.set(note.row, cells)
            }
            setTotals((t) => add(t, answer))
          },
          onProgress: setProgress,
          ticketColumn: ticketColumnOf(head, columns),
        },
        controller.signal,
      )
    } catch (failure) {
      setError(
        controller.signal.aborted
          ? 'Import cancelled. The batches already sent are imported; importing the file again adds only the rest.'
          : failureText(
              failure,
              'The import stopped. Importing the file again adds only the rows not yet imported.',
            ),
      )
    } finally {
      abort.current = null
      setStage({ kind: 'done' })
      void client.invalidateQueries({ queryKey: KEYS.history })
      void client.invalidateQueries({ queryKey: KEYS.bets })
      void client.invalidateQueries({ queryKey: KEYS.stats })
    }
  }

  async function fix(row: number, target: { gameId: number } | { unlinked: true }) {
    const cells = rowsByNumber.current.get(row)
    if (!cells) return
    try {
      const answer = await sendBatch(header.current, [cells], {
        columns: columnsUsed.current,
        offset: row - 2,
        ...target,
      })
      setTotals((t) => ({
        ...t,
        imported: t.imported + answer.imported,
        unlinked: t.unlinked + answer.unlinked,
        unmatched: answer.imported > 0 ? t.unmatched.filter((u) => u.row !== row) : t.unmatched,
        failed: [...t.failed.filter((f) => f.row !== row), ...answer.failed],
      }))
      void client.invalidateQueries({ queryKey: KEYS.history })
    } catch (failure) {
      setError(failureText(failure, 'The row could not be imported.'))
    }
  }

  return (
    <PageLayout
      title="Import Bets"
      lead="Bring your history in from a CSV or TSV file: Grid's own export, or any sportsbook's or tracker's."
      back={{ href: '/settings', label: 'Back to Settings' }}
      wide
    >
      {error ? (
        <p role="alert" className="rounded-lg border border-red-800 bg-red-950 p-3 text-sm text-red-200">
          {error}
        </p>
      ) : null}
      {stage.kind === 'choose' || stage.kind === 'done' ? <FilePicker onChoose={choose} /> : null}
      {stage.kind === 'map' ? (
        <MappingStep
          stage={stage}
          onChange={(columns) => setStage({ ...stage, columns })}
          onCancel={() => setStage({ kind: 'choose' })}
          onStart={() => start(stage.file, stage.header, stage.columns, stage.grid)}
        />
      ) : null}
      {stage.kind === 'running' ? (
        <section aria-labelledby="import-progress" className={`${CARD} flex flex-col gap-3 p-4`}>
          <h2 id="import-progress" className="text-lg font-semibold">
            Importing {stage.file.name}
          </h2>
          <progress
            className="w-full"
            max={100}
            value={Math.round(progress * 100)}
            aria-label="Import progress"
          />
          <p className="text-sm text-slate-300" aria-live="polite">
            {Math.round(progress * 100)}% read, {totals.imported} imported
          </p>
          <Button variant="secondary" className="self-start" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        </section>
      ) : null}
      {stage.kind === 'done' ? <Results totals={totals} onFix={fix} /> : null}
    </PageLayout>
  )
}

function add(t: Totals, answer: ImportAnswer): Totals {
  return {
    imported: t.imported + answer.imported,
    tickets: addCounts(t.tickets, answer.tickets),
    unlinked: t.unlinked + answer.unlinked,
    duplicates: t.duplicates + answer.duplicates.length,
    unmatched: [...t.unmatched, ...answer.unmatched],
    failed: [...t.failed, ...answer.failed],
  }
}

function FilePicker({ onChoose }: { onChoose: (file: File) => void }) {
  return (
    <section aria-labelledby="import-file" className={`${CARD} flex flex-col gap-2 p-4`}>
      <h2 id="import-file" className="text-lg font-semibold">
        Choose a file
      </h2>
      <label htmlFor="import-file-input" className="text-sm text-slate-300">
        CSV or TSV file with a header line
      </label>
      <input
        id="import-file-input"
        type="file"
        accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
        className={INPUT}
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) onChoose(file)
        }}
      />
      <p className="text-xs text-slate-400">
        Importing the same file again adds nothing: each row is recognised.
      </p>
    </section>
  )
}

function MappingStep({
  stage,
  onChange,
  onCancel,
  onStart,
}: {
  stage: Extract<Stage, { kind: 'map' }>
  onChange: (columns: ColumnMapping) => void
  onCancel: () => void
  onStart: () => void
}) {
  const mapped = columnIndexes(stage.header, stage.columns)
  return (
    <section aria-labelledby="import-mapping" className={`${CARD} flex flex-col gap-4 p-4`}>
      <h2 id="import-mapping" className="text-lg font-semibold">
        {stage.grid ? "Grid's own export" : 'Which column holds what'}
      </h2>
      {stage.grid ? (
        <p className="text-sm text-slate-300">This is a Grid export: it needs no mapping.</p>
      ) : (
        <>
          <p className="text-sm text-slate-300">
            {stage.saved
              ? 'Your saved mapping for files with these columns is filled in.'
              : 'Choose the column of each field; the mapping is saved for the next file with these columns.'}
          </p>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {IMPORT_FIELDS.map((field) => (
              <div key={field}>
                <label htmlFor={`map-${field}`} className="mb-1 block text-sm font-medium text-slate-300">
                  {IMPORT_FIELD_LABELS[field]}
                </label>
                <select
                  id={`map-${field}`}
                  className={INPUT}
                  value={stage.columns[field] ?? ''}
                  onChange={(event) =>
                    onChange({ ...stage.columns, [field]: event.target.value || undefined })
                  }
                >
                  <option value="">(none)</option>
                  {stage.header.map((column) => (
                    <option key={column} value={column}>
                      {column}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
        </>
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left text-sm text-slate-400">
            The first rows as they will be read
          </caption>
          <ColumnHeads
            className="text-slate-400"
            cell="px-2 py-1 font-medium"
            columns={['Row', 'Date', 'League', 'Event', 'Bet', 'Odds', 'Stake', 'Result']}
          />
          <tbody>
            {stage.preview.map((cells, i) => {
              const row = i + 2
              if (!mapped.ok)
                return (
                  <tr key={row} className="border-t border-slate-800">
                    <td className="px-2 py-1">{row}</td>
                    <td colSpan={7} className="px-2 py-1 text-amber-300">
                      {mapped.message}
                    </td>
                  </tr>
                )
              const read = readRow(cells, mapped.indexes)
              return (
                <tr key={row} className="border-t border-slate-800">
                  <td className="px-2 py-1">{row}</td>
                  {read.ok ? (
                    <>
                      <td className="px-2 py-1">{read.draft.day}</td>
                      <td className="px-2 py-1">{read.draft.league ?? (read.draft.leagueText || 'any')}</td>
                      <td className="px-2 py-1">{read.draft.eventText}</td>
                      <td className="px-2 py-1">{betText(read.draft)}</td>
                      <td className="px-2 py-1">{formatOdds(read.draft.odds)}</td>
                      <td className="px-2 py-1">
                        <Money amount={read.draft.amount} />
                      </td>
                      <td className="px-2 py-1">{read.draft.result ?? 'pending'}</td>
                    </>
                  ) : (
                    <td colSpan={7} className="px-2 py-1 text-amber-300">
                      {read.reason}
                    </td>
                  )}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <div className="flex gap-2">
        <Button onClick={onStart} disabled={!mapped.ok}>
          Import
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Choose another file
        </Button>
      </div>
    </section>
  )
}

/** The bet as the preview reads it: its selection composed as the import will store it. */
function betText(draft: Extract<ReturnType<typeof readRow>, { ok: true }>['draft']): string {
  return termsAsWritten(draft).selection
}

function Results({
  totals,
  onFix,
}: {
  totals: Totals
  onFix: (row: number, target: { gameId: number } | { unlinked: true }) => void
}) {
  return (
    <section aria-labelledby="import-results" className={`${CARD} flex flex-col gap-4 p-4`}>
      <h2 id="import-results" className="text-lg font-semibold">
        Results
      </h2>
      <p className="text-sm text-slate-200" role="status">
        {totals.imported} imported ({totals.unlinked} unlinked), {totals.duplicates} already imported,{' '}
        {totals.unmatched.length} without a game, {totals.failed.length} failed.
        {ticketCountsText(totals.tickets) ? ` Tickets among them: ${ticketCountsText(totals.tickets)}.` : ''}
      </p>
      {totals.unmatched.length > 0 ? (
        <div>
          <h3 className="font-semibold">Rows without a game</h3>
          <ul className="mt-2 flex flex-col gap-3">
            {totals.unmatched.map((note) => (
              <UnmatchedRow key={note.row} note={note} onFix={onFix} />
            ))}
          </ul>
        </div>
      ) : null}
      {totals.failed.length > 0 ? (
        <div>
          <h3 className="font-semibold">Rows not imported</h3>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {totals.failed.map((note) => (
              <li key={note.row}>
                Row {note.row}: {note.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

function UnmatchedRow({
  note,
  onFix,
}: {
  note: ImportAnswer['unmatched'][number]
  onFix: (row: number, target: { gameId: number } | { unlinked: true }) => void
}) {
  const [gameId, setGameId] = useState('')
  const timeZone = useTimeZone()
  const id = `fix-${note.row}`
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-800 p-3 text-sm">
      <p>
        Row {note.row}: {note.reason}
        {note.moreGames > 0 ? ` (${note.moreGames} more games that day are not listed)` : ''}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grow">
          <label htmlFor={id} className="mb-1 block text-slate-300">
            Game for row {note.row}
          </label>
          <select
            id={id}
            className={INPUT}
            value={gameId}
            onChange={(event) => setGameId(event.target.value)}
          >
            <option value="">Choose a game</option>
            {note.games.map((game) => (
              <option key={game.id} value={game.id}>
                {game.league}: {game.awayTeam} @ {game.homeTeam} (
                {formatWhen(new Date(game.startTime), timeZone)})
              </option>
            ))}
          </select>
        </div>
        <Button disabled={gameId === ''} onClick={() => onFix(note.row, { gameId: Number(gameId) })}>
          Link to game
        </Button>
        <Button variant="secondary" onClick={() => onFix(note.row, { unlinked: true })}>
          Import as unlinked
        </Button>
      </div>
    </li>
  )
}

/** The ticket id's column of a mapped file of one row per leg (decision 062); null without one. */
function ticketColumnOf(head: string[], columns: ColumnMapping): number | null {
  const read = columnIndexes(head, columns)
  return read.ok ? (read.indexes.ticket ?? null) : null
}

import Papa from 'papaparse'
import type { ImportAnswer } from '../../../contract/imports'
import type { ColumnMapping } from '../../../domain/bet-import'
import { ApiError, api, apiUrl } from '../../api'

/** Rows per request: the server takes up to 10,000; smaller batches move the progress bar smoothly. */
export const BATCH_ROWS = 500

export interface BatchOptions {
  columns: ColumnMapping | null
  offset: number
  unlinked?: boolean
  gameId?: number
  signal?: AbortSignal
}

/** POST /api/bets/import with one batch of rows under the file's header, as CSV text. */
export async function sendBatch(
  header: string[],
  rows: string[][],
  options: BatchOptions,
): Promise<ImportAnswer> {
  const query = {
    offset: String(options.offset),
    ...(options.columns ? { columns: JSON.stringify(options.columns) } : {}),
    ...(options.unlinked ? { unlinked: 'true' as const } : {}),
    ...(options.gameId !== undefined ? { gameId: String(options.gameId) } : {}),
  }
  // The body is the file's text, not JSON, so this call goes past `api`.
  const response = await fetch(apiUrl('POST /api/bets/import', { query }), {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'text/csv' },
    body: Papa.unparse([header, ...rows]),
    signal: options.signal ?? null,
  })
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText)
  return (await response.json()) as ImportAnswer
}

export const listMappings = () => api.get('GET /api/bets/import/mappings')

export const saveMapping = (header: string[], columns: ColumnMapping) =>
  api.post('POST /api/bets/import/mappings', { body: { header, columns } })

/** The header and the first rows, for the format check and the mapping's preview. */
export function previewFile(file: File, rows = 5): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      preview: rows + 1,
      skipEmptyLines: true,
      complete: (result) => resolve(result.data),
      error: (error) => reject(error),
    })
  })
}

export interface StreamHandlers {
  /** A batch of data rows (offset = data rows before it); resolves when the batch is sent. */
  onBatch(rows: string[][], offset: number): Promise<void>
  /** Fraction of the file read, 0 to 1. */
  onProgress(read: number): void
  /** The column of the ticket id in a file of one row per leg (decision 062), else null. */
  ticketColumn?: number | null
}

/**
 * How many of `rows` the next batch takes: `size`, fewer where the rows across the cut share a ticket id
 * (one row per leg, decision 062), so a ticket's legs are never split between two requests, which would
 * import two tickets. 0 while more rows must be read to tell (the file's last rows go with its end).
 */
export function batchEnd(rows: readonly string[][], ticketColumn: number | null, size = BATCH_ROWS): number {
  if (rows.length <= size) return 0
  if (ticketColumn === null) return size
  const ticket = (row: string[] | undefined) => row?.[ticketColumn]?.trim() ?? ''
  let end = size
  while (end > 0 && ticket(rows[end]) !== '' && ticket(rows[end]) === ticket(rows[end - 1])) end--
  // A run longer than a batch is no ticket (one holds at most 15 legs): cut it where the size says.
  return end > 0 ? end : size
}

/**
 * Streams the file through papaparse a chunk at a time: rows are sent about BATCH_ROWS at a time (a
 * ticket's rows together, batchEnd), the parser paused while a batch is in flight; `signal` stops both.
 */
export function streamFile(file: File, handlers: StreamHandlers, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    let header: string[] | null = null
    let pending: string[][] = []
    let offset = 0
    let failed = false
    const flush = async (rows: string[][]) => {
      if (rows.length === 0) return
      await handlers.onBatch(rows, offset)
      offset += rows.length
    }
    Papa.parse<string[]>(file, {
      skipEmptyLines: true,
      chunkSize: 256 * 1024,
      chunk: (result, parser) => {
        if (signal.aborted) {
          parser.abort()
          return
        }
        parser.pause()
        let data = result.data
        if (header === null) {
          header = data[0] ?? []
          data = data.slice(1)
        }
        pending.push(...data)
        const ready: string[][][] = []
        const column = handlers.ticketColumn ?? null
        for (let end = batchEnd(pending, column); end > 0; end = batchEnd(pending, column))
          ready.push(pending.splice(0, end))
        void (async () => {
          try {
            for (const rows of ready) await flush(rows)
            handlers.onProgress(Math.min(1, result.meta.cursor / Math.max(1, file.size)))
            parser.resume()
          } catch (error) {
            failed = true
            parser.abort()
            reject(error)
          }
        })()
      },
      complete: () => {
        if (failed) return
        if (signal.aborted) {
          reject(new DOMException('Import cancelled', 'AbortError'))
          return
        }
        const rest = pending
        pending = []
        flush(rest)
          .then(() => {
            handlers.onProgress(1)
            resolve()
          })
          .catch(reject)
      },
      error: (error) => reject(error),
    })
  })
}

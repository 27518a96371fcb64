/**
 * Delimited text (CSV, TSV) as rows of cells, RFC 4180 quoting: the server reads an imported file with
 * this (the browser streams it with papaparse and sends batches of the same text). The delimiter is the
 * first of tab, comma or semicolon found on the header line outside quotes; a byte-order mark is dropped.
 */
export function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  let quoted = false
  const counts = new Map<string, number>([
    ['\t', 0],
    [',', 0],
    [';', 0],
  ])
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1)
  }
  let best = ','
  let most = 0
  for (const [delimiter, count] of counts) {
    if (count > most) {
      best = delimiter
      most = count
    }
  }
  return best
}

/** Every row of the text; blank lines are left out. Throws RangeError on a quote left open. */
export function parseDelimited(input: string, delimiter = detectDelimiter(input)): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  let i = 0
  const endRow = () => {
    row.push(cell)
    if (row.length > 1 || row[0] !== '') rows.push(row)
    row = []
    cell = ''
  }
  while (i < text.length) {
    const char = text[i] as string
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"'
          i += 2
          continue
        }
        quoted = false
      } else cell += char
      i++
      continue
    }
    if (char === '"' && cell === '') quoted = true
    else if (char === delimiter) {
      row.push(cell)
      cell = ''
    } else if (char === '\n') endRow()
    else if (char === '\r') {
      if (text[i + 1] !== '\n') endRow()
    } else cell += char
    i++
  }
  if (quoted) throw new RangeError('A quoted cell is never closed')
  if (cell !== '' || row.length > 0) endRow()
  return rows
}

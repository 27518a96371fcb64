import type { OverUnder } from './bet'

/**
 * The selection text is what a bettor reads on a ticket: 'Lakers +3.5', 'Lakers -7', 'Over 8.5',
 * 'Under 220', 'Lakers ML', and 'Draw' for the soccer draw. It is composed from the parts here and parsed
 * back here, so that a suggestion can prefill the bet form.
 */
export type SelectionParts =
  | { betType: 'spread'; team: string; points: number }
  | { betType: 'total'; overUnder: OverUnder; points: number }
  | { betType: 'moneyline'; team: string }

/** The soccer three-way moneyline's third side (decision 004). */
export const DRAW = 'Draw'

/** Lines move in half points; anything else is a typo. */
export function isHalfPointStep(points: number): boolean {
  return Number.isFinite(points) && Number.isInteger(points * 2)
}

export function formatPoints(points: number): string {
  return String(points)
}

export function formatSignedPoints(points: number): string {
  return points > 0 ? `+${points}` : formatPoints(points)
}

export function composeSelection(parts: SelectionParts): string {
  switch (parts.betType) {
    case 'spread':
      return `${parts.team.trim()} ${formatSignedPoints(parts.points)}`
    case 'total':
      return `${parts.overUnder === 'over' ? 'Over' : 'Under'} ${formatPoints(parts.points)}`
    case 'moneyline':
      return parts.team.trim() === DRAW ? DRAW : `${parts.team.trim()} ML`
  }
}

const TOTAL = /^(over|under)\s+(\d+(?:\.\d+)?)$/i
const SPREAD = /^(.*\S)\s+(pk|[+-]?\d+(?:\.\d+)?)$/i
const MONEYLINE = /^(.*\S)\s+ml$/i

/**
 * Parses a selection back into its parts; null when the text fits no bet type. The bet type, when known,
 * settles the ambiguous cases: a moneyline on a team written without ' ML', or a team named 'Over'.
 */
export function parseSelection(text: string, betType?: SelectionParts['betType']): SelectionParts | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  const parsers = betType ? [PARSERS[betType]] : [parseTotal, parseMoneyline, parseSpread]
  for (const parse of parsers) {
    const parts = parse(trimmed, betType !== undefined)
    if (parts) return parts
  }
  return null
}

type Parser = (text: string, typeKnown: boolean) => SelectionParts | null

const parseTotal: Parser = (text) => {
  const match = TOTAL.exec(text)
  if (!match?.[1] || !match[2]) return null
  const points = Number(match[2])
  return isHalfPointStep(points) ? { betType: 'total', overUnder: overUnderOf(match[1]), points } : null
}

const parseSpread: Parser = (text) => {
  const match = SPREAD.exec(text)
  if (!match?.[1] || !match[2]) return null
  const points = /^pk$/i.test(match[2]) ? 0 : Number(match[2])
  return isHalfPointStep(points) ? { betType: 'spread', team: match[1], points } : null
}

const parseMoneyline: Parser = (text, typeKnown) => {
  if (text.toLowerCase() === DRAW.toLowerCase()) return { betType: 'moneyline', team: DRAW }
  const match = MONEYLINE.exec(text)
  if (match?.[1]) return { betType: 'moneyline', team: match[1] }
  return typeKnown ? { betType: 'moneyline', team: text } : null
}

const PARSERS: Record<SelectionParts['betType'], Parser> = {
  spread: parseSpread,
  total: parseTotal,
  moneyline: parseMoneyline,
}

function overUnderOf(word: string): OverUnder {
  return word.toLowerCase() === 'over' ? 'over' : 'under'
}

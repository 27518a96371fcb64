import { leagueLabel } from '../../../domain/leagues'
import { formatRoi, roiPercent } from '../../../domain/money'
import type { BetWithGame, Game } from '../../types'
import { centsOf, formatMoney, formatSignedMoney } from '../../ui/format'
import { betKindLabel, isTicket, legEventText, orderedLegs } from '../bets/ticket-view'
import { gameDateText, gameDay, type HistoryGame, isFinalGame, roiText } from './history-data'
import { shareFileName, slug } from './share-links'

/**
 * The share-a-win card (docs/spec/product-spec.md §2 and §9): a 1080 x 1080 PNG drawn on a canvas in the browser.
 * Money on it is whole dollars, ROI 1 decimal; the figures are the game's settled summary (decisions 002 and 007).
 */
export const SHARE_CARD_SIZE = 1080

/** What the card prints, already formatted: the drawing code never touches money. */
export interface ShareCardText {
  date: string
  /** The pill, top right: 'NFL · FINAL', 'PARLAY · WON'. */
  pill: string
  /** The matchup, or a ticket's kind and size: '3-Leg Parlay'. */
  title: string
  score: string | null
  /** Under the title: a game's winning tickets, or a ticket's legs (decision 067). */
  lines: string[]
  profit: string
  roi: string
  /** The figures under the profit, each named as a caption says it ('Record (W-L)'). */
  tiles: { name: string; value: string }[]
  /** The PNG's name (docs/spec/product-spec.md §9's 'grid-' prefix). */
  fileName: string
  productUrl: string
  contact: string
}

export function shareCardText(
  entry: HistoryGame,
  timeZone: string,
  productUrl: string,
  contact: string,
): ShareCardText {
  const { game, summary } = entry
  return {
    date: gameDateText(game, timeZone),
    pill: `${leagueLabel(game.sport)} · ${isFinalGame(game) ? 'FINAL' : 'SETTLED'}`,
    title: `${game.awayTeam} @ ${game.homeTeam}`,
    score: scoreText(game),
    lines: wonTickets(entry.bets),
    profit: formatSignedMoney(summary.net, 0),
    roi: roiText(summary),
    tiles: [
      { name: 'ROI', value: roiText(summary) },
      { name: 'Wagered', value: formatMoney(summary.wagered, 0) },
      {
        name: 'Record (W-L)',
        value: `${summary.won}-${summary.lost}${summary.push > 0 ? `-${summary.push}` : ''}`,
      },
    ],
    fileName: shareFileName(game.awayTeam, game.homeTeam, gameDay(game, timeZone)),
    productUrl: productUrl.replace(/^https?:\/\//, ''),
    contact,
  }
}

/** Decision 067: a won ticket's own card: its legs, its stake and what it paid. */
export function ticketShareCardText(
  bet: BetWithGame,
  timeZone: string,
  productUrl: string,
  contact: string,
): ShareCardText {
  const stake = centsOf(bet.amount)
  const payout = centsOf(bet.payout ?? '0')
  const legs = orderedLegs(bet)
  const shown = legs.slice(0, TICKET_LINES)
  return {
    date: gameDateText(bet.game, timeZone),
    pill: `${betKindLabel(bet)} · WON`,
    title: `${legs.length}-Leg ${betKindLabel(bet)}`,
    score: null,
    lines: [
      ...shown.map((leg) => `${leg.selection} · ${legEventText(leg)}`),
      ...(legs.length > shown.length ? [`and ${legs.length - shown.length} more`] : []),
    ],
    profit: formatSignedMoney(payout - stake, 0),
    roi: formatRoi(roiPercent(payout - stake, stake)),
    tiles: [
      { name: 'ROI', value: formatRoi(roiPercent(payout - stake, stake)) },
      { name: 'Stake', value: formatMoney(stake, 0) },
      { name: 'Paid', value: formatMoney(payout, 0) },
    ],
    fileName: `grid-win-${slug(betKindLabel(bet))}-${bet.id}-${gameDay(bet.game, timeZone)}.png`,
    productUrl: productUrl.replace(/^https?:\/\//, ''),
    contact,
  }
}

/** A ticket card lists this many legs, then how many more. */
const TICKET_LINES = 3

/** A game card's won tickets, each on a line: 'Parlay won +$282' (the two best). */
function wonTickets(bets: readonly BetWithGame[]): string[] {
  const won = bets
    .filter((bet) => isTicket(bet) && bet.result === 'won' && bet.payout !== null)
    .map((bet) => ({ bet, profit: centsOf(bet.payout ?? '0') - centsOf(bet.amount) }))
    .sort((a, b) => b.profit - a.profit)
  return won.slice(0, 2).map(({ bet, profit }) => `${betKindLabel(bet)} won ${formatSignedMoney(profit, 0)}`)
}

function scoreText(game: Game): string | null {
  if (!isFinalGame(game)) return null
  return `${game.awayScore ?? 0} - ${game.homeScore ?? 0}`
}

/** Thrown when the browser gives no 2D context: the caller shows 'Image generation failed'. */
export class NoCanvasError extends Error {
  override name = 'NoCanvasError'
}

/** Draws the card and returns its PNG data URL; throws NoCanvasError without a 2D context. */
export function renderShareCard(text: ShareCardText, doc: Document = document): string {
  const canvas = doc.createElement('canvas')
  canvas.width = SHARE_CARD_SIZE
  canvas.height = SHARE_CARD_SIZE
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new NoCanvasError('No 2D canvas context')
  drawShareCard(ctx, text)
  const url = canvas.toDataURL('image/png')
  // A tainted or failed canvas answers 'data:,' instead of throwing.
  if (!url.startsWith('data:image/png')) throw new Error('The canvas could not be converted to PNG')
  return url
}

const FONT = '"Inter", "Segoe UI", "Helvetica Neue", Helvetica, Arial, "Liberation Sans", sans-serif'
const COLORS = {
  bg: '#020617',
  bg2: '#0b1424',
  line: 'rgba(148, 163, 184, 0.07)',
  emerald: '#34d399',
  emeraldDeep: '#10b981',
  emeraldSoft: '#6ee7b7',
  red: '#f87171',
  text: '#f8fafc',
  muted: '#94a3b8',
  faint: '#64748b',
  tile: 'rgba(15, 23, 42, 0.88)',
  tileEdge: 'rgba(148, 163, 184, 0.22)',
}
const MARGIN = 84
const CONTENT = SHARE_CARD_SIZE - MARGIN * 2
/** The heat map behind the profit, right-aligned: text beside it stops short of it. */
const HEAT_MAP = {
  cell: 44,
  gap: 6,
  cells: 6,
  left: SHARE_CARD_SIZE - MARGIN - 6 * (44 + 6) + 6,
  top: 476,
}

export function drawShareCard(ctx: CanvasRenderingContext2D, text: ShareCardText): void {
  // A big profit runs into the heat map: the map then steps back so the figure stays the hero.
  ctx.font = `800 ${fittingSize(ctx, text.profit, CONTENT, 210, 90, 800)}px ${FONT}`
  const profitRight = MARGIN + ctx.measureText(text.profit).width
  drawBackground(ctx, profitRight)
  drawHeader(ctx, text)
  drawGame(ctx, text)
  drawProfit(ctx, text)
  drawStats(ctx, text)
  drawFooter(ctx, text)
}

function drawBackground(ctx: CanvasRenderingContext2D, profitRight: number) {
  const size = SHARE_CARD_SIZE
  const base = ctx.createLinearGradient(0, 0, size, size)
  base.addColorStop(0, COLORS.bg)
  base.addColorStop(1, COLORS.bg2)
  ctx.fillStyle = base
  ctx.fillRect(0, 0, size, size)

  // The brand motif: a faint square grid over the whole card.
  ctx.strokeStyle = COLORS.line
  ctx.lineWidth = 1
  for (let at = 0.5; at <= size; at += 60) {
    line(ctx, at, 0, at, size)
    line(ctx, 0, at, size, at)
  }

  // An outcome-grid heat map fading in behind the profit, green towards the winning corner.
  const { cell, gap, cells, left, top } = HEAT_MAP
  const fade = profitRight + 24 > left ? 0.4 : 1
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++) {
      const strength = (row + col) / (2 * (cells - 1))
      const winning = row + col >= cells - 1
      ctx.fillStyle = winning
        ? `rgba(16, 185, 129, ${(0.08 + strength * 0.3) * fade})`
        : `rgba(239, 68, 68, ${(0.08 + (1 - strength) * 0.14) * fade})`
      roundRect(ctx, left + col * (cell + gap), top + row * (cell + gap), cell, cell, 8)
      ctx.fill()
    }
  }

  // A soft glow where the profit sits.
  const glow = ctx.createRadialGradient(360, 640, 40, 360, 640, 560)
  glow.addColorStop(0, 'rgba(16, 185, 129, 0.22)')
  glow.addColorStop(1, 'rgba(16, 185, 129, 0)')
  ctx.fillStyle = glow
  ctx.fillRect(0, 0, size, size)

  // A thin frame with an emerald edge.
  ctx.strokeStyle = 'rgba(52, 211, 153, 0.35)'
  ctx.lineWidth = 2
  roundRect(ctx, 32, 32, size - 64, size - 64, 36)
  ctx.stroke()
}

function drawHeader(ctx: CanvasRenderingContext2D, text: ShareCardText) {
  // Logo mark: a 3 x 3 grid with one losing cell, the product in miniature.
  const mark = 20
  const gap = 5
  const top = 86
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      const losing = row === 0 && col === 2
      ctx.fillStyle = losing ? COLORS.red : row + col >= 2 ? COLORS.emerald : 'rgba(52, 211, 153, 0.55)'
      roundRect(ctx, MARGIN + col * (mark + gap), top + row * (mark + gap), mark, mark, 4)
      ctx.fill()
    }
  }
  const textLeft = MARGIN + 3 * (mark + gap) + 18
  ctx.textBaseline = 'alphabetic'
  ctx.textAlign = 'left'
  ctx.fillStyle = COLORS.text
  ctx.font = `800 64px ${FONT}`
  ctx.fillText('Grid', textLeft, top + 56)
  ctx.fillStyle = COLORS.muted
  ctx.font = `400 24px ${FONT}`
  ctx.fillText('your bets, your profits. visualized', MARGIN, top + 118)

  // League and status pill, top right.
  const pill = text.pill.toUpperCase()
  ctx.font = `700 24px ${FONT}`
  const width = Math.min(ctx.measureText(pill).width + 48, 420)
  const right = SHARE_CARD_SIZE - MARGIN
  ctx.fillStyle = 'rgba(16, 185, 129, 0.14)'
  roundRect(ctx, right - width, top + 6, width, 52, 26)
  ctx.fill()
  ctx.strokeStyle = 'rgba(52, 211, 153, 0.6)'
  ctx.lineWidth = 2
  ctx.stroke()
  ctx.fillStyle = COLORS.emeraldSoft
  ctx.textAlign = 'center'
  ctx.fillText(fitText(ctx, pill, width - 32), right - width / 2, top + 41)
  ctx.textAlign = 'left'
}

function drawGame(ctx: CanvasRenderingContext2D, text: ShareCardText) {
  ctx.fillStyle = COLORS.muted
  ctx.font = `600 28px ${FONT}`
  ctx.fillText(text.date.toUpperCase(), MARGIN, 300)

  const size = fittingSize(ctx, text.title, CONTENT, 60, 34, 700)
  ctx.fillStyle = COLORS.text
  ctx.font = `700 ${size}px ${FONT}`
  ctx.fillText(fitText(ctx, text.title, CONTENT), MARGIN, 372)

  if (text.score) {
    ctx.font = `600 26px ${FONT}`
    ctx.fillStyle = COLORS.faint
    ctx.fillText('FINAL SCORE', MARGIN, 432)
    const labelWidth = ctx.measureText('FINAL SCORE').width
    ctx.font = `800 40px ${FONT}`
    ctx.fillStyle = COLORS.text
    ctx.fillText(text.score, MARGIN + labelWidth + 20, 436)
  }
  // Below the score there is room for one line before the profit; without one, for three.
  const room = text.score ? 1 : 3
  ctx.font = `600 26px ${FONT}`
  ctx.fillStyle = COLORS.emeraldSoft
  text.lines.slice(0, room).forEach((value, i) => {
    const baseline = (text.score ? 486 : 424) + i * 38
    // A line level with the heat map (its descenders included) ends before it.
    const width = baseline + 8 < HEAT_MAP.top ? CONTENT : HEAT_MAP.left - MARGIN - 24
    ctx.fillText(fitText(ctx, value, width), MARGIN, baseline)
  })
}

function drawProfit(ctx: CanvasRenderingContext2D, text: ShareCardText) {
  ctx.fillStyle = COLORS.emeraldSoft
  ctx.font = `700 30px ${FONT}`
  ctx.fillText(spaced('PROFIT'), MARGIN, 548)

  const size = fittingSize(ctx, text.profit, CONTENT, 210, 90, 800)
  ctx.font = `800 ${size}px ${FONT}`
  ctx.save()
  ctx.shadowColor = 'rgba(16, 185, 129, 0.55)'
  ctx.shadowBlur = 48
  const gradient = ctx.createLinearGradient(0, 560, 0, 760)
  gradient.addColorStop(0, '#6ee7b7')
  gradient.addColorStop(1, COLORS.emeraldDeep)
  ctx.fillStyle = gradient
  ctx.fillText(text.profit, MARGIN - 6, 740)
  ctx.restore()
}

function drawStats(ctx: CanvasRenderingContext2D, text: ShareCardText) {
  // The first tile (the ROI) in the win's colour, the others plain.
  const tiles = text.tiles.map((tile, i) => ({ ...tile, color: i === 0 ? COLORS.emerald : COLORS.text }))
  const gap = 24
  const width = (CONTENT - gap * (tiles.length - 1)) / tiles.length
  const top = 792
  const height = 132
  tiles.forEach((tile, index) => {
    const left = MARGIN + index * (width + gap)
    ctx.fillStyle = COLORS.tile
    roundRect(ctx, left, top, width, height, 20)
    ctx.fill()
    ctx.strokeStyle = COLORS.tileEdge
    ctx.lineWidth = 2
    ctx.stroke()
    ctx.fillStyle = COLORS.muted
    ctx.font = `600 22px ${FONT}`
    ctx.fillText(spaced(tile.name.toUpperCase()), left + 28, top + 46)
    const size = fittingSize(ctx, tile.value, width - 56, 52, 28, 800)
    ctx.font = `800 ${size}px ${FONT}`
    ctx.fillStyle = tile.color
    ctx.fillText(tile.value, left + 28, top + 106)
  })
}

function drawFooter(ctx: CanvasRenderingContext2D, text: ShareCardText) {
  ctx.strokeStyle = 'rgba(148, 163, 184, 0.18)'
  ctx.lineWidth = 2
  line(ctx, MARGIN, 962, SHARE_CARD_SIZE - MARGIN, 962)
  ctx.font = `600 24px ${FONT}`
  ctx.fillStyle = COLORS.emeraldSoft
  ctx.textAlign = 'left'
  ctx.fillText(fitText(ctx, text.productUrl, CONTENT / 2 - 12), MARGIN, 1004)
  ctx.fillStyle = COLORS.muted
  ctx.font = `400 24px ${FONT}`
  ctx.textAlign = 'right'
  ctx.fillText(fitText(ctx, text.contact, CONTENT / 2 - 12), SHARE_CARD_SIZE - MARGIN, 1004)
  ctx.textAlign = 'left'
}

/** The largest font size (stepping down by 2) at which the text fits the width. */
function fittingSize(
  ctx: CanvasRenderingContext2D,
  value: string,
  width: number,
  max: number,
  min: number,
  weight: number,
): number {
  for (let size = max; size > min; size -= 2) {
    ctx.font = `${weight} ${size}px ${FONT}`
    if (ctx.measureText(value).width <= width) return size
  }
  return min
}

/** The text cut with an ellipsis to fit the width in the current font. */
function fitText(ctx: CanvasRenderingContext2D, value: string, width: number): string {
  if (ctx.measureText(value).width <= width) return value
  let cut = value
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1)
  return `${cut.trimEnd()}…`
}

/** Letter-spaced caps for labels (canvas letterSpacing is not everywhere yet). */
function spaced(label: string): string {
  return label.split('').join('\u200A')
}

function line(ctx: CanvasRenderingContext2D, x1: number, y1: number, x2: number, y2: number) {
  ctx.beginPath()
  ctx.moveTo(x1, y1)
  ctx.lineTo(x2, y2)
  ctx.stroke()
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath()
  ctx.moveTo(x + r, y)
  ctx.arcTo(x + w, y, x + w, y + h, r)
  ctx.arcTo(x + w, y + h, x, y + h, r)
  ctx.arcTo(x, y + h, x, y, r)
  ctx.arcTo(x, y, x + w, y, r)
  ctx.closePath()
}

import type { CalendarDay } from '../../../domain/calendar'
import type { ShareCardText } from './share-card'

/**
 * What goes with a shared win: the PNG's file name (docs/spec/product-spec.md §9, 'grid-' prefix plus
 * 'win-{away}-vs-{home}', with the game's day so two wins of the same matchup do not collide), the
 * prefilled text of the three share pages, and the photo-app caption.
 */
export function shareFileName(away: string, home: string, day: CalendarDay): string {
  return `grid-win-${slug(away)}-vs-${slug(home)}-${day}.png`
}

/** 'St. Louis Cardinals' -> 'st-louis-cardinals'; accents folded, anything else dropped. */
export function slug(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return folded || 'team'
}

export function shareText(card: ShareCardText): string {
  const score = card.score ? ` (${card.score})` : ''
  return `Cashed ${card.profit} (${card.roi} ROI) on ${card.title}${score}. Tracked with Grid: your bets, your profits. visualized.`
}

export interface ShareLink {
  site: string
  label: string
  href: string
}

/** The microblogging site, the social network and the forum site, each with the text prefilled. */
export function shareLinks(card: ShareCardText, productUrl: string): ShareLink[] {
  const text = shareText(card)
  const q = encodeURIComponent
  return [
    {
      site: 'twitter',
      label: 'Share on X (Twitter)',
      href: `https://twitter.com/intent/tweet?text=${q(text)}&url=${q(productUrl)}`,
    },
    {
      site: 'facebook',
      label: 'Share on Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${q(productUrl)}&quote=${q(text)}`,
    },
    {
      site: 'reddit',
      label: 'Share on Reddit',
      href: `https://www.reddit.com/submit?title=${q(text)}&url=${q(productUrl)}`,
    },
  ]
}

/** The photo app takes no links: its caption is copied for the user to paste under the image. */
export function instagramCaption(card: ShareCardText, productUrl: string): string {
  const score = card.score ? `Final: ${card.score}\n` : ''
  return [
    `${card.profit} on ${card.title} 💰`,
    `${score}${card.tiles.map((tile) => `${tile.name} ${tile.value}`).join(' · ')}`,
    '',
    `Tracked with Grid: your bets, your profits. visualized. ${productUrl.replace(/^https?:\/\//, '')}`,
    '',
    '#sportsbetting #bettingtracker #winning #grid',
  ].join('\n')
}

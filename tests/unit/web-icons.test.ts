import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ActiveBetGameCard } from '../../src/web/features/bets/active-bet-game-card'
import { LeagueSection } from '../../src/web/features/games/league-section'
import { groupByLeague } from '../../src/web/features/games/todays-games'
import type { ListedGame } from '../../src/web/types'
import { apiBet, apiGame } from '../support/web-fixtures'

/**
 * League icons and the delete icon are SVG that ships with the app. An emoji needs an
 * emoji font: on a system without one it was an empty box.
 */
const EMOJI = /\p{Extended_Pictographic}/u

const listed = (sport: string, id: number): ListedGame => ({ ...apiGame({ id, sport }), bets: [] })

describe('the icons', () => {
  it('draws each league section with an SVG icon and no emoji, a stadium for an unknown league', () => {
    const groups = groupByLeague([
      listed('NFL', 1),
      listed('MLB', 2),
      listed('ENG.1', 3),
      listed('CRICKET', 4),
    ])
    for (const group of groups) {
      const html = renderToStaticMarkup(
        createElement(LeagueSection, { group, open: false, onToggle: () => {}, onOpenGame: () => {} }),
      )
      expect(html, group.code).toContain('<svg aria-hidden="true"')
      expect(html, group.code).not.toMatch(EMOJI)
    }
  })

  it("draws the active bet card's league and delete button with SVG, the button named in words", () => {
    const game = apiGame({ status: 'STATUS_SCHEDULED', gameStatus: 'scheduled' })
    const bet = apiBet(game, { betStatus: 'tentative', result: null })
    const html = renderToStaticMarkup(
      createElement(ActiveBetGameCard, { game, bets: [bet], onDelete: () => {} }),
    )
    expect(html).toContain(`aria-label="Delete bet ${bet.selection}"`)
    expect(html.match(/<svg aria-hidden="true"/g)).toHaveLength(2)
    expect(html).not.toMatch(EMOJI)
  })
})

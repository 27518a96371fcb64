/**
 * Which game a bet from elsewhere (an imported file, a synced sportsbook) is on: by league, day and team
 * names, the way bettors and books write them. Names are folded (case, accents, punctuation,
 * '&', club suffixes such as 'FC'), city shorthands expanded ('LA Rams', 'NY Giants'), a few well-known
 * nicknames mapped ('Man United', 'Spurs'), and then compared with the league's own team list: the day's
 * games, each with its full names and abbreviations. Pure; the server supplies the candidates.
 */
export interface CandidateGame {
  id: number
  homeTeam: string
  awayTeam: string
  homeAbbreviation?: string | null
  awayAbbreviation?: string | null
}

/** The teams as the row gives them: away and home when the order is known ('A @ B'), else just two names. */
export interface TeamsQuery {
  teams: string[]
  /** True when teams[0] is the away side and teams[1] the home side. */
  ordered: boolean
}

export type GameMatch<G extends CandidateGame> =
  | { kind: 'matched'; game: G }
  | { kind: 'none'; reason: string }
  | { kind: 'ambiguous'; games: G[]; reason: string }

const CLUB_WORDS = new Set(['fc', 'sc', 'cf', 'afc', 'ac', 'ssc', 'fk', 'sv', 'cd', 'ud', 'the'])

/** City shorthands books use, expanded when they lead a name ('LA Rams', 'NY Knicks', 'KC Chiefs'). */
const PREFIXES: Readonly<Record<string, string>> = {
  la: 'los angeles',
  ny: 'new york',
  nj: 'new jersey',
  sf: 'san francisco',
  sd: 'san diego',
  tb: 'tampa bay',
  kc: 'kansas city',
  gs: 'golden state',
  no: 'new orleans',
  okc: 'oklahoma city',
  st: 'saint',
  man: 'manchester',
}

/** Nicknames that neither a prefix nor a word of the full name gives (folded form on both sides). */
const NICKNAMES: Readonly<Record<string, string>> = {
  'man u': 'manchester united',
  'man utd': 'manchester united',
  'manchester utd': 'manchester united',
  spurs: 'tottenham hotspur',
  wolves: 'wolverhampton wanderers',
  forest: 'nottingham forest',
  psg: 'paris saint germain',
  barca: 'barcelona',
  inter: 'internazionale',
  'inter milan': 'internazionale',
  gladbach: 'borussia monchengladbach',
  'bayern munchen': 'bayern munich',
  koln: 'cologne',
  'athletic bilbao': 'athletic club',
  niners: 'san francisco 49ers',
  sixers: 'philadelphia 76ers',
  habs: 'montreal canadiens',
  'red bulls': 'red bull new york',
}

/** Lower case, no accents or punctuation, '&' as 'and', club words (FC, SC, AC...) dropped. */
export function foldTeamName(name: string): string {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[.'’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
  const words = plain.split(' ').filter((word) => word !== '' && !CLUB_WORDS.has(word))
  return words.join(' ')
}

/**
 * Names repeat across a file's rows and a day's games: their forms are kept (a bounded memo, pure), which
 * makes matching 10,000 rows a matter of milliseconds.
 */
const FORMS = new Map<string, string[]>()
const FORMS_KEPT = 20_000

/** The forms a written name can stand for: as folded, with its city shorthand expanded, its nickname. */
export function nameForms(name: string): string[] {
  const known = FORMS.get(name)
  if (known) return known
  const forms = computeForms(name)
  if (FORMS.size >= FORMS_KEPT) FORMS.clear()
  FORMS.set(name, forms)
  return forms
}

function computeForms(name: string): string[] {
  const folded = foldTeamName(name)
  if (folded === '') return []
  const forms = new Set([folded])
  const [first, ...rest] = folded.split(' ')
  const expanded = first && PREFIXES[first] && rest.length > 0 ? `${PREFIXES[first]} ${rest.join(' ')}` : null
  if (expanded) forms.add(expanded)
  for (const form of [...forms]) {
    const nickname = NICKNAMES[form]
    if (nickname) forms.add(nickname)
  }
  return [...forms]
}

/**
 * How well a written name fits a team: 3 the full name or the abbreviation, 2 a leading or trailing part
 * of the full name ('Lakers', 'Boston', 'Bayern'), 1 every word found in the name ('Brighton Hove
 * Albion'), 0 not this team.
 */
export function teamFit(written: string, team: string, abbreviation?: string | null): number {
  const forms = nameForms(written)
  const fulls = nameForms(team)
  const abbr = abbreviation ? (nameForms(abbreviation)[0] ?? null) : null
  let best = 0
  for (const form of forms) {
    if (abbr !== null && form === abbr && !form.includes(' ')) return 3
    for (const full of fulls) {
      if (form === full) return 3
      if (full.endsWith(` ${form}`) || full.startsWith(`${form} `)) best = Math.max(best, 2)
      else {
        const words = full.split(' ')
        if (form.split(' ').every((word) => words.includes(word))) best = Math.max(best, 1)
      }
    }
  }
  return best
}

/** Which side of a game a written team name is; null when it fits neither or both equally. */
export function sideOf(written: string, game: CandidateGame): 'home' | 'away' | null {
  const home = teamFit(written, game.homeTeam, game.homeAbbreviation)
  const away = teamFit(written, game.awayTeam, game.awayAbbreviation)
  if (home === away) return null
  return home > away ? 'home' : 'away'
}

/**
 * 'Away @ Home', 'Away at Home' (ordered), 'A vs B', 'A v B', 'A - B' (order unknown: books differ); null
 * when the text names no two teams.
 */
export function parseEvent(event: string): TeamsQuery | null {
  const text = event.trim()
  const ordered = /^(.+?)\s*@\s*(.+)$/.exec(text) ?? /^(.+?)\s+at\s+(.+)$/i.exec(text)
  if (ordered?.[1] && ordered[2]) return { teams: [ordered[1].trim(), ordered[2].trim()], ordered: true }
  const pair = /^(.+?)\s+(?:vs\.?|v\.?|versus|-|–)\s+(.+)$/i.exec(text)
  if (pair?.[1] && pair[2]) return { teams: [pair[1].trim(), pair[2].trim()], ordered: false }
  return null
}

/**
 * The one game among the candidates the teams name. Both orders are tried (a file may list home first);
 * the written order wins a tie. No game, or more than one fitting equally well, is said with the reason.
 */
export function matchGame<G extends CandidateGame>(
  query: TeamsQuery,
  candidates: readonly G[],
): GameMatch<G> {
  const names = query.teams.filter((team) => team.trim() !== '')
  if (names.length === 0) return { kind: 'none', reason: 'The row names no teams' }
  if (candidates.length === 0) return { kind: 'none', reason: 'No games in this league on this day' }
  let best = 0
  let found: G[] = []
  for (const game of candidates) {
    const score = gameScore(names, query.ordered, game)
    if (score === 0 || score < best) continue
    if (score > best) {
      best = score
      found = []
    }
    found.push(game)
  }
  const [only] = found
  if (found.length === 1 && only) return { kind: 'matched', game: only }
  if (found.length === 0)
    return { kind: 'none', reason: `No game on this day between ${names.join(' and ')}` }
  return {
    kind: 'ambiguous',
    games: found,
    reason: `${found.length} games on this day fit ${names.join(' and ')}`,
  }
}

/**
 * The games the written teams come closest to first, each keeping its place among equals (an
 * unmatched row lists only a few, so the game sharing a team with the row must be among them).
 */
export function closestGames<G extends CandidateGame>(query: TeamsQuery, candidates: readonly G[]): G[] {
  const names = query.teams.filter((team) => team.trim() !== '')
  const closeness = (game: G) =>
    names.reduce(
      (sum, name) =>
        sum +
        Math.max(
          teamFit(name, game.homeTeam, game.homeAbbreviation),
          teamFit(name, game.awayTeam, game.awayAbbreviation),
        ),
      0,
    )
  return candidates
    .map((game, index) => ({ game, index, fit: closeness(game) }))
    .sort((a, b) => b.fit - a.fit || a.index - b.index)
    .map(({ game }) => game)
}

function gameScore(names: string[], ordered: boolean, game: CandidateGame): number {
  const home = (name: string) => teamFit(name, game.homeTeam, game.homeAbbreviation)
  const away = (name: string) => teamFit(name, game.awayTeam, game.awayAbbreviation)
  const [first = '', second] = names
  if (second === undefined) return Math.max(home(first), away(first)) * 4
  // Both fits summed (up to 6) times 2, plus one for the written order: an exact pair always wins.
  const pair = (a: number, b: number, bonus: number) => (Math.min(a, b) === 0 ? 0 : (a + b) * 2 + bonus)
  return Math.max(pair(away(first), home(second), ordered ? 1 : 0), pair(home(first), away(second), 0))
}

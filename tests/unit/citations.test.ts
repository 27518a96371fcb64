import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Every citation in the code, the tests and the docs resolves to a file a clone has: `decision 013`
 * to docs/decisions/013-*.md, `docs/spec/product-spec.md §9` to that file's heading `## 9.`.
 * The old forms (a bare D-number, a ticket number) pointed at documents outside the repository.
 */
const root = join(import.meta.dirname, '..', '..')
const CODE = /\.(ts|tsx|js|mjs|cjs|css|html)$/

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    // Fixtures are recorded feed data: their hex colours are not citations.
    if (name === 'fixtures' || name === 'node_modules') return []
    if (statSync(path).isDirectory()) return filesUnder(path, keep)
    return keep(name) ? [path] : []
  })
}

// The history says which ticket did what; everywhere else a citation says why.
const docs = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md') && name !== 'HISTORY.md')
  .map((name) => join(root, 'docs', name))
const sources = [
  ...filesUnder(join(root, 'src'), (name) => CODE.test(name)),
  ...filesUnder(join(root, 'tests'), (name) => CODE.test(name)),
  ...docs,
  join(root, 'README.md'),
]

const decisionFiles = new Set(readdirSync(join(root, 'docs', 'decisions')).map((name) => name.slice(0, 3)))
const specHeadings = new Set(
  [...readFileSync(join(root, 'docs', 'spec', 'product-spec.md'), 'utf8').matchAll(/^## (\d+)\./gm)].map(
    (m) => m[1],
  ),
)

interface Hit {
  where: string
  text: string
}

function hits(pattern: RegExp, accept: (match: RegExpMatchArray) => boolean): Hit[] {
  return sources.flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        [...line.matchAll(pattern)]
          .filter((m) => !accept(m))
          .map((m) => ({ where: `${relative(root, path)}:${i + 1}`, text: m[0] })),
      ),
  )
}

// `decision 013`, `decisions 002 and 007`, `decisions 013, 016 or 017`
const numbersOf = (list: string) => [...list.matchAll(/\d+/g)].map((m) => m[0])

describe('citations resolve inside the repository', () => {
  it('cites no decision by a bare D-number', () => {
    expect(hits(/\bD[1-9][0-9]?\b/g, () => false)).toEqual([])
  })

  it('cites no ticket', () => {
    expect(hits(/\bissues? #?[0-9]+/gi, () => false)).toEqual([])
  })

  it('cites only decisions that have a file in docs/decisions', () => {
    const pattern = /\bdecisions? (\d{3}(?:(?:, | and | or |-)\d{3})*)/gi
    expect(hits(pattern, (m) => numbersOf(m[1] ?? '').every((n) => decisionFiles.has(n)))).toEqual([])
  })

  it('cites the spec by its file, and only sections the copied spec has', () => {
    expect(hits(/\bspec(?:'s)? sections? \d+/gi, () => false)).toEqual([])
    const pattern = /docs\/spec\/product-spec\.md (§\d+(?:(?:, and |, | and | or )§\d+)*)/g
    expect(hits(pattern, (m) => numbersOf(m[1] ?? '').every((n) => specHeadings.has(n)))).toEqual([])
  })

  it('numbers every decision file NNN-name.md, once', () => {
    const names = readdirSync(join(root, 'docs', 'decisions')).filter((name) => name !== 'README.md')
    for (const name of names) expect(name).toMatch(/^\d{3}-[a-z0-9-]+\.md$/)
    expect(new Set(names.map((name) => name.slice(0, 3))).size).toBe(names.length)
    expect(existsSync(join(root, 'docs', 'decisions', 'README.md'))).toBe(true)
  })
})

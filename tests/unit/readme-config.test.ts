import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { CONFIG_GROUPS } from '../../src/server/config'

/**
 * The README's configuration tables are the operator's reference: one table per group of
 * src/server/config/, one row per variable with its default and meaning. They are held to the schemas,
 * as tests/api/openapi.test.ts holds the API reference to the routes, so a setting added, renamed or
 * given another default cannot leave the README behind.
 */
interface Row {
  group: string
  variable: string
  default: string
  meaning: string
}

type Group = keyof typeof CONFIG_GROUPS

/** What the default column says: the default value, or what being unset means (`whenUnset`). */
function shownDefault(field: z.ZodType): string {
  const told = field.meta()?.whenUnset
  if (typeof told === 'string') return told
  const def = field._zod.def as {
    type: string
    defaultValue?: unknown
    in?: z.ZodType
    innerType?: z.ZodType
  }
  if (def.type === 'default') return `\`${String(def.defaultValue)}\``
  if (def.type === 'pipe' && def.in) return shownDefault(def.in)
  if (def.type === 'optional' && def.innerType) return shownDefault(def.innerType)
  return 'unset'
}

function schemaRows(): Row[] {
  return (Object.keys(CONFIG_GROUPS) as Group[]).flatMap((group) =>
    Object.entries(CONFIG_GROUPS[group].in.shape as Record<string, z.ZodType>).map(([variable, field]) => ({
      group,
      variable,
      default: shownDefault(field),
      meaning: field.description ?? '',
    })),
  )
}

function readmeRows(): Row[] {
  const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8')
  const start = readme.indexOf('## Configuration')
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1))
  const rows: Row[] = []
  let group = ''
  for (const line of section.split('\n')) {
    const heading = /^### `(\w+)`/.exec(line)
    if (heading?.[1]) group = heading[1]
    const row = /^\| `([A-Z0-9_]+)` \| (.+?) \| (.+) \|$/.exec(line)
    if (row?.[1] && row[2] && row[3]) rows.push({ group, variable: row[1], default: row[2], meaning: row[3] })
  }
  return rows
}

describe("the README's configuration tables", () => {
  it('have a row for every variable of every group, with its default and meaning, and no other', () => {
    expect(readmeRows()).toEqual(schemaRows())
  })

  it('describe every variable', () => {
    expect(schemaRows().filter((row) => row.meaning === '')).toEqual([])
  })
})

import { afterEach, beforeEach, vi } from 'vitest'

// A test that makes the code log an error it did not expect fails (STYLE.md, after Epic Stack).
let errors: unknown[][] = []

beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})

afterEach(() => {
  vi.mocked(console.error).mockRestore()
  if (errors.length > 0) {
    throw new Error(`console.error was called unexpectedly:\n${errors.map((a) => a.join(' ')).join('\n')}`)
  }
})

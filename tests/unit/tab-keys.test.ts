import { describe, expect, it } from 'vitest'
import { tabKeyTarget } from '../../src/web/ui/tab-keys'

describe('tabKeyTarget', () => {
  it('steps with the arrows and wraps at both ends', () => {
    expect(tabKeyTarget('ArrowRight', 0, 3)).toBe(1)
    expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0)
    expect(tabKeyTarget('ArrowLeft', 2, 3)).toBe(1)
    expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2)
  })

  it('jumps to the ends with Home and End', () => {
    expect(tabKeyTarget('Home', 2, 4)).toBe(0)
    expect(tabKeyTarget('End', 0, 4)).toBe(3)
  })

  it('leaves every other key to the browser', () => {
    for (const key of ['Enter', ' ', 'Tab', 'ArrowDown', 'a']) expect(tabKeyTarget(key, 1, 3)).toBeNull()
  })
})

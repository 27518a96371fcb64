/**
 * The keys of the WAI-ARIA tabs pattern, for every tablist of the app: ArrowRight and ArrowLeft step and
 * wrap around, Home and End jump to the ends. The index a key moves to, or null for any other key.
 */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  const last = count - 1
  switch (key) {
    case 'ArrowRight':
      return index >= last ? 0 : index + 1
    case 'ArrowLeft':
      return index <= 0 ? last : index - 1
    case 'Home':
      return 0
    case 'End':
      return last
    default:
      return null
  }
}

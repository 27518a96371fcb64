import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/**
 * A component loaded on first use (React.lazy over a named export): the rarely opened screens, the bet
 * form and the Grid's windowed table stay out of the first page's bundle. The caller renders it inside a
 * Suspense boundary: ui's Loading, or what holds its place (the Grid's placeholder).
 */
export function lazyNamed<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => ({ default: await load() }))
}

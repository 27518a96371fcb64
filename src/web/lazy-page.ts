import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/**
 * A component loaded on first use (React.lazy over a named export): the rarely opened screens, the bet
 * form and the Grid stay out of the first page's bundle. The caller renders it inside ui's Loading.
 */
export function lazyNamed<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => ({ default: await load() }))
}

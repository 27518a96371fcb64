import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/**
 * A screen loaded on first use (React.lazy): the rarely opened screens stay out of the first page's
 * bundle. The app renders them inside a Suspense with a spinner.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }))
}

// React.lazy for modules with named exports: every page is its own chunk, loaded on first visit.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

export function lazyPage<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await load())[name] }))
}

import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** The props a component takes. */
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * React.lazy for a module's named export (the codebase has no default exports), with `preload()`,
 * which starts fetching the module's chunk before the component first renders, so a step the user is
 * about to reach is ready when they do. A failed preload is left to the render, which loads again
 * and shows the route's error page if that fails too.
 */
export function lazyNamed<M extends Record<K, ComponentType<never>>, K extends string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType<PropsOf<M[K]>>> & { preload: () => void } {
  const component = lazy(async () => ({ default: (await load())[name] as ComponentType<PropsOf<M[K]>> }));
  return Object.assign(component, { preload: () => void load().catch(() => undefined) });
}

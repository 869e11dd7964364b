import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy allows
type AnyComponent = ComponentType<any>;

/**
 * A component loaded on demand: its module becomes a chunk of its own that the first visit does not load.
 * For named exports (React.lazy wants a default one): `lazyNamed(() => import('./pages/Rules.js'), 'Rules')`.
 */
export function lazyNamed<M extends { [P in K]: AnyComponent }, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

import { createElement, lazy, type ComponentType } from 'react';

/** A React.lazy component that can also be fetched ahead of time (on intent, or when idle). */
export type PreloadableComponent<Props> = ComponentType<Props> & {
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy` over a named export, with `preload()`: the chunk is fetched once, whoever asks first.
 * React keeps a lazy component's failure for good, so after a failed fetch the next `preload()` (a
 * press on a stand-in, an idle preload) starts over with a fresh one: the next render after an error
 * boundary is reset then tries again. A failure alone never refetches, so offline there is no loop.
 */
export function lazyWithPreload<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): PreloadableComponent<Props> {
  const fresh = () => lazy(() => preload().then((component) => ({ default: component })));
  let pending: Promise<ComponentType<Props>> | null = null;
  let failed = false;
  let current = fresh();
  function preload() {
    if (!pending) {
      if (failed) current = fresh();
      failed = false;
      pending = load().catch((error: unknown) => {
        pending = null;
        failed = true;
        throw error;
      });
    }
    return pending;
  }
  const Component = (props: Props) => createElement(current, props);
  return Object.assign(Component, { preload });
}

/**
 * Fetches chunks the page will probably need next once the browser is idle, so a dialog or a view
 * opens at once without being part of the first load. Failures are ignored: the component's own
 * render fetches (and reports) again. Returns a cancel function for an effect's cleanup.
 */
export function preloadWhenIdle(...preloads: Array<() => Promise<unknown>>): () => void {
  const run = () => {
    for (const preload of preloads) void preload().catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 3_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, 1_000);
  return () => window.clearTimeout(timer);
}

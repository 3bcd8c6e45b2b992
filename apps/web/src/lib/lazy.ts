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
 * How long after the page's `load` the idle preloads wait. The first seconds after a page loads are
 * when a slow phone is still drawing what the reads brought and the person starts to read and tap;
 * evaluating the dialogs' chunks and zod then (about 500 ms of script at Lighthouse's 4× slowdown)
 * delays both. A dialog opened sooner loads its own chunk on demand, as without a preload.
 */
export const PRELOAD_AFTER_LOAD_MS = 3_000;

let settled: Promise<void> | undefined;

/** Resolves PRELOAD_AFTER_LOAD_MS after the page's `load` event (at once counted from now if past). */
function pageSettled(): Promise<void> {
  settled ??= new Promise((resolve) => {
    const wait = () => window.setTimeout(resolve, PRELOAD_AFTER_LOAD_MS);
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
  });
  return settled;
}

/** Runs `task` when the browser is idle (or after a second where it cannot say); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 3_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 1_000);
  return () => window.clearTimeout(timer);
}

/**
 * Fetches chunks the page will probably need next, so a dialog or a view opens at once without being
 * part of the first load: once the page has settled (PRELOAD_AFTER_LOAD_MS after `load`), one chunk
 * per idle period, so no single long task holds the page. Failures are ignored: the component's own
 * render fetches (and reports) again. Returns a cancel function for an effect's cleanup.
 */
export function preloadWhenIdle(...preloads: Array<() => Promise<unknown>>): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const next = (index: number) => {
    if (cancelled || index >= preloads.length) return;
    cancelIdle = whenIdle(() => {
      if (cancelled) return;
      void preloads[index]!().catch(() => undefined);
      next(index + 1);
    });
  };
  void pageSettled().then(() => next(0));
  return () => {
    cancelled = true;
    cancelIdle();
  };
}

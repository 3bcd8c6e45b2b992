import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The page's "settled" moment is kept per module, so each test loads a fresh copy.
async function freshLazy() {
  vi.resetModules();
  return import('./lazy');
}

describe('preloadWhenIdle', () => {
  let idle: Array<() => void>;

  beforeEach(() => {
    vi.useFakeTimers();
    idle = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => {
      idle[handle - 1] = () => {};
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** Runs the idle callbacks queued so far (as a browser would in its next idle period). */
  async function idlePeriod() {
    const tasks = idle.splice(0);
    for (const task of tasks) task();
    await vi.advanceTimersByTimeAsync(0);
  }

  it('waits until the page has settled after load, then preloads one chunk per idle period', async () => {
    const { preloadWhenIdle, PRELOAD_AFTER_LOAD_MS } = await freshLazy();
    const first = vi.fn(() => Promise.resolve());
    const second = vi.fn(() => Promise.resolve());
    preloadWhenIdle(first, second);

    await vi.advanceTimersByTimeAsync(PRELOAD_AFTER_LOAD_MS - 1);
    await idlePeriod();
    expect(first).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    await idlePeriod();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();

    await idlePeriod();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('counts from load when the page is still loading', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const { preloadWhenIdle, PRELOAD_AFTER_LOAD_MS } = await freshLazy();
    const chunk = vi.fn(() => Promise.resolve());
    preloadWhenIdle(chunk);

    await vi.advanceTimersByTimeAsync(PRELOAD_AFTER_LOAD_MS * 2);
    await idlePeriod();
    expect(chunk).not.toHaveBeenCalled();

    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(PRELOAD_AFTER_LOAD_MS);
    await idlePeriod();
    expect(chunk).toHaveBeenCalledTimes(1);
    readyState.mockRestore();
  });

  it('preloads nothing more once cancelled, and ignores a failed chunk', async () => {
    const { preloadWhenIdle, PRELOAD_AFTER_LOAD_MS } = await freshLazy();
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const later = vi.fn(() => Promise.resolve());
    const never = vi.fn(() => Promise.resolve());
    const cancel = preloadWhenIdle(failing, later);
    const cancelAtOnce = preloadWhenIdle(never);
    cancelAtOnce();

    await vi.advanceTimersByTimeAsync(PRELOAD_AFTER_LOAD_MS);
    await idlePeriod();
    expect(failing).toHaveBeenCalledTimes(1);
    cancel();
    await idlePeriod();
    expect(later).not.toHaveBeenCalled();
    expect(never).not.toHaveBeenCalled();
  });
});

describe('lazyWithPreload', () => {
  it('fetches once whoever asks first, and starts over after a failure', async () => {
    const { lazyWithPreload } = await freshLazy();
    const Component = () => null;
    const load = vi
      .fn<() => Promise<typeof Component>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Component);
    const Lazy = lazyWithPreload(load);

    const failed = Lazy.preload();
    expect(Lazy.preload()).toBe(failed);
    await expect(failed).rejects.toThrow('offline');

    await expect(Lazy.preload()).resolves.toBe(Component);
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

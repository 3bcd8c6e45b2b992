import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('moves on at the turn of each minute, not a minute after the page opened', () => {
    vi.setSystemTime(new Date('2026-03-10T05:19:45.000Z'));
    const { result } = renderHook(() => useNow());
    expect(result.current.toISOString()).toBe('2026-03-10T05:19:45.000Z');
    act(() => {
      vi.advanceTimersByTime(14_999);
    });
    expect(result.current.toISOString()).toBe('2026-03-10T05:19:45.000Z');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.toISOString()).toBe('2026-03-10T05:20:00.000Z');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(result.current.toISOString()).toBe('2026-03-10T05:21:00.000Z');
  });

  it('is current at once when the page is shown again after its timers slept', () => {
    vi.setSystemTime(new Date('2026-03-10T05:00:10.000Z'));
    const { result } = renderHook(() => useNow());
    // The tab was in the background for 25 minutes and no timer ran.
    vi.setSystemTime(new Date('2026-03-10T05:25:10.000Z'));
    expect(result.current.toISOString()).toBe('2026-03-10T05:00:10.000Z');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current.toISOString()).toBe('2026-03-10T05:25:10.000Z');
    // The next turn is counted from then: 05:26:00.
    act(() => {
      vi.advanceTimersByTime(50_000);
    });
    expect(result.current.toISOString()).toBe('2026-03-10T05:26:00.000Z');
  });

  it('is not drawn again when the page is shown within the same minute, or first loads', () => {
    vi.setSystemTime(new Date('2026-03-10T05:00:10.000Z'));
    let renders = 0;
    renderHook(() => {
      renders += 1;
      return useNow();
    });
    const before = renders;
    vi.setSystemTime(new Date('2026-03-10T05:00:40.000Z'));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    });
    expect(renders).toBe(before);
  });

  it('stops when the screen goes', () => {
    vi.setSystemTime(new Date('2026-03-10T05:00:00.000Z'));
    const { unmount } = renderHook(() => useNow());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

import { useState } from 'react';

/**
 * useState that outlives its screen in this browser tab: a change of language draws every screen
 * anew (RedrawOnLanguageChange), and a reload starts the page again, and a choice the person made
 * (a session's length, a day) should survive both. The value is kept in sessionStorage under `key`
 * (this tab only; none when `key` is null). `read` turns what was stored back into a value, or
 * undefined when it no longer fits (a day that has passed), and `initial` is used instead.
 */
export function useTabState<T>(
  key: string | null,
  initial: T,
  read: (stored: unknown) => T | undefined,
): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => {
    if (key === null) return initial;
    try {
      const stored = window.sessionStorage.getItem(key);
      return (stored === null ? undefined : read(JSON.parse(stored))) ?? initial;
    } catch {
      return initial;
    }
  });
  const set = (next: T) => {
    setValue(next);
    if (key === null) return;
    try {
      window.sessionStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or refused (a private window): the choice lasts as long as the screen.
    }
  };
  return [value, set];
}

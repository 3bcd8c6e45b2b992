import { useCallback, useSyncExternalStore } from 'react';

/** The specification's mobile breakpoint: 768 px or less. */
export const SMALL_SCREEN = '(max-width: 768px)';

/** Whether a CSS media query matches now; false where the browser cannot tell (tests, old engines). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

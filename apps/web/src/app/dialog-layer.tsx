import { Suspense, useState, type ReactNode } from 'react';
import { ErrorBoundary } from './error-boundary';

/**
 * A dialog opened from a menu: `open()` shows what `render` draws (a lazy dialog, fetched then),
 * inside its own error boundary, until the dialog calls the `close` it was given. `render` may draw
 * nothing (no one signed in), and then the layer is empty.
 */
export function useDialogLayer(
  region: string,
  render: (close: () => void) => ReactNode,
): { open: () => void; layer: ReactNode } {
  const [shown, setShown] = useState(false);
  const dialog = shown ? render(() => setShown(false)) : null;
  return {
    open: () => setShown(true),
    layer: dialog ? (
      <ErrorBoundary region={region}>
        <Suspense fallback={null}>{dialog}</Suspense>
      </ErrorBoundary>
    ) : null,
  };
}

import { Suspense, useState, type ReactNode } from 'react';
import type { MessageKey } from '../i18n/catalogue';
import { ErrorBoundary } from './error-boundary';

/**
 * A dialog opened from a menu: `open()` shows what `render` draws (a lazy dialog, fetched then),
 * inside its own error boundary, until the dialog calls the `close` it was given. `render` may draw
 * nothing (no one signed in), and then the layer is empty.
 */
export function useDialogLayer(
  region: MessageKey,
  render: (close: () => void) => ReactNode,
): { open: () => void; layer: ReactNode } {
  const [shown, setShown] = useState(false);
  const dialog = shown ? render(() => setShown(false)) : null;
  // Nothing to draw while open (signed out meanwhile): closed, so it never opens by itself for the
  // next person signed in on this page.
  const empty = shown && (dialog === null || dialog === undefined || dialog === false);
  // Adjusted while rendering (React redraws at once), not in an effect after a wrong paint.
  if (empty) setShown(false);
  return {
    open: () => setShown(true),
    layer:
      shown && !empty ? (
        <ErrorBoundary region={region}>
          <Suspense fallback={null}>{dialog}</Suspense>
        </ErrorBoundary>
      ) : null,
  };
}

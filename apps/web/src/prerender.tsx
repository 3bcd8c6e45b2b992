// Build time only: apps/web/scripts/prerender.mjs renders the first screens with this (Vite's SSR
// build of it) into the HTML the server sends, so a phone paints them before any JavaScript arrives.
// The browser then hydrates the same components (main.tsx).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app/app';

// The dashboards' pages start their first reads themselves (lib/early-reads.ts).
export { EARLY_READS_SCRIPT } from './lib/early-reads';

/** The page as the browser's first render draws it, for the `window` the script has set up. */
export function render(): string {
  return renderToString(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Build time only: apps/web/scripts/prerender.mjs renders the first screens with this (Vite's SSR
// build of it) into the HTML the server sends, so a phone paints them before any JavaScript arrives.
// The browser then hydrates the same components (main.tsx). Each screen is rendered in every
// language; the server picks the page in the visitor's (decision 0018).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { LOCALES, localizedPage, type Locale } from '@sukoon/shared';
import { App } from './app/app';
import { ENGLISH, type Messages } from './i18n/catalogue';
import hi from './i18n/hi.json';

// The dashboards' pages start their first reads themselves (lib/early-reads.ts).
export { EARLY_READS_SCRIPT } from './lib/early-reads';

export { LOCALES, localizedPage };
const CATALOGUES: Record<Locale, Messages> = { en: ENGLISH, hi };

/** The page as the browser's first render draws it, for the `window` the script has set up. */
export function render(locale: Locale = 'en'): string {
  return renderToString(
    <StrictMode>
      <App locale={locale} messages={CATALOGUES[locale]} />
    </StrictMode>,
  );
}

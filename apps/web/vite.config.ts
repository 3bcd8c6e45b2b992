import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { compileMessages } from './src/i18n/compile-messages';

const apiTarget = process.env.SUKOON_API_URL ?? 'http://localhost:3000';

/**
 * The message catalogues (src/i18n/<locale>.json) parsed at build time, and intl-messageformat given
 * the parser-less build of its parser: the app then formats parsed trees and never downloads the ICU
 * parser (decision 0018). `vite dev` and the unit tests keep the catalogues as written.
 */
const CATALOGUE = /[\\/]src[\\/]i18n[\\/]([a-z]{2})\.json$/;
function compiledCatalogues(): Plugin {
  return {
    name: 'sukoon-compiled-catalogues',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const locale = CATALOGUE.exec(id)?.[1];
      if (!locale) return null;
      const messages = JSON.parse(readFileSync(id, 'utf8')) as Record<string, string>;
      return JSON.stringify(compileMessages(messages, locale));
    },
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js',
          },
        ],
      },
    }),
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), compiledCatalogues()],
  resolve: {
    // 'zod', wherever it is imported, is zod configured for the CSP (src/lib/zod-config.ts, which
    // imports zod itself as 'zod/v4').
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('src/lib/zod-config.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/dev': apiTarget },
  },
  // The manifest lists each chunk's static and dynamic imports: scripts/check-bundle-budget.mjs
  // reads it to measure what each screen downloads before it is interactive.
  build: {
    outDir: 'dist',
    // Fonts are files of their own, fetched only by a page that draws their letters: inlined, even
    // the 2.4 kB "हिन्दी" (src/index.css) would ride in every page's inline stylesheet.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              // With Vite's helper for dynamic imports: main.tsx needs it, so it must not be pulled
              // into app-shell (which holds @sukoon/shared) by the modules that use it.
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/][^\\/]+)[\\/]|vite[\\/]preload-helper/,
              priority: 4,
            },
            {
              // Zod and the module that configures it: fetched with the first dialog or form that
              // builds a schema, never on the first load (decision 0017).
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-config\.ts$/,
              priority: 3,
            },
            {
              // A policy in words (terms before paying, the profile's summary) and the move schemas:
              // only dialogs and the patient's chooser use them, so they stay out of app-shell, which
              // holds the rest of @sukoon/shared and is part of every first load.
              name: 'policy-terms',
              test: /packages[\\/]shared[\\/]src[\\/]policy-(terms|moves)\.ts$/,
              includeDependenciesRecursively: false,
              priority: 2,
            },
            {
              // What sits beside a session in Your sessions and the event dialog: the Join button
              // and the Add to Google / Outlook links (the time rule, join-window.ts, is tiny and rides with
              // the calendar pill, which uses it too). Both screens load lazily, so one chunk
              // keeps them out of app-shell (the psychologist's first load has no room) and adds no
              // new name to the dashboard's list of chunks.
              name: 'session-links',
              test: /(packages[\\/]shared[\\/]src[\\/]add-to-calendar\.ts|components[\\/]ui[\\/](join-session-link|add-to-calendar-links)\.tsx)$/,
              includeDependenciesRecursively: false,
              priority: 2,
            },

            {
              name: 'radix-base',
              test: /node_modules[\\/]@radix-ui[\\/](react-(tabs|roving-focus|collection|slot|presence|context|primitive|compose-refs|use-controllable-state|use-effect-event|use-callback-ref|use-layout-effect|use-is-hydrated|direction|id)|primitive)[\\/]/,
              priority: 3,
            },
            {
              // The app's small modules that every screen uses, in one chunk rather than a dozen.
              // Its @sukoon/shared modules are the zod-free ones (decision 0017): a schema here
              // would bring zod back into every first load (check-bundle-budget.mjs says so).
              name: 'app-shell',
              test: new RegExp(
                [
                  'lib/(api-client|dates|entry-params|money|links|lazy|use-now|use-media-query)\\.ts',
                  'components/ui/(button|badge|notice|session-when|loading-screen|load-error|lazy-menu|skeleton)\\.tsx',
                  // One class for every field: the first load's fields and the lazy forms' alike.
                  'components/ui/field-class\\.ts',
                  'app/(error-boundary\\.tsx|checkout\\.ts|psychologist-query\\.ts)',
                  'features/[a-z-]+/[a-z-]+-api\\.ts',
                  'features/auth/(auth-messages\\.ts|avatar\\.tsx)',
                  'features/calendar/(day-parts|day-parts-trigger)\\.ts',
                  'features/calendar/event-pill\\.tsx',
                  'app/(app|privacy-layer)\\.tsx',
                  // The dashboard's header: a signed-in visitor's prerendered frame (decision 0017).
                  'features/dashboard/dashboard-shell\\.tsx',
                  'features/role-selection/role-selection\\.tsx',
                  'features/auth/(session\\.tsx|use-current-user\\.ts|use-sign-in-link\\.ts)',
                ]
                  .map(
                    (file) => `apps[\\\\/]web[\\\\/]src[\\\\/]${file.replaceAll('/', '[\\\\/]')}$`,
                  )
                  .join('|'),
              ),
              priority: 1,
            },
            {
              // The week grid: the psychologist's first screen, a patient's on choosing 'Calendar'
              // (patients open on the time picker and fetch it when idle).
              name: 'calendar-grid',
              test: new RegExp(
                [
                  'features/calendar/(calendar|calendar-header|calendar-loading)\\.tsx',
                  'features/calendar/(week-view|week-cell|week-day-header)\\.tsx',
                  'features/calendar/(cell-state|calendar-lazy|calendar-range|use-availability-asks|use-sticky-top)\\.ts',
                ]
                  .map(
                    (file) => `apps[\\\\/]web[\\\\/]src[\\\\/]${file.replaceAll('/', '[\\\\/]')}$`,
                  )
                  .join('|'),
              ),
              // Below 'dashboard': the grid's data (api.ts) and layout stay with what both dashboards load.
              priority: 0,
            },
            {
              // What both dashboards show: the booking and cancel layers, calendar data.
              name: 'dashboard',
              test: new RegExp(
                [
                  'app/(calendar-actions|booking-layer|cancel-layer)\\.tsx',
                  'features/calendar/(api|layout)\\.ts',
                  // Small pieces of the psychologist's attendance that the lazy parts share too.
                  'features/attendance/(session-lists\\.ts|attendance-status\\.tsx|lazy-attendance-form\\.ts)',
                ]
                  .map(
                    (file) => `apps[\\\\/]web[\\\\/]src[\\\\/]${file.replaceAll('/', '[\\\\/]')}$`,
                  )
                  .join('|'),
              ),
              priority: 1,
            },
          ],
        },
      },
    },
  },
});

// The app is imported dynamically, after React, so this entry stays small. Zod is not part of the
// first load: lib/zod-config.ts configures it in the chunk that first needs it (decision 0017).
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
// The language is settled before the first render: English comes with the app, another language's
// catalogue is fetched next (its prerendered page preloads it, and its font: decision 0018).
const { App, ENGLISH, firstScreen, initialLocale, loadMessages, rememberLocale } =
  await import('./app/app');
// A catalogue that cannot be fetched (a flaky line, a tab open across a release) must not leave a
// page that does nothing: the app then starts in English, drawn afresh over the prerendered page.
const wanted = initialLocale();
const { locale, messages } = await loadMessages(wanted).then(
  (loaded) => ({ locale: wanted, messages: loaded }),
  () => ({ locale: 'en' as const, messages: ENGLISH }),
);
const prerenderedIn = document.documentElement.lang;
rememberLocale(locale);
const app = (
  <StrictMode>
    <App locale={locale} messages={messages} />
  </StrictMode>
);
// The server sends a page prerendered at build time (apps/web/scripts/prerender.mjs, decision 0017),
// in the language its cookie or Accept-Language asked for: the role selection, or a signed-in role's
// dashboard frame. When it is what this browser's first render draws, in the same language, React
// adopts it (hydration); otherwise (another role's frame, a sign-in link, another language) it draws
// afresh over it.
if (
  root.dataset.prerendered &&
  root.dataset.prerendered === firstScreen() &&
  prerenderedIn === locale
) {
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}

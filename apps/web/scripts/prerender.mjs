// Renders the first screens into HTML at build time (decision 0017), after `vite build` and the SSR
// build of src/prerender.tsx, and before compress.mjs:
//   dist/index.html                 the role selection (anyone not signed in)
//   dist/screens/patient.html       the patient dashboard's frame (header, loading calendar)
//   dist/screens/psychologist.html  the psychologist dashboard's frame
//   dist/screens/loading.html       the bare "Loading..." page, for what no prerendered page matches
// The server picks one per visit (apps/server/src/plugins/web-app.ts). Each page also gets the whole
// stylesheet inline (9 kB compressed: one round trip less before the first paint) and modulepreload
// links for the JavaScript its screen needs, so the browser fetches it all at once rather than one
// import after another.
//
//   node apps/web/scripts/prerender.mjs [dist directory] [SSR build directory]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.argv[2] ?? path.join(here, '..', 'dist'));
const ssrDir = path.resolve(process.argv[3] ?? path.join(here, '..', 'node_modules', '.prerender'));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');

/** A browser's `window` as the first render reads it: the address and the stored session. */
function setWindow(storage) {
  const values = new Map(Object.entries(storage));
  globalThis.window = {
    location: {
      pathname: '/',
      search: '',
      hash: '',
      href: 'http://localhost/',
      origin: 'http://localhost',
    },
    localStorage: {
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => values.set(key, String(value)),
      removeItem: (key) => values.delete(key),
    },
    history: { state: null, replaceState: () => undefined },
  };
}

// A stored session of each role: the frame shows the role only, never anything of the user's.
const storedSession = (role) => ({
  authToken: 'prerender',
  authUser: JSON.stringify({
    id: '00000000-0000-4000-8000-000000000000',
    email: 'prerender@sukoon.invalid',
    username: 'prerender',
    role,
    avatarUrl: null,
  }),
});

const { render, EARLY_READS_SCRIPT, LOCALES, localizedPage } = await import(
  pathToFileURL(path.join(ssrDir, 'prerender.js')).href
);

/** A manifest entry's chunk and all it imports statically, as files. */
function staticFiles(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry) throw new Error(`"${key}" is not in the manifest: update ${here}/prerender.mjs.`);
  if (seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const imported of entry.imports ?? []) staticFiles(imported, seen);
  return seen;
}

// Already linked by Vite: the entry and what it imports statically.
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const linked = staticFiles(entryKey);
const preloadsFor = (keys) => {
  const files = new Set();
  for (const key of keys) for (const file of staticFiles(key)) files.add(file);
  return [...files]
    .filter((file) => !linked.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
};

// The stylesheet, inline: the server's CSP allows inline styles ('unsafe-inline' in style-src).
const cssLink = template.match(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/);
if (!cssLink) throw new Error('No stylesheet link in dist/index.html.');
const css = readFileSync(path.join(dist, cssLink[1]), 'utf8');
const base = template.replace(cssLink[0], () => `<style>${css}</style>`);

// Hindi pages fetch the Devanagari font with the page, so it is usually there for the first paint
// (`font-display: swap` draws in the device's own Devanagari face until it lands). English pages never
// ask for it.
const devanagariFonts = [...css.matchAll(/\/assets\/noto-sans-devanagari-[^)"']+\.woff2/g)].map(
  ([file]) => file,
);
if (devanagariFonts.length === 0) throw new Error('No Devanagari font in the stylesheet.');
const fontPreloads = (locale) =>
  locale === 'hi'
    ? [...new Set(devanagariFonts)]
        .map(
          (file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${file}">`,
        )
        .join('\n    ') + '\n    '
    : '';

// Another language's catalogue is its own chunk: its pages fetch it with the app's.
const localeNeeds = (locale, needs) =>
  locale === 'en' ? needs : [...needs, `src/i18n/${locale}.json`];

const BOOT = /<div id="root">[\s\S]*?<\/div>/;
if (!BOOT.test(base)) throw new Error('No <div id="root"> in dist/index.html.');

function page({ screen, storage, needs, earlyReads = false, locale = 'en' }) {
  // A dashboard's page starts its first reads before the JavaScript arrives (src/lib/early-reads.ts);
  // the server's CSP allows this inline script by its hash (apps/server/src/plugins/web-app.ts).
  const early = earlyReads ? `\n    <script>${EARLY_READS_SCRIPT}</script>` : '';
  let html = base
    .replace('<html lang="en">', () => `<html lang="${locale}">`)
    .replace(
      '</head>',
      () =>
        `  ${fontPreloads(locale)}${preloadsFor(localeNeeds(locale, needs))}${early}\n  </head>`,
    );
  if (screen) {
    setWindow(storage);
    const body = render(locale);
    html = html.replace(BOOT, () => `<div id="root" data-prerendered="${screen}">${body}</div>`);
  }
  return html;
}

const APP = ['src/app/app.tsx'];
mkdirSync(path.join(dist, 'screens'), { recursive: true });
// Each page in every language, named by the rule the server picks by (`localizedPage`, in
// packages/shared: `name.html` in English, `name.<locale>.html` otherwise). The inline scripts are the
// same text in every language, so the CSP's hashes do not grow with languages.
for (const locale of LOCALES) {
  writeFileSync(
    path.join(dist, localizedPage('index.html', locale)),
    page({ screen: 'role-selection', storage: {}, needs: APP, locale }),
  );
  for (const role of ['patient', 'psychologist']) {
    writeFileSync(
      path.join(dist, 'screens', localizedPage(`${role}.html`, locale)),
      page({
        screen: role,
        storage: storedSession(role),
        needs: [...APP, `src/app/${role}-area.tsx`],
        earlyReads: true,
        locale,
      }),
    );
  }
  writeFileSync(
    path.join(dist, 'screens', localizedPage('loading.html', locale)),
    page({ screen: null, storage: {}, needs: APP, locale }),
  );
}
console.log(
  `prerendered in ${LOCALES.join(', ')}: index.html (role selection), screens/{patient,psychologist,loading}.html`,
);

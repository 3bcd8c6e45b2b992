// The initial JavaScript budget: what the browser must download before the role selection, and
// before the dashboard, is interactive, gzipped, at most 150 kB each. Reads the built app
// (apps/web/dist, with Vite's manifest) and builds nothing itself: run it after `vite build`.
// Prints the table every time; exits 1 when a first load is over budget.
//
//   node apps/web/scripts/check-bundle-budget.mjs [dist directory]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150_000;

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.argv[2] ?? path.join(here, '..', 'dist'));
const manifestPath = path.join(dist, '.vite', 'manifest.json');

/**
 * What each screen needs before it is interactive, as manifest keys: each key's chunk and every chunk
 * it imports statically. main.tsx imports the app dynamically (so the entry stays small), and the
 * app imports each role's area lazily (the dashboard's header is in the app's own chunks), so those
 * entries are listed; what a screen fetches later (dialogs,
 * the checkout, the month view, idle preloads) is not.
 */
const SCREENS = [
  { name: 'role selection', needs: ['index.html', 'src/app/app.tsx'] },
  {
    // The header and the patient's area: Your sessions, the psychologist chooser and the week view.
    // The account and day-part menus are not among them: a look-alike trigger stands in until their
    // code arrives (components/ui/lazy-menu.tsx).
    name: 'patient dashboard',
    needs: ['index.html', 'src/app/app.tsx', 'src/app/patient-area.tsx'],
  },
  {
    // The header and the psychologist's area: attendance panels and the week view with its tools.
    name: 'psychologist dashboard',
    needs: ['index.html', 'src/app/app.tsx', 'src/app/psychologist-area.tsx'],
  },
];

if (!existsSync(manifestPath)) {
  console.error(
    `No ${path.relative(process.cwd(), manifestPath)}: build the web app first (npm run build -w apps/web).`,
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipped = new Map();
function sizes(file) {
  if (!gzipped.has(file)) {
    const bytes = readFileSync(path.join(dist, file));
    gzipped.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return gzipped.get(file);
}

/** A manifest entry's chunk and all it imports statically, as manifest keys. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const entry = manifest[key];
  if (!entry) throw new Error(`"${key}" is not in the manifest: update SCREENS in ${here}.`);
  seen.add(key);
  for (const imported of entry.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const pad = (text, width, right = false) =>
  right ? String(text).padStart(width) : String(text).padEnd(width);

let overBudget = false;
const firstLoad = new Set();
for (const screen of SCREENS) {
  const keys = new Set();
  for (const need of screen.needs) for (const key of staticClosure(need)) keys.add(key);
  const rows = [...keys]
    .map((key) => ({ key, file: manifest[key].file, ...sizes(manifest[key].file) }))
    .sort((a, b) => b.gzip - a.gzip);
  for (const row of rows) firstLoad.add(row.file);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const raw = rows.reduce((sum, row) => sum + row.raw, 0);
  const over = total > BUDGET_BYTES;
  overBudget ||= over;
  const width = Math.max(...rows.map((row) => row.file.length), 20);
  console.log(`\n${screen.name}: first load of JavaScript (gzip -9)`);
  console.log(`  ${pad('chunk', width)}  ${pad('raw', 10, true)}  ${pad('gzip', 10, true)}`);
  for (const row of rows) {
    console.log(
      `  ${pad(row.file, width)}  ${pad(kb(row.raw), 10, true)}  ${pad(kb(row.gzip), 10, true)}`,
    );
  }
  console.log(
    `  ${pad(`total (${rows.length} chunks)`, width)}  ${pad(kb(raw), 10, true)}  ${pad(kb(total), 10, true)}`,
  );
  console.log(
    `  budget ${kb(BUDGET_BYTES)}: ${over ? `OVER by ${kb(total - BUDGET_BYTES)}` : `ok, ${kb(BUDGET_BYTES - total)} to spare`}`,
  );
}

// For the record: the chunks fetched later (on demand or when the page is idle).
const later = Object.values(manifest)
  .filter((entry) => entry.file.endsWith('.js') && !firstLoad.has(entry.file))
  .map((entry) => ({ file: entry.file, ...sizes(entry.file) }))
  .sort((a, b) => b.gzip - a.gzip);
if (later.length > 0) {
  const width = Math.max(...later.map((row) => row.file.length), 20);
  console.log('\nnot in any first load (fetched on demand or when idle)');
  for (const row of later) {
    console.log(
      `  ${pad(row.file, width)}  ${pad(kb(row.raw), 10, true)}  ${pad(kb(row.gzip), 10, true)}`,
    );
  }
}

// main.tsx imports the app dynamically: the chunks it imports statically (React) must carry no app or
// shared code, which chunk grouping (vite.config.ts) could bring about. Check it in the source maps.
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const tooEarly = [];
for (const key of staticClosure(entryKey)) {
  const mapFile = path.join(dist, `${manifest[key].file}.map`);
  if (!existsSync(mapFile)) continue;
  for (const source of JSON.parse(readFileSync(mapFile, 'utf8')).sources ?? []) {
    const ownCode = /(?:packages[\\/]shared|apps[\\/]web)[\\/]src[\\/]/.test(source);
    if (ownCode && !/[\\/]main\.tsx$/.test(source)) {
      tooEarly.push(`${manifest[key].file}: ${source}`);
    }
  }
}
if (tooEarly.length > 0) {
  console.error(
    `\nThese modules are in chunks main.tsx imports statically:\n  ${tooEarly.join('\n  ')}\nKeep them out of those chunks (vite.config.ts, codeSplitting.groups).`,
  );
}

// Zod (decision 0017): fetched with the first form or dialog that builds a schema, never first.
const zodOnFirstLoad = [...firstLoad].filter((file) => /(^|\/)zod-[^/]*\.js$/.test(file));
if (zodOnFirstLoad.length > 0) {
  console.error(
    `\nZod is on a first load (${zodOnFirstLoad.join(', ')}): a module there builds a schema. Use the zod-free rules of @sukoon/shared (policy-rules.ts, booking-rules.ts, ...) instead.`,
  );
}

if (overBudget) {
  console.error(
    `\nThe initial JavaScript is over the ${kb(BUDGET_BYTES)} budget: split what the screen does not need at first (React.lazy / import()).`,
  );
}
if (overBudget || tooEarly.length > 0 || zodOnFirstLoad.length > 0) process.exit(1);
console.log(`\nInitial JavaScript within the ${kb(BUDGET_BYTES)} budget.`);

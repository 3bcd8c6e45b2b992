// `npm run lighthouse`: Lighthouse's performance, accessibility and best-practices scores for the
// role selection, the patient dashboard (the demo patient signed in, on the time picker) and the
// psychologist dashboard (the demo psychologist signed in, on the week grid), with the desktop preset
// and the default mobile one, in Debian's Chromium. Each page and preset is measured
// LIGHTHOUSE_RUNS times (3 by default) and the run with the median performance score is reported,
// with every run's score and the load average (`uptime`) before it: simulated throttling still
// measures blocking time on the real CPU, so a busy machine reads slower. It starts the built server
// on a fresh PGlite database (as the journeys do, start-server.mjs), prints a table and writes
// lighthouse-results/: summary.json and the median run's full report (.json and .html).
//
//   LIGHTHOUSE_PORT=4550 LIGHTHOUSE_RUNS=3 npm run lighthouse   (Chromium's debugging port: +1)
//   LIGHTHOUSE_PAGES=patient-dashboard LIGHTHOUSE_PRESETS=mobile npm run lighthouse
//   LIGHTHOUSE_THROTTLING=devtools npm run lighthouse   (throttle the real load, not a simulation)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const resultsDir = path.join(root, 'lighthouse-results');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const PATIENT = { email: 'demo.patient@sukoon.test', password: 'sukoon-demo-2026' };
const PSYCHOLOGIST = { email: 'demo.psychologist@sukoon.test', password: 'sukoon-demo-2026' };
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const THROTTLING = process.env.LIGHTHOUSE_THROTTLING ?? 'simulate';
if (!['simulate', 'devtools'].includes(THROTTLING)) {
  console.error(
    `LIGHTHOUSE_THROTTLING is "simulate" (the default) or "devtools", not "${THROTTLING}".`,
  );
  process.exit(1);
}
const DEMO_PSYCHOLOGIST_NAME = 'Dr. Asha Rao';

if (!existsSync(chromiumPath)) {
  console.error(
    `No Chromium at ${chromiumPath}. Install it with "sudo apt-get install -y chromium" or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
if (!existsSync(path.join(root, 'apps/server/dist/server.js'))) {
  console.error('The server is not built: run "npm run build" first (npm run lighthouse does).');
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Exits a child process: SIGTERM, then SIGKILL if it lingers. */
function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const fixedPort = Number(process.env.LIGHTHOUSE_PORT ?? 0);
const serverPort = fixedPort || (await freePort());
const base = `http://127.0.0.1:${serverPort}`;
const { DATABASE_URL: _notUsed, ...serverEnv } = process.env;
// A fresh PGlite directory (start-server.mjs makes one when DATABASE_URL is unset) and the seed.
const server = spawn(process.execPath, [path.join(here, 'start-server.mjs')], {
  cwd: here,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...serverEnv, E2E_PORT: String(serverPort) },
});

const debuggingPort = fixedPort ? fixedPort + 1 : await freePort();
const profile = mkdtempSync(path.join(tmpdir(), 'sukoon-lighthouse-'));
const browserProcess = spawn(
  chromiumPath,
  [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--no-default-browser-check',
    `--remote-debugging-port=${debuggingPort}`,
    `--user-data-dir=${profile}`,
    'about:blank',
  ],
  { stdio: 'ignore' },
);

const results = [];
let failed = false;
try {
  await waitFor(`${base}/api/health`, 'The server');
  await waitFor(`http://127.0.0.1:${debuggingPort}/json/version`, 'Chromium');

  async function signIn(who) {
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(who),
    });
    if (!login.ok) throw new Error(`Signing in ${who.email} failed: ${login.status}`);
    return (await login.json()).data;
  }
  // The demo patient's session, and the demo psychologist whose calendar the dashboard opens.
  const patientSession = await signIn(PATIENT);
  const psychologistSession = await signIn(PSYCHOLOGIST);
  const list = await fetch(`${base}/api/psychologists`, {
    headers: { authorization: `Bearer ${patientSession.token}` },
  });
  const psychologist = (await list.json()).data.find(
    (item) => item.displayName === DEMO_PSYCHOLOGIST_NAME,
  );
  if (!psychologist) throw new Error('The demo psychologist is not on the list.');

  /**
   * Puts the session where the app looks for it (localStorage) and empties the HTTP cache, through
   * the DevTools protocol of the same browser, on a page of the app's origin that loads none of it.
   */
  async function signInBrowser(session) {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${base}/api/health`);
    await page.evaluate(
      ([token, user]) => {
        window.localStorage.setItem('authToken', token);
        window.localStorage.setItem('authUser', user);
        // As the app sets it on signing in: the server sends this role's dashboard frame
        // (SCREEN_COOKIE, packages/shared/src/cookies.ts).
        document.cookie = `sukoon-screen=${JSON.parse(user).role}; path=/; samesite=lax`;
      },
      [session.token, JSON.stringify(session.user)],
    );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
    await browser.close();
  }

  const pages = [
    { name: 'role-selection', label: 'role selection', url: `${base}/`, session: null },
    {
      name: 'patient-dashboard',
      label: 'patient dashboard',
      url: `${base}/?psychologistId=${psychologist.id}`,
      session: patientSession,
    },
    {
      name: 'psychologist-dashboard',
      label: 'psychologist dashboard',
      url: `${base}/`,
      session: psychologistSession,
    },
  ];
  // LIGHTHOUSE_PAGES=role-selection,psychologist-dashboard and LIGHTHOUSE_PRESETS=mobile narrow a run.
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const onlyPresets = process.env.LIGHTHOUSE_PRESETS?.split(',');
  const presets = [
    { name: 'desktop', config: desktopConfig },
    { name: 'mobile', config: undefined },
  ];
  mkdirSync(resultsDir, { recursive: true });
  for (const target of pages) {
    if (only && !only.includes(target.name)) continue;
    for (const preset of presets) {
      if (onlyPresets && !onlyPresets.includes(preset.name)) continue;
      const runs = [];
      for (let attempt = 0; attempt < RUNS; attempt += 1) {
        const load = loadavg().map((value) => value.toFixed(2));
        // Lighthouse clears the origin's storage (and so the session) unless told not to; the
        // signed-in runs keep it, and start from an empty cache all the same (signInBrowser).
        if (target.session) await signInBrowser(target.session);
        const run = await lighthouse(
          target.url,
          {
            port: debuggingPort,
            output: ['json', 'html'],
            logLevel: 'error',
            onlyCategories: CATEGORIES,
            disableStorageReset: target.session !== null,
            // LIGHTHOUSE_THROTTLING=devtools: the slow network and CPU applied to the real load
            // instead of simulated from an unthrottled one (docs/performance.md).
            throttlingMethod: THROTTLING,
          },
          preset.config,
        );
        if (!run) throw new Error(`Lighthouse returned nothing for ${target.url}`);
        const performance = Math.round((run.lhr.categories.performance?.score ?? 0) * 100);
        console.log(
          `  ${target.label} (${preset.name}) run ${attempt + 1}: performance ${performance}, load ${load.join(' ')}`,
        );
        runs.push({ ...run, performance, load });
      }
      // The median run by performance score (the middle one of three).
      const sorted = [...runs].sort((a, b) => a.performance - b.performance);
      const { lhr, report } = sorted[Math.floor((sorted.length - 1) / 2)];
      const file = `${target.name}-${preset.name}`;
      writeFileSync(path.join(resultsDir, `${file}.json`), report[0]);
      writeFileSync(path.join(resultsDir, `${file}.html`), report[1]);
      if (lhr.runtimeError) {
        failed = true;
        console.error(`${target.label} (${preset.name}): ${lhr.runtimeError.message}`);
      }
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
      );
      // What cost points in accessibility and best practices, to fix.
      const findings = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
        lhr.categories[id].auditRefs
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit.score !== null && audit.score < 1)
          .map((audit) => `${id}: ${audit.id} (${audit.title})`),
      );
      const metric = (id) => lhr.audits[id]?.displayValue ?? '';
      results.push({
        page: target.label,
        preset: preset.name,
        url: target.url.replace(base, ''),
        finalUrl: lhr.finalDisplayedUrl?.replace(base, ''),
        scores,
        runs: runs.map((run) => ({ performance: run.performance, load: run.load })),
        metrics: {
          'first-contentful-paint': metric('first-contentful-paint'),
          'largest-contentful-paint': metric('largest-contentful-paint'),
          'total-blocking-time': metric('total-blocking-time'),
          'cumulative-layout-shift': metric('cumulative-layout-shift'),
          'speed-index': metric('speed-index'),
        },
        findings,
        report: `lighthouse-results/${file}.html`,
      });
      console.log(
        `${target.label} (${preset.name}), median of ${runs.length}: ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(', ')}`,
      );
    }
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stop(browserProcess);
  await stop(server);
  rmSync(profile, { recursive: true, force: true });
}

if (results.length > 0) {
  writeFileSync(
    path.join(resultsDir, 'summary.json'),
    `${JSON.stringify({ date: new Date().toISOString(), chromium: chromiumPath, results }, null, 2)}\n`,
  );
  const row = (cells) => `| ${cells.join(' | ')} |`;
  console.log(`\n${row(['page', 'preset', ...CATEGORIES, 'LCP', 'TBT', 'CLS', 'runs (load)'])}`);
  console.log(row(Array(CATEGORIES.length + 6).fill('---')));
  for (const result of results) {
    console.log(
      row([
        result.page,
        result.preset,
        ...CATEGORIES.map((id) => result.scores[id]),
        result.metrics['largest-contentful-paint'],
        result.metrics['total-blocking-time'],
        result.metrics['cumulative-layout-shift'],
        result.runs.map((run) => `${run.performance} (${run.load[0]})`).join(', '),
      ]),
    );
  }
  const findings = [...new Set(results.flatMap((result) => result.findings))];
  if (findings.length > 0) console.log(`\nNot passed:\n  ${findings.join('\n  ')}`);
  console.log(`\nReports: ${path.relative(process.cwd(), resultsDir)}/`);
}
process.exit(failed ? 1 : 0);

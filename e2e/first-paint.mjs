// `node e2e/first-paint.mjs`: what a phone and a laptop paint before the JavaScript arrives, and after
// hydration (decision 0017). Starts the built server (start-server.mjs, a fresh PGlite database) on
// FIRST_PAINT_PORT (4560), opens the role selection, the patient dashboard and the psychologist
// dashboard with JavaScript off and on at 1440x900 and 375x812, saves screenshots to
// screenshots/first-paint/, and fails on a console error (a hydration mismatch is one) or when the
// page's boxes move between the two (the layout shift a person would see).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '..', 'screenshots', 'first-paint');
const port = Number(process.env.FIRST_PAINT_PORT ?? 4560);
const base = `http://127.0.0.1:${port}`;
const SIZES = [
  { name: 'laptop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
];
mkdirSync(out, { recursive: true });

const { E2E_PORT: _port, ...env } = process.env;
const server = spawn(process.execPath, [path.join(here, 'start-server.mjs')], {
  cwd: here,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...env, E2E_PORT: String(port) },
});
const problems = [];
try {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 400) throw new Error('The server did not start.');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const signIn = async (email) => {
    const response = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'sukoon-demo-2026' }),
    });
    return (await response.json()).data;
  };
  const patient = await signIn('demo.patient@sukoon.test');
  const psychologist = await signIn('demo.psychologist@sukoon.test');
  const list = await fetch(`${base}/api/psychologists`, {
    headers: { authorization: `Bearer ${patient.token}` },
  });
  const demo = (await list.json()).data.find((item) => item.displayName === 'Dr. Asha Rao');
  const pages = [
    { name: 'role-selection', url: '/', session: null, ready: 'role selection' },
    { name: 'patient-dashboard', url: `/?psychologistId=${demo.id}`, session: patient },
    { name: 'psychologist-dashboard', url: '/', session: psychologist },
  ];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  for (const size of SIZES) {
    for (const target of pages) {
      const boxes = {};
      for (const javaScript of [false, true]) {
        const context = await browser.newContext({ ...size, javaScriptEnabled: javaScript });
        if (target.session) {
          // The role cookie (SCREEN_COOKIE, packages/shared/src/cookies.ts; .mjs cannot import it).
          await context.addCookies([
            { name: 'sukoon-screen', value: target.session.user.role, url: base },
          ]);
          await context.addInitScript(
            ([token, user]) => {
              window.localStorage.setItem('authToken', token);
              window.localStorage.setItem('authUser', user);
            },
            [target.session.token, JSON.stringify(target.session.user)],
          );
        }
        const page = await context.newPage();
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') {
            problems.push(
              `${target.name} ${size.name}: console ${message.type()}: ${message.text()}`,
            );
          }
        });
        page.on('pageerror', (error) =>
          problems.push(`${target.name} ${size.name}: ${error.message}`),
        );
        await page.goto(`${base}${target.url}`);
        if (javaScript) await page.waitForLoadState('networkidle');
        // The header (dashboards) or the heading (role selection): where it is, to compare.
        boxes[javaScript] = await page.locator('h1').first().boundingBox();
        const file = path.join(
          out,
          `${target.name}-${size.name}-${javaScript ? 'hydrated' : 'no-js'}.png`,
        );
        await page.screenshot({ path: file });
        console.log(`saved ${path.relative(process.cwd(), file)}`);
        await context.close();
      }
      const [before, after] = [boxes.false, boxes.true];
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        problems.push(
          `${target.name} ${size.name}: the heading moved: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`,
        );
      }
    }
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
}
if (problems.length > 0) {
  console.error(`\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('\nNo console errors; the heading stays in place on every page.');

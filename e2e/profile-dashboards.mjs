// `node e2e/profile-dashboards.mjs`: where the main thread's time goes while a dashboard loads on a
// slow phone (issue 19). It starts the built server (start-server.mjs, a fresh PGlite database),
// signs in the demo psychologist or patient, opens their dashboard at 375×812 with the CPU slowed 4×
// (as Lighthouse's mobile preset simulates) and records a CPU profile until the page has settled.
// It prints the long tasks (over 50 ms, the part over 50 ms is "blocking time") and the functions
// with the most self time, mapped through the build's source maps to the source file and line.
//
//   npm run build && node e2e/profile-dashboards.mjs [psychologist|patient] [--port=4401]
//     [--viewport=1350x940] [--cpu=1]   (Lighthouse's desktop preset; default 375x812, 4x)
import { spawn } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const dist = path.join(root, 'apps/web/dist');
const who =
  process.argv.find((arg) => arg === 'patient' || arg === 'psychologist') ?? 'psychologist';
const port = Number(
  process.argv.find((arg) => arg.startsWith('--port='))?.slice(7) ?? process.env.E2E_PORT ?? 4401,
);
const base = `http://127.0.0.1:${port}`;
// `--viewport=1350x940 --cpu=1` is Lighthouse's desktop preset; the default is its phone's CPU.
const [width, height] = (
  process.argv.find((arg) => arg.startsWith('--viewport='))?.slice(11) ?? '375x812'
)
  .split('x')
  .map(Number);
const cpuSlowdown = Number(process.argv.find((arg) => arg.startsWith('--cpu='))?.slice(6) ?? 4);
const ACCOUNTS = {
  patient: { email: 'demo.patient@sukoon.test', password: 'sukoon-demo-2026' },
  psychologist: { email: 'demo.psychologist@sukoon.test', password: 'sukoon-demo-2026' },
};

const server = spawn(process.execPath, [path.join(here, 'start-server.mjs')], {
  cwd: here,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, E2E_PORT: String(port) },
});
const stopServer = () =>
  new Promise((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', resolve);
    server.kill('SIGTERM');
  });

async function waitForServer() {
  for (let tries = 0; tries < 480; tries += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The server did not start.');
}

const maps = new Map();
function original(url, line, column) {
  const file = url.replace(/^https?:\/\/[^/]+\//, '');
  const mapFile = path.join(dist, `${file}.map`);
  if (!existsSync(mapFile)) return null;
  if (!maps.has(mapFile)) maps.set(mapFile, new TraceMap(readFileSync(mapFile, 'utf8')));
  const position = originalPositionFor(maps.get(mapFile), { line: line + 1, column });
  if (!position.source) return null;
  const source = position.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
  return `${position.name ?? '(anonymous)'} ${source}:${position.line}`;
}

try {
  await waitForServer();
  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNTS[who]),
  });
  const session = (await login.json()).data;
  let url = `${base}/`;
  if (who === 'patient') {
    const list = await fetch(`${base}/api/psychologists`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const psychologist = (await list.json()).data.find(
      (item) => item.displayName === 'Dr. Asha Rao',
    );
    url = `${base}/?psychologistId=${psychologist.id}`;
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await page.goto(`${base}/api/health`);
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('authToken', token);
      localStorage.setItem('authUser', user);
      // SCREEN_COOKIE (packages/shared/src/cookies.ts), as the app sets it on signing in.
      document.cookie = `sukoon-screen=${JSON.parse(user).role}; path=/; samesite=lax`;
    },
    [session.token, JSON.stringify(session.user)],
  );
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    window.__lcp = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__lcp.push({
          at: entry.startTime,
          size: entry.size,
          element: `${entry.element?.tagName ?? '?'} ${(entry.element?.textContent ?? '').slice(0, 60)}`,
        });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    window.__shifts = [];
    const describe = (node) =>
      node instanceof Element
        ? `${node.tagName} ${(node.getAttribute('aria-label') ?? node.textContent ?? '').trim().slice(0, 50)}`
        : String(node?.nodeName ?? '?');
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__shifts.push({
          at: entry.startTime,
          value: entry.value,
          sources: entry.sources.map((source) => ({
            node: describe(source.node),
            from: `${source.previousRect.y}+${source.previousRect.height}`,
            to: `${source.currentRect.y}+${source.currentRect.height}`,
          })),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The API reads, in the order they start: each once, the first ones started by the page itself.
  const reads = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) reads.push(request.url().replace(base, ''));
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  const { profile } = await cdp.send('Profiler.stop');
  const longTasks = await page.evaluate(() => window.__longTasks);
  const lcp = await page.evaluate(() => window.__lcp);
  const shifts = await page.evaluate(() => window.__shifts);
  await browser.close();

  console.log(
    `${who} dashboard, ${width}×${height}, CPU ${cpuSlowdown}× slower (real network, no throttling)`,
  );
  console.log('\nLong tasks (ms after navigation start: duration):');
  for (const task of longTasks)
    console.log(`  ${task.start.toFixed(0)}: ${task.duration.toFixed(0)} ms`);
  const blocking = longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
  console.log(`  blocking time (sum over 50 ms): ${blocking.toFixed(0)} ms`);
  console.log('\nAPI reads in order:');
  for (const read of reads) console.log(`  ${read.slice(0, 100)}`);
  console.log('\nLargest contentful paint candidates:');
  for (const entry of lcp)
    console.log(`  ${entry.at.toFixed(0)} ms, ${entry.size} px²: ${entry.element}`);
  console.log('\nLayout shifts (ms: score; each moved element, y+height before -> after):');
  for (const shift of shifts) {
    console.log(`  ${shift.at.toFixed(0)}: ${shift.value.toFixed(4)}`);
    for (const source of shift.sources)
      console.log(`    ${source.node}: ${source.from} -> ${source.to}`);
  }

  // Self time per function, from the sample deltas.
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = (profile.timeDeltas[index] ?? 0) / 1000;
    const frame = node.callFrame;
    const key =
      (frame.url && original(frame.url, frame.lineNumber, frame.columnNumber)) ||
      `${frame.functionName || '(anonymous)'} ${frame.url.replace(base, '')}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + delta);
  });
  const top = [...self.entries()]
    .filter(([key]) => !key.startsWith('(idle)') && !key.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30);
  console.log('\nSelf time by function (ms, throttled):');
  for (const [key, ms] of top) console.log(`  ${ms.toFixed(1).padStart(7)}  ${key}`);

  // Total time (self and callees) of the app's own functions: which component or hook a task is in.
  const parent = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const nameOf = new Map();
  const total = new Map();
  profile.samples.forEach((id, index) => {
    const delta = (profile.timeDeltas[index] ?? 0) / 1000;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      if (!nameOf.has(at)) {
        const frame = byId.get(at).callFrame;
        nameOf.set(
          at,
          frame.url ? original(frame.url, frame.lineNumber, frame.columnNumber) : null,
        );
      }
      const key = nameOf.get(at);
      if (!key || !key.includes(' src/') || seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + delta);
    }
  });
  console.log("\nTotal time of the app's functions (ms, throttled):");
  for (const [key, ms] of [...total.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${ms.toFixed(1).padStart(7)}  ${key}`);
} finally {
  await stopServer();
}

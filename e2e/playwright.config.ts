import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const LAPTOP = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } };
const PHONE = {
  // A phone's Chromium: the Pixel 7's user agent, on the 375×812 screen the specification uses.
  userAgent: devices['Pixel 7'].userAgent,
  viewport: { width: 375, height: 812 },
  screen: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
// A browser set to Hindi: the page opens in Hindi before sign-in and the API answers in Hindi.
const HINDI = { locale: 'hi-IN', extraHTTPHeaders: { 'Accept-Language': 'hi-IN,hi;q=0.9' } };

/**
 * Every journey runs four times: on a laptop and on a phone (375×812, touch), each in English and
 * in Hindi (issue 22: the journeys find controls by catalogue key, `tests/words.ts`). Each project
 * has a server and a fresh database of its own, so none sees another's bookings; journeys within a
 * project share their server's data and run in order, one worker a project.
 */
const PROJECTS = [
  { name: 'laptop', port: Number(process.env.E2E_PORT ?? 3999), use: LAPTOP, language: 'en' },
  { name: 'phone', port: Number(process.env.E2E_PHONE_PORT ?? 3998), use: PHONE, language: 'en' },
  {
    name: 'laptop-hi',
    port: Number(process.env.E2E_HI_PORT ?? 3997),
    use: { ...LAPTOP, ...HINDI },
    language: 'hi',
  },
  {
    name: 'phone-hi',
    port: Number(process.env.E2E_PHONE_HI_PORT ?? 3996),
    use: { ...PHONE, ...HINDI },
    language: 'hi',
  },
] as const;

/**
 * The projects this run selected with `--project` (run.mjs passes E2E_SET's as flags), all four when
 * none is named. Only their servers are started: Playwright starts every `webServer` it is given,
 * and each unused one would seed a database for nothing while the journeys start. Names match as
 * Playwright matches them: in any case, with `*` for any characters.
 */
function selectedProjects() {
  const patterns: RegExp[] = [];
  let inList = false;
  for (const argument of process.argv.slice(2)) {
    const given = argument.startsWith('--project=') ? argument.slice('--project='.length) : null;
    inList = argument === '--project' || (inList && !argument.startsWith('-'));
    const name = given ?? (inList && argument !== '--project' ? argument : null);
    if (name === null) continue;
    const escaped = name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*');
    patterns.push(new RegExp(`^${escaped}$`, 'i'));
  }
  const chosen = PROJECTS.filter((project) =>
    patterns.some((pattern) => pattern.test(project.name)),
  );
  return chosen.length > 0 ? chosen : PROJECTS;
}

export default defineConfig({
  testDir: './tests',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker per project (see `workers` below), as many projects at once as the machine has cores.
  workers: Number(process.env.E2E_WORKERS ?? Math.min(PROJECTS.length, availableParallelism())),
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  use: {
    // A failed journey keeps its trace (the page's DOM at every step, the network, the console);
    // its screencast is left out: drawing and encoding a frame for every paint cost about a fifth
    // of a 2-core machine's journey time.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    launchOptions: {
      executablePath: chromium,
      // The machine has no outside network: keep Chromium from trying to reach Google's services.
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Software compositing: headless Chromium otherwise composites through SwiftShader, a GPU
        // emulated on the CPU, in a process of its own for every browser.
        '--disable-gpu',
      ],
    },
  },
  projects: PROJECTS.map((project) => ({
    name: project.name,
    metadata: { language: project.language },
    // The Hindi journeys of issue 22 start from English and choose Hindi: they run in English projects.
    testIgnore: project.language === 'hi' ? /hindi[-.]/ : [],
    workers: 1,
    use: {
      ...project.use,
      defaultBrowserType: 'chromium',
      baseURL: `http://127.0.0.1:${project.port}`,
    },
  })),
  webServer: selectedProjects().map((project) => ({
    command: 'node start-server.mjs',
    url: `http://127.0.0.1:${project.port}/api/health`,
    env: { E2E_PORT: String(project.port) },
    reuseExistingServer: false,
    timeout: 120_000,
    // Stopped with SIGTERM, start-server.mjs removes the server's database (a PostgreSQL database or
    // a PGlite directory); the default SIGKILL left each run's four behind.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  })),
});

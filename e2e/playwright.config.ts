import { defineConfig, devices } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Every journey runs twice: on a laptop and on a phone (375×812, touch). Each project has a server
 * and a fresh database of its own, so the two never see each other's bookings and can run side by
 * side, one worker each (journeys within a project share their server's data and run in order).
 */
const PROJECTS = [
  {
    name: 'laptop',
    port: Number(process.env.E2E_PORT ?? 3999),
    use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
  },
  {
    name: 'phone',
    port: Number(process.env.E2E_PHONE_PORT ?? 3998),
    use: {
      // A phone's Chromium: the Pixel 7's user agent, on the 375×812 screen the specification uses.
      userAgent: devices['Pixel 7'].userAgent,
      viewport: { width: 375, height: 812 },
      screen: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    },
  },
] as const;

export default defineConfig({
  testDir: './tests',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker per project (see `workers` below): the laptop and the phone run at the same time.
  workers: Number(process.env.E2E_WORKERS ?? PROJECTS.length),
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      // The machine has no outside network: keep Chromium from trying to reach Google's services.
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: PROJECTS.map((project) => ({
    name: project.name,
    workers: 1,
    use: {
      ...project.use,
      defaultBrowserType: 'chromium',
      baseURL: `http://127.0.0.1:${project.port}`,
    },
  })),
  webServer: PROJECTS.map((project) => ({
    command: 'node start-server.mjs',
    url: `http://127.0.0.1:${project.port}/api/health`,
    env: { E2E_PORT: String(project.port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  })),
});

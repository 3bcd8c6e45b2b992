import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, request, type Locator, type Page } from '@playwright/test';

// The demo identities, seeded on every fresh database (apps/server/src/db/seed.ts).
export const PSYCHOLOGIST = {
  email: 'demo.psychologist@sukoon.test',
  password: 'sukoon-demo-2026',
};
export const PATIENT = { email: 'demo.patient@sukoon.test', password: 'sukoon-demo-2026' };

/** Every journey fails on a console error or an uncaught exception in the page. */
export const test = base.extend<{ failOnConsoleErrors: void }, { demoAccountsLanguage: void }>({
  // The demo accounts read the project's language, as a Hindi-speaking practice's would: signing
  // in adopts the account's language, so an English account would turn a Hindi journey English.
  demoAccountsLanguage: [
    // Playwright reads a fixture's needs from its first parameter's pattern: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const { language } = workerInfo.project.metadata as { language?: string };
      if (language && language !== 'en') {
        const api = await request.newContext({ baseURL: workerInfo.project.use.baseURL });
        for (const who of [PSYCHOLOGIST, PATIENT]) {
          const login = await api.post('/api/users/login', { data: who });
          const { token } = ((await login.json()) as { data: { token: string } }).data;
          const saved = await api.patch('/api/users/me', {
            headers: { authorization: `Bearer ${token}` },
            data: { locale: language },
          });
          expect(saved.status(), await saved.text()).toBe(200);
        }
        await api.dispose();
      }
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        // Chromium logs every 4xx response; those are answers the app handles and shows (a wrong
        // password, a taken slot). A 5xx or any other error still fails the journey.
        if (message.type() !== 'error') return;
        if (
          /^Failed to load resource: the server responded with a status of 4\d\d/.test(
            message.text(),
          )
        )
          return;
        problems.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      // Chromium does not always log a Content-Security-Policy violation as a console error (zod's
      // eval probe was not): report every one, so no journey passes while the policy blocks something.
      await page.exposeFunction('__reportCspViolation', (text: string) => problems.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation?: (text: string) => void })
            .__reportCspViolation;
          report?.(
            `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`,
          );
        });
      });
      await use();
      expect(problems, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The device the journey runs on: a laptop (1440×900) or a phone (375×812, touch), in either language. */
export function device(): 'laptop' | 'phone' {
  return test.info().project.name.startsWith('phone') ? 'phone' : 'laptop';
}

/** The project's name, `laptop` … `phone-hi`: a screenshot's suffix, so languages do not overwrite. */
export const project = () => test.info().project.name;

/** Whether the journey runs on the phone project. */
export const onPhone = () => device() === 'phone';

/**
 * Presses a control the way the device does: a tap on the phone, a click on the laptop. Either way
 * Playwright first checks it can be reached: visible, scrolled into view, enabled and not covered.
 */
export async function press(control: Locator) {
  if (onPhone()) await control.tap();
  else await control.click();
}

/** Saves a screenshot under /screenshots when SCREENSHOTS=1, for a person to look at. */
export async function snapshot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  await page.screenshot({ path: `../screenshots/${name}-${project()}.png`, fullPage: true });
}

interface AccessibleOptions {
  /** Check only this part of the page (a dialog, a panel), rather than the whole page. */
  within?: Locator;
}

/**
 * The screen as it is now passes axe-core with no serious or critical violation, and nothing on it
 * is wider than the screen (the page never scrolls sideways; the week grid scrolls inside its own
 * box, as designed). A failure lists each rule, its impact, the elements and what to fix; it is
 * soft, so the journey carries on and reports every screen's findings at its end.
 * With AXE_LOG=<file>, every finding of any impact is also appended to that file (one JSON a line).
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  options: AccessibleOptions = {},
) {
  await test.step(`accessible: ${screen}`, async () => {
    // Colours are judged at rest: let transitions (a button turning enabled) finish first.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    // axe.run in the page itself: the default (runPartial in each frame, finishRun in a new blank
    // page) opened a page and sent the results across for every check, about a second each; the app
    // has no cross-origin frames for it to reach (the payment sandbox draws in the page).
    let builder = new AxeBuilder({ page }).setLegacyMode();
    if (options.within) {
      const handle = await options.within.elementHandle();
      const marker = `axe-${Math.random().toString(36).slice(2)}`;
      await handle?.evaluate((element, id) => element.setAttribute('data-axe-scope', id), marker);
      builder = builder.include(`[data-axe-scope="${marker}"]`);
    }
    const results = await builder.analyze();
    if (process.env.AXE_LOG) {
      for (const violation of results.violations) {
        appendFileSync(
          process.env.AXE_LOG,
          `${JSON.stringify({
            project: device(),
            screen,
            rule: violation.id,
            impact: violation.impact,
            help: violation.help,
            targets: violation.nodes.map((node) => node.target.join(' ')),
          })}\n`,
        );
      }
    }
    const blocking = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    const report = blocking.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
          .slice(0, 5)
          .map(
            (node) =>
              `    ${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ')}`,
          )
          .join(
            '\n',
          )}${violation.nodes.length > 5 ? `\n    …and ${violation.nodes.length - 5} more` : ''}`,
    );
    // Soft: the journey goes on to its other screens, and fails at the end with every finding.
    expect.soft(report, `axe: serious or critical problems on "${screen}"`).toEqual([]);
    const minor = results.violations.filter((violation) => !blocking.includes(violation));
    if (minor.length > 0) {
      test.info().annotations.push({
        type: 'axe (minor, moderate)',
        description: `${screen}: ${minor.map((violation) => `${violation.id} (${violation.impact})`).join(', ')}`,
      });
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect
      .soft(overflow, `"${screen}" is wider than the screen by ${overflow}px`)
      .toBeLessThanOrEqual(0);
  });
}

/**
 * The dashboard's header draws nothing over anything else: the title's words, the role badge and
 * the header's buttons, at the screen's width and, on a phone, at the narrower 360 and 320 px
 * phones too (a new patient's trial found "Dashboard" under the badge at 375 px).
 */
export async function expectHeaderUncrowded(page: Page) {
  const widths = onPhone() ? [375, 360, 320] : [page.viewportSize()!.width];
  const start = page.viewportSize()!;
  for (const width of widths) {
    await page.setViewportSize({ width, height: start.height });
    const clashes = await page
      .locator('header')
      .first()
      .evaluate((header) => {
        const title = header.querySelector('h1')!;
        const words = document.createRange();
        words.selectNodeContents(title);
        const parts = [
          { name: 'title', box: words.getBoundingClientRect() },
          { name: 'badge', box: title.nextElementSibling!.getBoundingClientRect() },
          ...Array.from(header.querySelectorAll('button, a')).map((control) => ({
            name: control.textContent?.trim() || control.getAttribute('aria-label') || 'control',
            box: control.getBoundingClientRect(),
          })),
        ].filter((part) => part.box.width > 0);
        const meet = (a: DOMRect, b: DOMRect) =>
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        return parts.flatMap((a, index) =>
          parts
            .slice(index + 1)
            .flatMap((b) => (meet(a.box, b.box) ? [`${a.name} / ${b.name}`] : [])),
        );
      });
    expect(clashes, `header at ${width} px`).toEqual([]);
  }
  await page.setViewportSize(start);
}

/**
 * A dialog keeps keyboard focus: Tab and Shift+Tab cycle inside it, Escape (or `close`) closes it,
 * and focus lands on `returnsTo` or inside it (the control that opened it, or its grid cell).
 */
export async function expectFocusTrapped(
  page: Page,
  dialog: Locator,
  returnsTo: Locator,
  close: () => Promise<void> = () => page.keyboard.press('Escape'),
) {
  await test.step('focus stays in the dialog and returns on close', async () => {
    await expect(dialog).toBeVisible();
    const focusInside = () =>
      dialog.evaluate((element) => element.contains(document.activeElement));
    await expect.poll(focusInside, { message: 'focus moves into the dialog' }).toBe(true);
    const stops = await dialog.evaluate(
      (element) =>
        element.querySelectorAll(
          'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
        ).length,
    );
    // Once round and a step further: focus wraps instead of leaving.
    for (let step = 0; step <= Math.min(stops, 40); step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside(), `Tab ${step + 1} stays in the dialog`).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(), 'Shift+Tab stays in the dialog').toBe(true);
    await close();
    await expect(dialog).toBeHidden();
    await expect
      .poll(
        () =>
          returnsTo.evaluate(
            (element) =>
              element === document.activeElement || element.contains(document.activeElement),
          ),
        { message: 'focus returns to the control that opened the dialog (or into it)' },
      )
      .toBe(true);
  });
}

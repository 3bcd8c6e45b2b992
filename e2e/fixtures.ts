import { test as base, expect, type Page } from '@playwright/test';

/** Every journey fails on a console error or an uncaught exception in the page. */
export const test = base.extend<{ failOnConsoleErrors: void }>({
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
      await use();
      expect(problems, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Saves a screenshot under /screenshots when SCREENSHOTS=1, for a person to look at. */
export async function snapshot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  await page.screenshot({ path: `../screenshots/${name}.png`, fullPage: true });
}

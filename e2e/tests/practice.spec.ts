import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { device, expect, expectAccessible, press, test } from '../fixtures';
import { PSYCHOLOGIST, openDashboard, shot, signIn } from './journey-helpers';
import { escapeRegExp, say } from './words';

// The psychologists' Practice page (issue 21, part 2): opened from the avatar menu, its charts on a
// laptop and a phone, the CSV an accountant opens, and the browser's Back and reload. The demo
// seed's three paid sessions of the last two days are the practice's.
const FOLDER = 'issue-21';

async function downloadCsv(
  page: Page,
  label: 'practice.export.sessions' | 'practice.export.money',
) {
  const downloading = page.waitForEvent('download');
  await press(page.getByRole('button', { name: say(label) }));
  const download = await downloading;
  const bytes = await readFile(await download.path());
  return { fileName: download.suggestedFilename(), bytes, text: bytes.toString('utf8') };
}

test('a psychologist reads their practice, downloads the CSV, and goes back to the calendar', async ({
  page,
}) => {
  const who = await signIn(page, PSYCHOLOGIST);
  await openDashboard(page, 'Psychologist');
  await press(
    page.getByRole('button', { name: say('avatarMenu.label', { username: who.user.username }) }),
  );
  await press(page.getByRole('menuitem', { name: say('avatarMenu.practice') }));
  await expect(page.getByRole('heading', { name: say('practice.title'), level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/practice$/);

  // The financial year holds the seed's sessions whatever day of the month it is.
  await press(page.getByRole('button', { name: say('practice.period.fy'), exact: true }));
  await expect(page).toHaveURL(/\/practice\?period=FY\d{4}$/);
  const sessions = page.getByRole('region', { name: say('practice.figures.booked') });
  await expect(sessions).toContainText(
    new RegExp(`${escapeRegExp(say('practice.figures.booked'))}\\s*[3-9]`),
  );
  await expect(page.getByRole('region', { name: say('practice.figures.net') })).toContainText('₹');

  // Three charts, drawn: two Chartist SVGs and the heat map's table.
  const net = page.getByRole('figure').filter({ hasText: say('practice.charts.netTitle') });
  const outcomes = page
    .getByRole('figure')
    .filter({ hasText: say('practice.charts.outcomesTitle') });
  for (const chart of [net, outcomes]) {
    await expect(chart.locator('svg')).toBeVisible();
    // Bars with height: the weeks of the seed's sessions and payments.
    await expect
      .poll(() =>
        chart
          .locator('svg .ct-bar')
          .evaluateAll(
            (bars) => bars.filter((bar) => bar.getBoundingClientRect().height > 2).length,
          ),
      )
      .toBeGreaterThan(0);
  }
  await expect(page.getByRole('table', { name: say('practice.heatMap.caption') })).toBeVisible();
  await expectAccessible(page, 'Practice page, financial year');
  await shot(page, FOLDER, `practice-journey-${device()}`);

  // Each chart's numbers as a table, from the keyboard too.
  await net.getByRole('button', { name: say('practice.chart.showTable') }).focus();
  await page.keyboard.press('Enter');
  await expect(net.getByRole('table', { name: say('practice.charts.netTitle') })).toBeVisible();
  await expect(net.getByRole('button', { name: say('practice.chart.showChart') })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(page, 'Practice page, a chart as a table', { within: net });

  const sessionsCsv = await downloadCsv(page, 'practice.export.sessions');
  expect(sessionsCsv.fileName).toMatch(/^sukoon-sessions-FY\d{4}\.csv$/);
  expect([...sessionsCsv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const sessionLines = sessionsCsv.text.slice(1).trimEnd().split('\r\n');
  expect(sessionLines[0]).toBe('"Date","Start (IST)","Minutes","Patient","Outcome","Fee (INR)"');
  expect(sessionLines.slice(1)).toContainEqual(
    expect.stringMatching(/^"\d{2}-\d{2}-\d{4}","10:00",45,"demo_patient","Attended",900\.00$/),
  );

  const moneyCsv = await downloadCsv(page, 'practice.export.money');
  const moneyLines = moneyCsv.text.slice(1).trimEnd().split('\r\n');
  expect(moneyLines[0]).toContain('"Money in (INR)","Money out (INR)"');
  expect(moneyLines.filter((line) => line.includes('"Session fee"')).length).toBeGreaterThanOrEqual(
    3,
  );
  expect(moneyLines.slice(1)).toContainEqual(expect.stringMatching(/,500\.00,,"pay_/));

  // A reload keeps the page and its period; Back returns to the calendar, Forward to the page.
  await page.reload();
  await expect(page.getByRole('heading', { name: say('practice.title'), level: 1 })).toBeVisible();
  await expect(
    page.getByRole('button', { name: say('practice.period.fy'), exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await press(page.getByRole('button', { name: say('practice.back') }));
  await expect(page.getByRole('grid').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await press(
    page.getByRole('button', { name: say('avatarMenu.label', { username: who.user.username }) }),
  );
  await press(page.getByRole('menuitem', { name: say('avatarMenu.practice') }));
  await expect(page.getByRole('heading', { name: say('practice.title'), level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('grid').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: say('practice.title'), level: 1 })).toHaveCount(0);
  await page.goForward();
  await expect(page.getByRole('heading', { name: say('practice.title'), level: 1 })).toBeVisible();
});

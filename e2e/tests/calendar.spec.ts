import type { Page } from '@playwright/test';
import { expect, snapshot, test } from '../fixtures';

// The demo identities the server seeds on a fresh database (apps/server/src/db/seed.ts).
const PSYCHOLOGIST = { email: 'demo.psychologist@sukoon.test', password: 'sukoon-demo-2026' };
const PATIENT = { email: 'demo.patient@sukoon.test', password: 'sukoon-demo-2026' };

interface LoginData {
  token: string;
  user: { id: string };
}

/** Signs in through the API and stores the session where the web app looks for it. */
async function signIn(page: Page, who: typeof PSYCHOLOGIST): Promise<LoginData> {
  const response = await page.request.post('/api/users/login', { data: who });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: LoginData };
  await page.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('authToken', token);
      window.localStorage.setItem('authUser', user);
    },
    [data.token, JSON.stringify(data.user)] as const,
  );
  return data;
}

async function openDashboard(page: Page, role: 'Patient' | 'Psychologist') {
  await page.goto('/');
  await page.getByRole('button', { name: new RegExp(role) }).click();
  await expect(page.getByRole('heading', { name: `${role} Dashboard` })).toBeVisible();
  // Other journeys may have registered more psychologists: a patient then picks the demo one.
  const grid = page.getByRole('grid').first();
  const chooser = page.getByRole('group', { name: 'Choose a psychologist' });
  await expect(grid.or(chooser)).toBeVisible();
  if (await chooser.isVisible())
    await chooser.getByRole('button', { name: /^Dr\. Asha Rao/ }).click();
  await expect(grid).toBeVisible();
}

/** Two weeks ahead, so every day of the week is in the future whenever the test runs. */
async function goTwoWeeksAhead(page: Page) {
  const heading = page.getByRole('heading', { level: 3 });
  const before = await heading.textContent();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(heading).not.toHaveText(before ?? '');
  const middle = await heading.textContent();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(heading).not.toHaveText(middle ?? '');
}

/** The long day names of the displayed week, e.g. 'Tuesday, March 24'. */
async function dayName(page: Page, weekday: string) {
  const header = page.getByRole('columnheader', { name: new RegExp(`^${weekday}, `) });
  const label = (await header.getAttribute('aria-label')) ?? '';
  return label.split(',').slice(0, 2).join(',');
}

const bookButtons = (page: Page) => page.getByRole('button', { name: /^Book / });

test.describe.serial('calendar and availability', () => {
  let psychologistId = '';
  let tuesday = '';
  let wednesday = '';
  let thursday = '';

  test('a psychologist marks Tuesday evening unavailable, Thursday off and blocks a slot', async ({
    page,
  }) => {
    psychologistId = (await signIn(page, PSYCHOLOGIST)).user.id;
    await openDashboard(page, 'Psychologist');
    await expect(page.getByText(/Times are shown in Asia\/Kolkata/)).toBeVisible();
    await goTwoWeeksAhead(page);
    await expect(page.getByRole('columnheader', { name: /^Week \d+$/ })).toBeVisible();
    // 25 time labels: 24 half-hour rows and the closing 9:00 PM line.
    await expect(page.getByRole('rowheader')).toHaveCount(24);
    await expect(page.getByText('9:00 PM', { exact: true })).toBeVisible();

    tuesday = await dayName(page, 'Tuesday');
    wednesday = await dayName(page, 'Wednesday');
    thursday = await dayName(page, 'Thursday');

    // Tuesday evening, through the day's own day-part menu.
    await page.getByRole('button', { name: `Day parts of ${tuesday}` }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Evening' }).click();
    await expect(
      page.getByRole('gridcell', { name: `${tuesday} at 5:00 PM: Unavailable` }),
    ).toBeVisible();

    // Thursday off.
    await page.getByRole('button', { name: `Mark Not available on ${thursday}` }).click();
    await expect(
      page.getByRole('button', { name: `Not available on ${thursday}: mark available` }),
    ).toBeVisible();

    // One blocked slot.
    await page.getByRole('button', { name: `Block Slot ${wednesday} at 10:00 AM` }).click();
    await expect(
      page.getByRole('button', { name: `Unblock ${wednesday} at 10:00 AM` }),
    ).toBeVisible();

    // The bulk toggle acts on the seven displayed days and reports x/y; a part that is off all week
    // collapses into one row for the psychologist.
    const morning = page.getByRole('button', { name: 'Mark Morning Unavailable' });
    await morning.click();
    await expect(page.getByText('7/7 days were updated')).toBeVisible();
    await expect(
      page.getByText('Morning is hidden: marked unavailable every day this week.'),
    ).toBeVisible();
    await snapshot(page, 'calendar-psychologist-week-laptop');
    await page.getByRole('button', { name: 'Mark Morning Available' }).click();
    await expect(page.getByRole('button', { name: 'Mark Morning Unavailable' })).toBeVisible();
    await expect(page.getByText('Morning is hidden')).toHaveCount(0);

    // The profile form, from the avatar menu: a new 45-minute fee.
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile' });
    await expect(dialog.getByLabel('Display name')).toHaveValue('Dr. Asha Rao');
    await dialog.getByLabel('45-minute fee (₹)').fill('0');
    await dialog.getByRole('button', { name: 'Save profile' }).click();
    await expect(dialog.getByText('The fee must be at least ₹1')).toBeVisible();
    await dialog.getByLabel('45-minute fee (₹)').fill('1200');
    await snapshot(page, 'profile-dialog-laptop');
    await dialog.getByRole('button', { name: 'Save profile' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('tab', { name: 'Month' }).click();
    await expect(
      page.getByRole('gridcell', { name: new RegExp(`^${thursday}, not available$`) }),
    ).toContainText('Not available');
    await snapshot(page, 'calendar-psychologist-month-laptop');
  });

  test('the patient sees exactly those cells unclickable, in the week and the month', async ({
    page,
  }) => {
    await signIn(page, PATIENT);
    await openDashboard(page, 'Patient');
    await expect(page.getByText('Booking with')).toBeVisible();
    await expect(page.getByText('Dr. Asha Rao', { exact: true })).toBeVisible();
    await expect(page.getByText('₹1,200 for 45 min')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('psychologistId')).toBe(psychologistId);
    await goTwoWeeksAhead(page);

    // 7 days x 24 half hours, less Tuesday evening (8), all of Thursday (24) and the blocked slot.
    await expect(bookButtons(page)).toHaveCount(7 * 24 - 8 - 24 - 1);
    for (const time of ['5:00 PM', '6:30 PM', '8:30 PM']) {
      await expect(page.getByRole('button', { name: `Book ${tuesday} at ${time}` })).toHaveCount(0);
      await expect(
        page.getByRole('gridcell', { name: `${tuesday} at ${time}: Unavailable` }),
      ).toBeVisible();
    }
    await expect(page.getByRole('button', { name: new RegExp(`^Book ${thursday}`) })).toHaveCount(
      0,
    );
    await expect(page.getByRole('button', { name: `Book ${wednesday} at 10:00 AM` })).toHaveCount(
      0,
    );
    await expect(
      page.getByRole('gridcell', { name: `${wednesday} at 10:00 AM: Blocked` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: `Book ${wednesday} at 10:30 AM` })).toHaveCount(
      1,
    );
    await snapshot(page, 'calendar-patient-week-laptop');

    // 4:30 PM on Tuesday fits 20 minutes but not 45 (the evening is off).
    await page.getByRole('button', { name: `Book ${tuesday} at 4:30 PM` }).click();
    const durations = page.getByRole('dialog', { name: 'Select Appointment Duration' });
    await expect(durations.getByRole('button', { name: '20 Minutes' })).toBeEnabled();
    await expect(durations.getByRole('button', { name: '45 Minutes' })).toBeDisabled();
    await expect(
      durations.getByText('The psychologist is not available at that time of day.'),
    ).toBeVisible();
    await snapshot(page, 'duration-dialog-laptop');
    await durations.getByRole('button', { name: 'Cancel' }).click();
    await expect(durations).toHaveCount(0);

    // Keyboard: from Wednesday 10:30, down to 11:00 and Enter opens the dialog for that slot.
    const start = page.getByRole('gridcell', { name: `${wednesday} at 10:30 AM: Book` });
    await start.focus();
    await page.keyboard.press('ArrowDown');
    await expect(
      page.getByRole('gridcell', { name: `${wednesday} at 11:00 AM: Book` }),
    ).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(
      page.getByRole('gridcell', { name: `${tuesday} at 11:00 AM: Book` }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(durations).toContainText('11:00');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Month' }).click();
    await expect(
      page.getByRole('gridcell', { name: new RegExp(`^${thursday}, not available$`) }),
    ).toContainText('Not available');
    await expect(page.getByRole('gridcell', { name: new RegExp(`^${tuesday}$`) })).toContainText(
      'Evening unavailable',
    );
    await expect(
      page.getByRole('button', { name: `Add Event on ${thursday}`, exact: true }),
    ).toHaveCount(0);
    await page.getByRole('button', { name: `Show events on ${wednesday}`, exact: true }).click();
    const list = page.getByRole('dialog');
    await expect(list.getByText('No events found')).toBeVisible();
    await expect(list.getByText('There are no events scheduled for this day.')).toBeVisible();
    await list.getByRole('button', { name: 'Close' }).click();
    // Arrow keys move between days in the month grid too; Enter opens the day's list.
    await page.getByRole('button', { name: `Show events on ${wednesday}`, exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(
      page.getByRole('button', { name: `Show events on ${thursday}`, exact: true }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toContainText('No events found');
    await page.keyboard.press('Escape');
    await snapshot(page, 'calendar-patient-month-laptop');
  });

  test('on a phone the week grid scrolls sideways with the time column pinned', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, PATIENT);
    await openDashboard(page, 'Patient');
    await expect(page.getByRole('tab', { name: 'Week' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Month' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snapshot(page, 'calendar-patient-week-phone');

    // A Sunday-first week on request, still numbered the ISO way; the choice is remembered.
    await page.getByLabel('Week starts on').selectOption('sunday');
    await expect(page.getByRole('columnheader').nth(1)).toHaveAttribute('aria-label', /^Sunday, /);
    await expect(page.getByRole('columnheader', { name: /^Week \d+$/ })).toBeVisible();
    await page.reload();
    await openDashboard(page, 'Patient');
    await expect(page.getByRole('columnheader').nth(1)).toHaveAttribute('aria-label', /^Sunday, /);
    await page.getByLabel('Week starts on').selectOption('monday');
    await expect(page.getByRole('columnheader').nth(1)).toHaveAttribute('aria-label', /^Monday, /);

    const label = page.getByRole('rowheader', { name: '9:00 AM' });
    const before = await label.boundingBox();
    await page
      .getByRole('grid')
      .first()
      .evaluate((grid) => {
        grid.parentElement!.scrollLeft = 600;
      });
    const after = await label.boundingBox();
    expect(after?.x).toBe(before?.x);
    await snapshot(page, 'calendar-patient-week-phone-scrolled');
    await page.getByRole('tab', { name: 'Month' }).click();
    await snapshot(page, 'calendar-patient-month-phone');
  });

  test.afterAll(async ({ request }) => {
    // Leave the demo psychologist as other journeys expect: open calendar, default fees.
    const login = await request.post('/api/users/login', { data: PSYCHOLOGIST });
    const { data } = (await login.json()) as { data: LoginData };
    const headers = { authorization: `Bearer ${data.token}` };
    const availability = await request.get(
      `/api/availability?psychologistId=${data.user.id}&from=${new Date().toISOString().slice(0, 10)}&to=${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}`,
      { headers },
    );
    const facts = (await availability.json()) as {
      data: {
        daysOff: string[];
        unavailableDayParts: { date: string; segment: string }[];
        blockedSlots: string[];
      };
    };
    for (const date of facts.data.daysOff) {
      await request.patch('/api/availability/toggle-day', {
        headers,
        data: { date, status: 'Available' },
      });
    }
    for (const part of facts.data.unavailableDayParts) {
      await request.patch('/api/availability/toggle-segment', {
        headers,
        data: { ...part, status: 'Available' },
      });
    }
    for (const start of facts.data.blockedSlots) {
      await request.patch('/api/availability/toggle-slot', {
        headers,
        data: { start, status: 'Available' },
      });
    }
    await request.patch(`/api/psychologists/${data.user.id}`, {
      headers,
      data: { session_45_minute_rate: 900 },
    });
  });
});

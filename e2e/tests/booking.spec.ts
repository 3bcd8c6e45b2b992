import type { Page } from '@playwright/test';
import { expect, snapshot, test } from '../fixtures';

// The demo identities the server seeds on a fresh database (apps/server/src/db/seed.ts).
const PSYCHOLOGIST = { email: 'demo.psychologist@sukoon.test', password: 'sukoon-demo-2026' };
const PATIENT = { email: 'demo.patient@sukoon.test', password: 'sukoon-demo-2026' };

interface LoginData {
  token: string;
  user: { id: string };
}

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
  const grid = page.getByRole('grid').first();
  const chooser = page.getByRole('group', { name: 'Choose a psychologist' });
  await expect(grid.or(chooser)).toBeVisible();
  if (await chooser.isVisible())
    await chooser.getByRole('button', { name: /^Dr\. Asha Rao/ }).click();
  await expect(grid).toBeVisible();
}

/** Weeks ahead (past the calendar journey's two), so every day shown is free and in the future. */
async function goWeeksAhead(page: Page, weeks: number) {
  const heading = page.getByRole('heading', { level: 3 });
  for (let index = 0; index < weeks; index += 1) {
    const before = await heading.textContent();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(heading).not.toHaveText(before ?? '');
  }
}

async function dayName(page: Page, weekday: string) {
  const header = page.getByRole('columnheader', { name: new RegExp(`^${weekday}, `) });
  const label = (await header.getAttribute('aria-label')) ?? '';
  return label.split(',').slice(0, 2).join(',');
}

/** The demo psychologist's fee for a length, in the ₹ format the dialogs use. */
async function feeText(page: Page, psychologistId: string, duration: 20 | 45) {
  const response = await page.request.get(`/api/psychologists/${psychologistId}`, {
    headers: { authorization: `Bearer ${await signInToken(page)}` },
  });
  const { data } = (await response.json()) as {
    data: { session_20_minute_rate: number; session_45_minute_rate: number };
  };
  const rupees = duration === 20 ? data.session_20_minute_rate : data.session_45_minute_rate;
  return `₹${rupees.toLocaleString('en-IN')}`;
}

async function signInToken(page: Page) {
  const response = await page.request.post('/api/users/login', { data: PATIENT });
  return ((await response.json()) as { data: LoginData }).data.token;
}

async function psychologistIdOf(page: Page) {
  const response = await page.request.post('/api/users/login', { data: PSYCHOLOGIST });
  return ((await response.json()) as { data: LoginData }).data.user.id;
}

test.describe.serial('booking and payment', () => {
  const title = `Anxiety at work ${Date.now() % 100_000}`;
  let friday = '';

  test('the demo patient books and pays a 45-minute session and sees it confirmed', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const fee = await feeText(page, await psychologistIdOf(page), 45);
    await signIn(page, PATIENT);
    await openDashboard(page, 'Patient');
    await goWeeksAhead(page, 3);
    friday = await dayName(page, 'Friday');

    await page.getByRole('button', { name: `Book ${friday} at 11:00 AM` }).click();
    const durations = page.getByRole('dialog', { name: 'Select Appointment Duration' });
    await durations.getByRole('button', { name: '45 Minutes' }).click();

    const form = page.getByRole('dialog', { name: 'Add Event' });
    await expect(form).toBeVisible();
    await expect(form.getByRole('group', { name: 'Start time' })).toBeVisible();
    await expect(form.getByLabel('Start hour')).toHaveValue('11');
    await expect(form.getByLabel('AM or PM')).toHaveValue('AM');
    await expect(form.getByText('11:45 AM')).toBeVisible();
    await expect(form.getByText('Session Fee')).toBeVisible();
    await expect(form.getByLabel('Meeting Link')).toHaveCount(0);
    await form.getByRole('button', { name: `Book Event · ${fee}` }).click();
    await expect(form.getByText('Event name is required')).toBeVisible();
    await expect(form.getByText('Description is required')).toBeVisible();
    await snapshot(page, 'booking-add-event-errors-laptop');

    await form.getByLabel('Event name').fill(title);
    await form.getByLabel('Problems Facing').fill('Deadlines keep me awake at night.');
    await form.getByText('Green').click();
    await snapshot(page, 'booking-add-event-laptop');
    await form.getByRole('button', { name: `Book Event · ${fee}` }).click();

    const payment = page.getByRole('dialog', { name: 'Complete Your Booking' });
    await expect(payment).toBeVisible();
    await expect(payment).toContainText('45 minutes');
    await expect(payment).toContainText('Deadlines keep me awake at night.');
    await expect(payment).toContainText(/Secure payment by/);
    await expect(payment.getByText('Total')).toBeVisible();
    await snapshot(page, 'booking-complete-your-booking-laptop');
    await payment.getByRole('button', { name: `Pay ${fee}` }).click();

    const checkout = page.getByRole('dialog', { name: 'Sukoon' });
    await expect(checkout.getByTestId('checkout-amount')).toHaveText(fee);
    await checkout.getByRole('button', { name: `Pay ${fee}` }).click();

    const confirmed = page.getByRole('dialog', { name: 'Booking Confirmed' });
    await expect(confirmed.getByText('Your appointment has been scheduled')).toBeVisible();
    await expect(confirmed).toContainText('11:00 AM – 11:45 AM');
    await snapshot(page, 'booking-confirmed-laptop');
    await confirmed.getByRole('button', { name: 'Done' }).click();
    await expect(confirmed).toHaveCount(0);
    // The calendar shows it at once, and the slot is no longer offered.
    await expect(page.getByText(title).first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Book ${friday} at 11:00 AM` })).toHaveCount(0);
  });

  test('the psychologist sees it, adds an event of their own and edits it', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, PSYCHOLOGIST);
    await openDashboard(page, 'Psychologist');
    await goWeeksAhead(page, 3);
    await expect(page.getByText(title).first()).toBeVisible();

    await page.getByRole('button', { name: 'Add Event' }).click();
    const form = page.getByRole('dialog', { name: 'Add Event' });
    await expect(form.getByText('Session Fee')).toHaveCount(0);
    await form.getByLabel('Event name').fill('Supervision');
    await form.getByLabel('Problems Facing').fill('Peer supervision group');
    await form.getByLabel('Start hour').selectOption('8');
    await form.getByLabel('AM or PM').selectOption('PM');
    await form.getByLabel('Start minute').selectOption('50');
    // 8:50 PM + 20 minutes is capped at 9:00 PM, and the form says why it cannot be booked.
    await expect(form.getByText('9:00 PM', { exact: true })).toBeVisible();
    await form.getByRole('button', { name: 'Book Event' }).click();
    await expect(form.getByText('Meeting link is required')).toBeVisible();
    await expect(form.getByText(/must end by 9:00 PM/)).toBeVisible();
    await form.getByLabel('Start hour').selectOption('2');
    await form.getByLabel('Start minute').selectOption('0');
    await form.getByLabel('Meeting Link').fill('https://meet.example.com/supervision');
    // Each message goes once its field is changed.
    await expect(form.getByText('Meeting link is required')).toHaveCount(0);
    await expect(form.getByText(/must end by 9:00 PM/)).toHaveCount(0);
    await snapshot(page, 'booking-psychologist-add-event-laptop');
    await form.getByRole('button', { name: 'Book Event' }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByText('Supervision').first()).toBeVisible();

    // Edit it; closing with unsaved changes asks first.
    await page.getByRole('button', { name: 'Edit Event Supervision' }).first().click();
    const edit = page.getByRole('dialog', { name: 'Edit Event' });
    await expect(edit.getByLabel('Meeting Link')).toHaveValue(
      'https://meet.example.com/supervision',
    );
    await edit.getByLabel('Event name').fill('Supervision (group)');
    await page.keyboard.press('Escape');
    const confirmClose = page.getByRole('alertdialog');
    await expect(
      confirmClose.getByText('Are you sure you want to close? Any unsaved changes may be lost.'),
    ).toBeVisible();
    await snapshot(page, 'booking-confirm-close-laptop');
    await confirmClose.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeVisible();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toHaveCount(0);
    await expect(page.getByText('Supervision (group)').first()).toBeVisible();

    // The same dialogs on a phone; Continue discards the change.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Edit Event Supervision (group)' }).first().click();
    await edit.getByLabel('Event name').fill('Discard me');
    await snapshot(page, 'booking-psychologist-edit-event-phone');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmClose).toBeVisible();
    await snapshot(page, 'booking-confirm-close-phone');
    await confirmClose.getByRole('button', { name: 'Continue' }).click();
    await expect(edit).toHaveCount(0);
    await expect(page.getByText('Discard me')).toHaveCount(0);
  });

  test('on a phone: a failed payment leaves no booking and frees the slot', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const fee = await feeText(page, await psychologistIdOf(page), 20);
    const patient = await signIn(page, PATIENT);
    await openDashboard(page, 'Patient');
    await goWeeksAhead(page, 3);
    const saturday = await dayName(page, 'Saturday');

    // First a paid 20-minute session, to see the confirmation on a phone.
    await page.getByRole('button', { name: `Book ${saturday} at 10:00 AM` }).click();
    await page
      .getByRole('dialog', { name: 'Select Appointment Duration' })
      .getByRole('button', { name: '20 Minutes' })
      .click();
    const first = page.getByRole('dialog', { name: 'Add Event' });
    await first.getByLabel('Event name').fill('Phone booking');
    await first.getByLabel('Problems Facing').fill('Booked from a phone');
    await first.getByRole('button', { name: `Book Event · ${fee}` }).click();
    await page
      .getByRole('dialog', { name: 'Complete Your Booking' })
      .getByRole('button', { name: `Pay ${fee}` })
      .click();
    await page
      .getByRole('dialog', { name: 'Sukoon' })
      .getByRole('button', { name: `Pay ${fee}` })
      .click();
    const confirmed = page.getByRole('dialog', { name: 'Booking Confirmed' });
    await expect(confirmed).toContainText('10:00 AM – 10:20 AM');
    await snapshot(page, 'booking-confirmed-phone');
    await confirmed.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: `Book ${saturday} at 2:00 PM` }).click();
    await page
      .getByRole('dialog', { name: 'Select Appointment Duration' })
      .getByRole('button', { name: '20 Minutes' })
      .click();
    const form = page.getByRole('dialog', { name: 'Add Event' });
    await form.getByLabel('Event name').fill('Try to pay');
    await form.getByLabel('Problems Facing').fill('Checking the failure path');
    await snapshot(page, 'booking-add-event-phone');
    await form.getByRole('button', { name: `Book Event · ${fee}` }).click();
    const payment = page.getByRole('dialog', { name: 'Complete Your Booking' });
    await expect(payment).toBeVisible();
    await snapshot(page, 'booking-complete-your-booking-phone');
    await payment.getByRole('button', { name: `Pay ${fee}` }).click();

    const checkout = page.getByRole('dialog', { name: 'Sukoon' });
    await checkout.getByRole('button', { name: 'Simulate failure' }).click();
    await expect(checkout.getByRole('alert')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(checkout).toHaveCount(0);
    // It stops quietly: no dialog, no message, and the slot is offered again.
    await expect(payment).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Book ${saturday} at 2:00 PM` })).toHaveCount(1);

    const response = await page.request.get(`/api/bookings/user/${patient.user.id}`, {
      headers: { authorization: `Bearer ${patient.token}` },
    });
    const { data } = (await response.json()) as { data: { title: string; status: string }[] };
    expect(data.filter((row) => row.title === 'Try to pay').map((row) => row.status)).toEqual([
      'canceled',
    ]);
  });
});

import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// After the booking: meeting links, attendance and cancellation, for both roles. The demo identities
// and their past sessions are seeded on a fresh database (apps/server/src/db/seed.ts).
const PSYCHOLOGIST = { email: 'demo.psychologist@sukoon.test', password: 'sukoon-demo-2026' };
const PATIENT = { email: 'demo.patient@sukoon.test', password: 'sukoon-demo-2026' };
const PATIENT_NAME = 'demo_patient';
const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

interface LoginData {
  token: string;
  user: { id: string };
}

async function login(page: Page, who: typeof PSYCHOLOGIST): Promise<LoginData> {
  const response = await page.request.post('/api/users/login', { data: who });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: LoginData }).data;
}

async function signIn(page: Page, who: typeof PSYCHOLOGIST): Promise<LoginData> {
  const data = await login(page, who);
  await page.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('authToken', token);
      window.localStorage.setItem('authUser', user);
    },
    [data.token, JSON.stringify(data.user)] as const,
  );
  return data;
}

/** A second person in the same journey: their own browser context, signed in. */
async function pageFor(browser: Browser, who: typeof PSYCHOLOGIST, viewport = LAPTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}

async function openDashboard(page: Page, role: 'Patient' | 'Psychologist') {
  await page.goto('/');
  await page.getByRole('button', { name: new RegExp(role) }).click();
  await expect(page.getByRole('heading', { name: `${role} Dashboard` })).toBeVisible();
  const grid = page.getByRole('grid').first();
  // Other journeys register psychologists of their own: a patient then chooses the demo one.
  const chooser = page.getByRole('group', { name: 'Choose a psychologist' });
  await expect(grid.or(chooser)).toBeVisible();
  if (await chooser.isVisible()) {
    await chooser.getByRole('button', { name: /^Dr\. Asha Rao/ }).click();
  }
  await expect(grid).toBeVisible();
}

/** Far enough ahead that the booking and calendar journeys' weeks (up to 3 ahead) never collide. */
async function goWeeksAhead(page: Page, weeks: number) {
  const heading = page.getByRole('heading', { level: 3 }).first();
  for (let index = 0; index < weeks; index += 1) {
    const before = await heading.textContent();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(heading).not.toHaveText(before ?? '');
  }
}

async function dayName(page: Page, weekday: string) {
  const header = page.getByRole('columnheader', { name: new RegExp(`^${weekday}, `) });
  const label = (await header.getAttribute('aria-label')) ?? '';
  return label.split(',').slice(0, 2).join(',');
}

async function feeText(page: Page, duration: 20 | 45) {
  const psychologist = await login(page, PSYCHOLOGIST);
  const response = await page.request.get(`/api/psychologists/${psychologist.user.id}`, {
    headers: { authorization: `Bearer ${psychologist.token}` },
  });
  const { data } = (await response.json()) as {
    data: { session_20_minute_rate: number; session_45_minute_rate: number };
  };
  const rupees = duration === 20 ? data.session_20_minute_rate : data.session_45_minute_rate;
  return `₹${rupees.toLocaleString('en-IN')}`;
}

/** The patient books a slot and pays in the sandbox checkout; returns the order paid. */
async function bookAndPay(
  page: Page,
  slot: { day: string; time: string; duration: 20 | 45; title: string },
) {
  const fee = await feeText(page, slot.duration);
  await page.getByRole('button', { name: `Book ${slot.day} at ${slot.time}` }).click();
  await page
    .getByRole('dialog', { name: 'Select Appointment Duration' })
    .getByRole('button', { name: `${slot.duration} Minutes` })
    .click();
  const form = page.getByRole('dialog', { name: 'Add Event' });
  await form.getByLabel('Event name').fill(slot.title);
  await form.getByLabel('Problems Facing').fill('Trouble sleeping before presentations');
  const order = page.waitForResponse((response) =>
    response.url().endsWith('/api/payments/create-order'),
  );
  await form.getByRole('button', { name: `Book Event · ${fee}` }).click();
  const { data } = (await (await order).json()) as { data: { order_id: string } };
  await page
    .getByRole('dialog', { name: 'Complete Your Booking' })
    .getByRole('button', { name: `Pay ${fee}` })
    .click();
  await page
    .getByRole('dialog', { name: 'Sukoon' })
    .getByRole('button', { name: `Pay ${fee}` })
    .click();
  const confirmed = page.getByRole('dialog', { name: 'Booking Confirmed' });
  await expect(confirmed.getByText('Your appointment has been scheduled')).toBeVisible();
  await confirmed.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(slot.title).first()).toBeVisible();
  return { orderId: data.order_id, fee };
}

/** Screenshots for a person to look at (SCREENSHOTS=1): the viewport, or the whole page. */
async function shot(page: Page, name: string, fullPage = false) {
  if (process.env.SCREENSHOTS !== '1') return;
  await page.screenshot({ path: `../screenshots/after-booking/${name}.png`, fullPage });
}

async function shotOf(locator: Locator, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  await locator.screenshot({ path: `../screenshots/after-booking/${name}.png` });
}

function attendanceBox(page: Page) {
  return page.getByRole('region', { name: 'Attendance', exact: true });
}

test.describe.serial('after the booking', () => {
  test('the psychologist sets a meeting link and marks a started session Present with a note', async ({
    page,
  }) => {
    await page.setViewportSize(LAPTOP);
    await signIn(page, PSYCHOLOGIST);
    await openDashboard(page, 'Psychologist');
    await expect(page.getByRole('heading', { name: /^Today's Attendance \(\d+\)$/ })).toBeVisible();
    await expect(page.getByText(/click a session in the calendar to open it/)).toBeVisible();

    // On a laptop the box starts collapsed (open, it would cover the weekend's columns); its toggle
    // shows the two seeded sessions nobody marked yet.
    await shot(page, 'psychologist-dashboard-laptop');
    await page.getByRole('button', { name: 'Attendance Pending (2)' }).click();
    const box = attendanceBox(page);
    await expect(box.getByRole('tab', { name: 'Pending (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await shot(page, 'box-open-laptop');

    const row = box.getByRole('listitem').filter({ hasText: 'Sleep check-in' });
    await expect(row.getByText('Not marked')).toBeVisible();
    await row
      .getByRole('button', { name: `Add link for ${PATIENT_NAME}` })
      .first()
      .click();
    await row.getByLabel('Meeting link').fill('http://meet.example.com/sleep');
    await row.getByRole('button', { name: 'Save link' }).click();
    await expect(row.getByText('Meeting link must start with https://')).toBeVisible();
    await shot(page, 'box-meeting-link-error-laptop');
    await row.getByLabel('Meeting link').fill('  https://meet.example.com/sleep-check-in ');
    await row.getByRole('button', { name: 'Save link' }).click();
    await expect(
      row.getByRole('link', { name: 'https://meet.example.com/sleep-check-in' }),
    ).toBeVisible();

    await row.getByRole('button', { name: /Mark attendance/ }).click();
    const notes = row.getByLabel(/Notes/);
    await notes.fill('Slept 6 hours twice this week; keep the wind-down routine.');
    await expect(row.getByText('58/500')).toBeVisible();
    await shot(page, 'box-pending-marking-laptop');
    await row.getByRole('button', { name: 'Present', exact: true }).click();
    await expect(box.getByRole('status').first()).toHaveText(
      `Marked ${PATIENT_NAME} (Sleep check-in) Present.`,
    );
    await expect(box.getByRole('tab', { name: 'Pending (1)' })).toBeVisible();
    await shot(page, 'box-pending-laptop');

    await box.getByRole('tab', { name: 'Completed' }).click();
    const completed = box.getByRole('listitem').filter({ hasText: 'Sleep check-in' });
    await expect(completed.getByText(/^✓\s*Present$/)).toBeVisible();
    await shot(page, 'box-completed-laptop');
    await box.getByRole('tab', { name: 'All' }).click();
    await expect(box.getByRole('listitem').filter({ hasText: 'Exam anxiety' })).toBeVisible();
    await shot(page, 'box-all-laptop');

    // The server kept the note and the link (notes are for the psychologist only).
    const psychologist = await login(page, PSYCHOLOGIST);
    const events = await page.request.get('/api/events', {
      headers: { authorization: `Bearer ${psychologist.token}` },
    });
    const { data } = (await events.json()) as {
      data: {
        title: string;
        attendanceStatus: string;
        attendanceNotes: string;
        meetingLink: string;
      }[];
    };
    expect(data.find((event) => event.title === 'Sleep check-in')).toMatchObject({
      attendanceStatus: 'attended',
      attendanceNotes: 'Slept 6 hours twice this week; keep the wind-down routine.',
      meetingLink: 'https://meet.example.com/sleep-check-in',
    });

    // The seeded 'Work stress' session is in this week or the one before: open it from the grid.
    await box.getByRole('button', { name: /Hide attendance/ }).click();
    const pill = page.getByRole('button', { name: 'Edit Event Work stress' });
    if ((await pill.count()) === 0) await page.getByRole('button', { name: 'Prev' }).click();
    await expect(page.getByRole('heading', { name: /^Sessions this week \(\d+\)$/ })).toBeVisible();
    await shotOf(
      page.getByRole('region', { name: /^Sessions this week/ }),
      'below-week-list-laptop',
    );
    await pill.click();
    const edit = page.getByRole('dialog', { name: 'Edit Event' });
    const section = edit.getByRole('region', { name: 'Patient Attendance' });
    await expect(section.getByText('Not marked')).toBeVisible();
    await section.getByLabel(/Notes/).fill('Did not join; sent a message.');
    await section.getByRole('button', { name: 'Absent', exact: true }).click();
    await expect(section.getByText('Marked Absent.')).toBeVisible();
    await expect(section.getByText(/^✗\s*Absent$/).first()).toBeVisible();
    await expect(section.getByRole('button', { name: 'Absent', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'edit-event-patient-attendance-laptop');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toHaveCount(0);
    await expect(
      page
        .getByRole('gridcell')
        .filter({ has: page.getByRole('button', { name: 'Edit Event Work stress' }) }),
    ).toContainText('✗ Work stress');

    // On a phone the box starts collapsed to its toggle, and Today's list is collapsible.
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByRole('button', { name: /Psychologist/ }).click();
    const toggle = page.getByRole('button', { name: 'Attendance Pending (0)' });
    await expect(toggle).toBeVisible();
    await expect(page.getByRole('button', { name: /^Today's Attendance/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await shot(page, 'psychologist-dashboard-phone');
    await toggle.click();
    await expect(box.getByRole('tab', { name: 'Pending (0)' })).toBeVisible();
    await shot(page, 'box-pending-phone');
    await box.getByRole('tab', { name: 'All' }).click();
    await box
      .getByRole('listitem')
      .filter({ hasText: 'Sleep check-in' })
      .getByRole('button', { name: /Change attendance/ })
      .click();
    await shot(page, 'box-all-phone');
    await box.getByRole('button', { name: /Hide attendance/ }).click();
    await expect(toggle).toBeFocused();
  });

  test('the patient books and pays, then cancels free of charge and the slot is bookable again', async ({
    page,
  }) => {
    await page.setViewportSize(LAPTOP);
    await signIn(page, PATIENT);
    await openDashboard(page, 'Patient');
    await goWeeksAhead(page, 6);
    const friday = await dayName(page, 'Friday');
    const title = `Presentation nerves ${Date.now() % 100_000}`;
    const { fee } = await bookAndPay(page, { day: friday, time: '11:00 AM', duration: 45, title });

    const yours = page.getByRole('region', { name: 'Your sessions' });
    const upcoming = yours.getByRole('listitem').filter({ hasText: title });
    await expect(upcoming.getByRole('button', { name: `Cancel ${title}` })).toBeVisible();
    await shot(page, 'patient-dashboard-laptop');

    await page.getByRole('button', { name: `Delete Event ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Appointment' });
    await expect(dialog).toContainText('free of charge');
    await expect(dialog).toContainText(`The ${fee} you paid is refunded in full`);
    await shot(page, 'cancel-patient-laptop');
    await dialog.getByRole('button', { name: 'Cancel session' }).click();
    await expect(dialog.getByRole('status')).toContainText(
      new RegExp(`The session is canceled\\. (Refunded ${fee}|Refund pending: ${fee})`),
    );
    await shot(page, 'cancel-patient-done-laptop');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Gone from the calendar, the slot is offered again, and the refund shows in Your sessions.
    await expect(page.getByRole('button', { name: `Delete Event ${title}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Book ${friday} at 11:00 AM` })).toHaveCount(1);
    const canceled = yours.getByRole('listitem').filter({ hasText: title });
    await expect(canceled).toContainText('Canceled by you');
    await expect(canceled).toContainText(new RegExp(`Refunded ${fee}|Refund pending`));
  });

  const penaltyTitle = `Grief support ${Date.now() % 100_000}`;
  let penaltyOrder = '';
  let penaltyFee = '';
  let thursday = '';

  test('the patient books a session; the psychologist adds its meeting link; the patient can join', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(LAPTOP);
    await signIn(page, PATIENT);
    await openDashboard(page, 'Patient');
    await goWeeksAhead(page, 7);
    thursday = await dayName(page, 'Thursday');
    const booked = await bookAndPay(page, {
      day: thursday,
      time: '3:00 PM',
      duration: 20,
      title: penaltyTitle,
    });
    penaltyOrder = booked.orderId;
    penaltyFee = booked.fee;

    const psychologist = await pageFor(browser, PSYCHOLOGIST);
    await openDashboard(psychologist, 'Psychologist');
    await goWeeksAhead(psychologist, 7);
    const week = psychologist.getByRole('region', { name: /^Sessions this week/ });
    const row = week.getByRole('listitem').filter({ hasText: penaltyTitle });
    await expect(row.getByText('Attendance can be marked once it starts.')).toBeVisible();
    await row.getByRole('button', { name: `Add link for ${PATIENT_NAME}` }).click();
    await row.getByLabel('Meeting link').fill('https://meet.example.com/grief-support');
    await row.getByRole('button', { name: 'Save link' }).click();
    await expect(row.getByText('Link saved. The patient is emailed the new link.')).toBeVisible();
    await psychologist.context().close();

    // Within the calendar's live refresh the patient's pill and Your sessions offer Join.
    const join = page.getByRole('link', { name: `Join ${penaltyTitle} (opens in a new tab)` });
    await expect(join.first()).toBeVisible({ timeout: 15_000 });
    await expect(join.first()).toHaveAttribute('href', 'https://meet.example.com/grief-support');
    await expect(join.first()).toHaveAttribute('target', '_blank');
    await expect(join.first()).toHaveAttribute('rel', 'noopener noreferrer');
    await page.reload();
    await expect(join).toHaveCount(1); // Your sessions; the pill is 7 weeks ahead after a reload
    await shot(page, 'patient-your-sessions-join-laptop');
    await goWeeksAhead(page, 7);
    await expect(join).toHaveCount(2);
    await shotOf(
      page.getByRole('gridcell', { name: new RegExp(`^${thursday} at 3:00 PM`) }),
      'patient-pill-join-laptop',
    );

    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'patient-dashboard-phone');
    await page.getByRole('button', { name: `Delete Event ${penaltyTitle}` }).click();
    await expect(page.getByRole('dialog', { name: 'Cancel Appointment' })).toBeVisible();
    await shot(page, 'cancel-patient-phone');
    await page.getByRole('button', { name: 'Keep session' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test("the psychologist cancels the patient's session by paying the ₹100 fee; the patient is refunded", async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(LAPTOP);
    await signIn(page, PSYCHOLOGIST);
    await openDashboard(page, 'Psychologist');
    await goWeeksAhead(page, 7);

    await page.getByRole('button', { name: `Delete Event ${penaltyTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Appointment' });
    await expect(dialog).toContainText('Cancellation fee₹100');
    await expect(dialog).toContainText(`${PATIENT_NAME} is refunded the ${penaltyFee} they paid`);
    await shot(page, 'cancel-psychologist-fee-laptop');
    await dialog.getByRole('button', { name: 'Pay ₹100 and cancel' }).click();
    const checkout = page.getByRole('dialog').filter({ has: page.getByTestId('checkout-amount') });
    await expect(checkout.getByTestId('checkout-amount')).toHaveText('₹100');
    await checkout.getByRole('button', { name: 'Pay ₹100' }).click();
    await expect(dialog.getByRole('status')).toContainText(
      `You paid the ₹100 cancellation fee, and ${PATIENT_NAME} is refunded the ${penaltyFee} they paid, in full.`,
    );
    await shot(page, 'cancel-psychologist-done-laptop');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('button', { name: `Edit Event ${penaltyTitle}` })).toHaveCount(0);

    // An event of their own (no patient) is canceled with a plain confirmation, on a phone.
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Add Event' }).click();
    const form = page.getByRole('dialog', { name: 'Add Event' });
    await form.getByLabel('Event name').fill('Peer supervision');
    await form.getByLabel('Problems Facing').fill('Case review');
    await form.getByLabel('Meeting Link').fill('https://meet.example.com/peer');
    await form.getByRole('button', { name: 'Book Event' }).click();
    await expect(form).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete Event Peer supervision' }).first().click();
    await expect(dialog).toContainText('no patient booking, so there is no fee');
    await expect(dialog).not.toContainText('₹');
    await shot(page, 'cancel-psychologist-own-event-phone');
    await dialog.getByRole('button', { name: 'Cancel event' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'The event is canceled and its time is free again.',
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('button', { name: 'Delete Event Peer supervision' })).toHaveCount(
      0,
    );

    // The patient sees the refund in Your sessions, and the order shows a processed refund.
    const patientPage = await pageFor(browser, PATIENT);
    await openDashboard(patientPage, 'Patient');
    const canceled = patientPage
      .getByRole('region', { name: 'Your sessions' })
      .getByRole('listitem')
      .filter({ hasText: penaltyTitle });
    await expect(canceled).toContainText('Canceled by Dr. Asha Rao');
    await expect(canceled).toContainText(`Refunded ${penaltyFee}`, { timeout: 20_000 });
    await shot(patientPage, 'patient-refunded-laptop');

    const patient = await login(patientPage, PATIENT);
    await expect
      .poll(async () => {
        const response = await patientPage.request.get(`/api/payments/orders/${penaltyOrder}`, {
          headers: { authorization: `Bearer ${patient.token}` },
        });
        const { data } = (await response.json()) as {
          data: { status: string; amount: number; refunds: { status: string; amount: number }[] };
        };
        return data.refunds.map((refund) => ({ status: refund.status, amount: refund.amount }));
      })
      .toEqual([{ status: 'processed', amount: Number(penaltyFee.replace(/\D/g, '')) * 100 }]);
    await patientPage.context().close();
  });
});

import type { Page } from '@playwright/test';
import { expect, expectAccessible, press, snapshot, test } from '../fixtures';
import { feeText, openDashboard, PATIENT, signIn } from './journey-helpers';

/** Nothing on the way may be wider than the screen (issue 17: no horizontal scrolling). */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a patient picks a day and a time in the picker, pays, and sees the session', async ({
  page,
}) => {
  await signIn(page, PATIENT);
  await openDashboard(page, 'Patient', undefined, 'times');
  const picker = page.getByRole('region', { name: 'Pick a time' });
  const days = picker.getByRole('list', { name: 'Days' });
  await expect(days).toBeVisible();
  await expect(picker.getByText(/^Next available: /)).toBeVisible();
  await expectAccessible(page, 'the time picker');
  await expectNoSideways(page);
  await snapshot(page, 'time-picker');

  // Three weeks ahead (its own day for each device), the latest time offered for 45 minutes.
  const fee = await feeText(page.request, 45);
  let taps = 0;
  // The radio is drawn by its label: a person taps the label.
  await press(picker.getByText('45 min', { exact: true }));
  await expect(picker.getByRole('radio', { name: new RegExp(`45 min\\s*${fee}`) })).toBeChecked();
  const day = days.getByRole('button').nth(test.info().project.name === 'phone' ? 20 : 21);
  const dayLabel = ((await day.getAttribute('aria-label')) ?? '').split(':')[0]!;
  await press(day);
  taps += 1;
  await expect(day).toHaveAttribute('aria-pressed', 'true');
  await expect(picker.getByRole('heading', { name: dayLabel })).toBeVisible();
  const time = picker.getByRole('button', { name: new RegExp(`^Book ${dayLabel} at `) }).last();
  const timeLabel = (await time.getAttribute('aria-label')) ?? '';
  // 45 minutes from 8:30 PM would end after 9 PM: the latest offered start is 8:00 PM.
  expect(timeLabel).toContain('at 8:00 PM');
  await expectNoSideways(page);
  await press(time);
  taps += 1;

  const form = page.getByRole('dialog', { name: 'Add Event' });
  await expect(form).toBeVisible();
  await form.getByLabel('Event name').fill('First conversation');
  await form.getByLabel('Problems Facing').fill('Trouble sleeping before exams');
  const order = page.waitForResponse((response) =>
    response.url().endsWith('/api/payments/create-order'),
  );
  await press(form.getByRole('button', { name: `Book Event · ${fee}` }));
  taps += 1;
  const { start_time: startTime, duration } = (await order).request().postDataJSON() as {
    start_time: string;
    duration: number;
  };
  expect(duration).toBe(45);
  expect(new Date(startTime).toISOString()).toMatch(/T14:30:00\.000Z$/); // 8:00 PM in India
  const payment = page.getByRole('dialog', { name: 'Complete Your Booking' });
  await expect(payment).toBeVisible();
  // A phone user reaches the payment screen in at most 4 taps after choosing a psychologist.
  expect(taps).toBeLessThanOrEqual(4);
  await expectNoSideways(page);

  await press(payment.getByRole('button', { name: `Pay ${fee}` }));
  await press(
    page.getByRole('dialog', { name: 'Sukoon' }).getByRole('button', { name: `Pay ${fee}` }),
  );
  const confirmed = page.getByRole('dialog', { name: 'Booking Confirmed' });
  await expect(confirmed.getByText('Your appointment has been scheduled')).toBeVisible();
  await press(confirmed.getByRole('button', { name: 'Done' }));

  // The time is gone from the picker and the session is in Your sessions.
  await expect(
    picker.getByRole('button', { name: new RegExp(`^Book ${dayLabel} at 8:00 PM`) }),
  ).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Your sessions' }).getByText('First conversation').first(),
  ).toBeVisible();
});

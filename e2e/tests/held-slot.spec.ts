import { expect, expectAccessible, press, test } from '../fixtures';
import { PATIENT, bearer, openDashboard, signIn } from './journey-helpers';

/** 10:00 AM in India on a weekday this many weeks ahead (past the other journeys' weeks). */
function slotWeeksAhead(weeks: number) {
  const day = new Date(Date.now() + weeks * 7 * 86_400_000);
  // Wednesday of that week, so a weekend rule never refuses it.
  day.setUTCDate(day.getUTCDate() + ((3 - day.getUTCDay() + 7) % 7));
  day.setUTCHours(4, 30, 0, 0);
  return day;
}

test('a hold left unpaid waits in Your sessions with its countdown, and can be released', async ({
  page,
}) => {
  const patient = await signIn(page, PATIENT);
  const psychologists = await page.request.get('/api/psychologists', {
    headers: bearer(patient.token),
  });
  const [psychologist] = ((await psychologists.json()) as { data: { id: string }[] }).data;
  // A checkout closed mid-payment: the hold and its order exist, nothing was paid.
  const title = `Closed the tab ${test.info().project.name}`;
  const hold = await page.request.post('/api/payments/create-order', {
    headers: bearer(patient.token),
    data: {
      psychologist_id: psychologist!.id,
      start_time: slotWeeksAhead(test.info().project.name === 'phone' ? 9 : 10).toISOString(),
      duration: 20,
      title,
      description: 'Left the payment',
    },
  });
  expect(hold.status(), await hold.text()).toBe(200);

  // The list is paged: the first page carries next_cursor beside data.
  const page1 = await page.request.get(`/api/bookings/user/${patient.user.id}?limit=1`, {
    headers: bearer(patient.token),
  });
  const body = (await page1.json()) as { data: unknown[]; next_cursor: string | null };
  expect(body.data).toHaveLength(1);
  expect(body).toHaveProperty('next_cursor');

  await openDashboard(page, 'Patient');
  const waiting = page.getByRole('list', { name: 'Awaiting payment (1)' });
  await expect(waiting).toContainText(title);
  await expect(waiting).toContainText(/Slot kept for you for \d+:\d\d/);
  await expectAccessible(page, 'awaiting payment');
  await press(page.getByRole('button', { name: `Release the slot of ${title}` }));
  await expect(page.getByRole('list', { name: /Awaiting payment/ })).toHaveCount(0);
});

test('a hold left unpaid is paid from Your sessions with its own order, and becomes a session', async ({
  page,
}) => {
  const patient = await signIn(page, PATIENT);
  const psychologists = await page.request.get('/api/psychologists', {
    headers: bearer(patient.token),
  });
  const [psychologist] = ((await psychologists.json()) as { data: { id: string }[] }).data;
  const title = `Came back to pay ${test.info().project.name}`;
  const hold = await page.request.post('/api/payments/create-order', {
    headers: bearer(patient.token),
    data: {
      psychologist_id: psychologist!.id,
      start_time: slotWeeksAhead(test.info().project.name === 'phone' ? 11 : 12).toISOString(),
      duration: 20,
      title,
      description: 'Closed the tab while paying',
    },
  });
  expect(hold.status(), await hold.text()).toBe(200);

  await openDashboard(page, 'Patient');
  await press(page.getByRole('button', { name: `Resume paying for ${title}` }));
  const payment = page.getByRole('dialog', { name: 'Complete Your Booking' });
  await expect(payment).toContainText('20 minutes');
  await expect(payment).toContainText('Closed the tab while paying');
  await expectAccessible(page, 'Complete Your Booking, resumed', { within: payment });
  await press(payment.getByRole('button', { name: /^Pay ₹/ }));
  const checkout = page.getByRole('dialog', { name: 'Sukoon' });
  await press(checkout.getByRole('button', { name: /^Pay ₹/ }));
  const confirmed = page.getByRole('dialog', { name: 'Booking Confirmed' });
  await expect(confirmed.getByText('Your appointment has been scheduled')).toBeVisible();
  await press(confirmed.getByRole('button', { name: 'Done' }));

  await expect(page.getByRole('list', { name: /Awaiting payment/ })).toHaveCount(0);
  // The hold itself became the booked session (resume-hold.test.ts checks no second order is made).
  const mine = await page.request.get(`/api/bookings/user/${patient.user.id}?limit=200`, {
    headers: bearer(patient.token),
  });
  const rows = ((await mine.json()) as { data: { title: string; status: string }[] }).data;
  expect(rows.filter((row) => row.title === title).map((row) => row.status)).toEqual(['booked']);
});

import { expect, expectAccessible, press, test } from '../fixtures';
import { PATIENT, bearer, openDashboard, signIn, weekAheadAt } from './journey-helpers';
import { say, sayPart, sayPattern } from './words';

/** 10:00 AM in India on the Wednesday (never a weekend rule's day) of a week past the others'. */
const slotWeeksAhead = (weeks: number) => weekAheadAt(2, 10 * 60, weeks);

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
      start_time: slotWeeksAhead(test.info().project.name === 'phone' ? 13 : 14).toISOString(),
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
  const waiting = page.getByRole('list', { name: say('sessions.awaitingPayment', { count: 1 }) });
  await expect(waiting).toContainText(title);
  await expect(waiting).toContainText(sayPart('sessions.heldFor', { left: /\d+:\d\d/ }));
  await expectAccessible(page, 'awaiting payment');
  await press(page.getByRole('button', { name: say('sessions.releaseLabel', { title }) }));
  await expect(
    page.getByRole('list', { name: sayPattern('sessions.awaitingPayment', { count: 1 }) }),
  ).toHaveCount(0);
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
      start_time: slotWeeksAhead(test.info().project.name === 'phone' ? 15 : 16).toISOString(),
      duration: 20,
      title,
      description: 'Closed the tab while paying',
    },
  });
  expect(hold.status(), await hold.text()).toBe(200);

  await openDashboard(page, 'Patient');
  await press(page.getByRole('button', { name: say('sessions.resumeLabel', { title }) }));
  const payment = page.getByRole('dialog', { name: say('payment.title') });
  await expect(payment).toContainText(say('payment.minutes', { minutes: 20 }));
  await expect(payment).toContainText('Closed the tab while paying');
  await expectAccessible(page, 'Complete Your Booking, resumed', { within: payment });
  await press(payment.getByRole('button', { name: sayPattern('payment.pay') }));
  const checkout = page.getByRole('dialog', { name: 'Sukoon' });
  await press(checkout.getByRole('button', { name: sayPattern('checkout.pay') }));
  const confirmed = page.getByRole('dialog', { name: say('booking.confirmed.title') });
  await expect(confirmed.getByText(say('booking.confirmed.scheduled'))).toBeVisible();
  await press(confirmed.getByRole('button', { name: say('booking.confirmed.done') }));

  await expect(
    page.getByRole('list', { name: sayPattern('sessions.awaitingPayment', { count: 1 }) }),
  ).toHaveCount(0);
  // The hold itself became the booked session (resume-hold.test.ts checks no second order is made).
  const mine = await page.request.get(`/api/bookings/user/${patient.user.id}?limit=200`, {
    headers: bearer(patient.token),
  });
  const rows = ((await mine.json()) as { data: { title: string; status: string }[] }).data;
  expect(rows.filter((row) => row.title === title).map((row) => row.status)).toEqual(['booked']);
});

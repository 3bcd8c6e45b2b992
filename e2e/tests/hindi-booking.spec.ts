import type { APIRequestContext, Page } from '@playwright/test';
import { device, expect, expectAccessible, press, snapshot, test } from '../fixtures';
import { sayIn, sayPatternIn } from './words';
import {
  bearer,
  login,
  pageFor,
  registerPsychologist,
  signIn,
  verifyEmail,
} from './journey-helpers';

/**
 * Issue 22's "done when": a Hindi-speaking patient books and pays in Hindi and gets the confirmation
 * email in Hindi; their psychologist, also reading Hindi, runs the week in it. Both accounts speak
 * Hindi because their language is stored with them (set through PATCH /api/users/me, as the avatar
 * menu does), so the app switches to it on its own after sign-in.
 */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

async function speakHindi(request: APIRequestContext, who: { email: string; password: string }) {
  const { token } = await login(request, who);
  const saved = await request.patch('/api/users/me', {
    headers: bearer(token),
    data: { locale: 'hi' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function registerHindiPatient(request: APIRequestContext) {
  const stamp = `${device()}${Date.now() % 1_000_000}`;
  const who = { email: `meera.${stamp}@example.test`, password: 'monsoon-kettle-42' };
  const registered = await request.post('/api/users/register', {
    data: {
      username: `meera_${stamp}`,
      ...who,
      role: 'patient',
      fullName: 'मीरा शर्मा',
      consent: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await verifyEmail(request, who.email);
  await speakHindi(request, who);
  return who;
}

test.describe('हिन्दी: booking and the week', () => {
  test('a Hindi-speaking patient picks a time and pays in Hindi; their psychologist runs the week in Hindi', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const psychologist = await registerPsychologist(request, 'Kavya', 'Hindi');
    await speakHindi(request, psychologist.who);
    const patient = await registerHindiPatient(request);

    // The patient's dashboard, in Hindi because the account is.
    await signIn(page, patient);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(
      page.getByRole('heading', { name: sayIn('hi', 'dashboard.title.patient') }),
    ).toBeVisible();
    const chooser = page.getByRole('group', { name: sayIn('hi', 'chooser.choose') });
    await expect(chooser).toBeVisible();
    await expectAccessible(page, 'the psychologist chooser in Hindi');
    await expectNoSideways(page);
    await snapshot(page, 'issue-22-chooser-hi');
    await press(chooser.getByRole('button', { name: new RegExp(`^${psychologist.name}`) }));

    const picker = page.getByRole('region', { name: sayIn('hi', 'timePicker.heading') });
    const days = picker.getByRole('list', { name: sayIn('hi', 'timePicker.days') });
    await expect(days).toBeVisible();
    await press(
      picker.getByText(sayIn('hi', 'timePicker.minutes', { minutes: 45 }), { exact: true }),
    );
    const day = days.getByRole('button').nth(7);
    await press(day);
    await expect(day).toHaveAttribute('aria-pressed', 'true');
    // The device's zone may differ from the psychologist's: then each time also says "your time".
    const time = picker
      .getByRole('button', { name: sayPatternIn('hi', 'timePicker.bookAt') })
      .or(picker.getByRole('button', { name: sayPatternIn('hi', 'timePicker.bookAtBoth') }))
      .first();
    await expect(time).toBeVisible();
    await expectAccessible(page, 'the time picker in Hindi');
    await expectNoSideways(page);
    await snapshot(page, 'issue-22-time-picker-hi');
    await press(time);

    const form = page.getByRole('dialog', { name: sayIn('hi', 'booking.addTitle') });
    await expect(form).toBeVisible();
    await form.getByLabel(sayIn('hi', 'booking.field.title')).fill('पहली बातचीत');
    await form
      .getByLabel(sayIn('hi', 'booking.field.description'))
      .fill('परीक्षा से पहले नींद नहीं आती');
    await expectAccessible(page, 'the booking form in Hindi', { within: form });
    await expectNoSideways(page);
    await snapshot(page, 'issue-22-booking-form-hi');
    await press(
      form.getByRole('button', { name: sayIn('hi', 'booking.bookWithFee', { fee: '₹900' }) }),
    );

    const payment = page.getByRole('dialog', { name: sayIn('hi', 'payment.title') });
    await expect(payment).toBeVisible();
    await expectAccessible(page, 'the payment summary in Hindi', { within: payment });
    await expectNoSideways(page);
    await snapshot(page, 'issue-22-payment-hi');
    await press(
      payment.getByRole('button', { name: sayIn('hi', 'payment.pay', { amount: '₹900' }) }),
    );
    const checkout = page.getByRole('dialog', { name: 'Sukoon' });
    await expect(checkout).toBeVisible();
    await snapshot(page, 'issue-22-checkout-hi');
    await press(
      checkout.getByRole('button', { name: sayIn('hi', 'checkout.pay', { amount: '₹900' }) }),
    );

    const confirmed = page.getByRole('dialog', { name: sayIn('hi', 'booking.confirmed.title') });
    await expect(confirmed.getByText(sayIn('hi', 'booking.confirmed.scheduled'))).toBeVisible();
    await expectAccessible(page, 'booking confirmed in Hindi', { within: confirmed });
    await expectNoSideways(page);
    await snapshot(page, 'issue-22-confirmed-hi');
    await press(confirmed.getByRole('button', { name: sayIn('hi', 'booking.confirmed.done') }));
    const sessions = page.getByRole('region', { name: sayIn('hi', 'sessions.heading') });
    await expect(sessions.getByText('पहली बातचीत').first()).toBeVisible();
    await expectAccessible(page, 'your sessions in Hindi', { within: sessions });
    await snapshot(page, 'issue-22-your-sessions-hi');

    // The confirmation email is in Hindi, its time too (Hindi weekday and month, in the patient's zone).
    await expect
      .poll(async () => {
        const response = await request.get(
          `/dev/mailbox.json?to=${encodeURIComponent(patient.email)}`,
        );
        const messages = (await response.json()).data as Array<{ subject: string }>;
        return messages.map((message) => message.subject).find((s) => s.startsWith('बुकिंग'));
      })
      .toMatch(/^बुकिंग कन्फ़र्म हो गई: \S+, \d+ \S+ \d{4}, \d+:\d\d (am|pm) – .+ \S+$/);

    // The psychologist's week, in Hindi.
    const week = await pageFor(browser, psychologist.who);
    await week.goto('/');
    await expect(week.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(
      week.getByRole('heading', { name: sayIn('hi', 'dashboard.title.psychologist') }),
    ).toBeVisible();
    await expect(week.getByRole('grid').first()).toBeVisible();
    await expectAccessible(week, 'the psychologist’s week in Hindi');
    await expectNoSideways(week);
    await snapshot(week, 'issue-22-psychologist-week-hi');

    // Day parts, bulk: the evening off all week, and back.
    const evening = week.getByRole('button', {
      name: /शाम अनुपलब्ध करें$/,
    });
    await press(evening);
    await expect(
      week.getByText(sayIn('hi', 'availability.bulk.updated', { updated: 7, total: 7 })),
    ).toBeVisible();
    await snapshot(week, 'issue-22-psychologist-evening-off-hi');
    await press(week.getByRole('button', { name: /शाम उपलब्ध करें$/ }));
    await expect(evening).toBeVisible();

    // The booked session's week (one or two ahead, as the week's first day falls): its meeting link,
    // set from the list under the grid.
    const list = week.getByRole('region', { name: /^इस हफ़्ते के सेशन/ });
    const addLink = list
      .getByRole('button', { name: sayPatternIn('hi', 'meetingLink.addFor') })
      .first();
    for (let weeks = 0; weeks < 3; weeks += 1) {
      await press(week.getByRole('button', { name: sayIn('hi', 'calendar.next'), exact: true }));
      const found = await expect(addLink)
        .toBeVisible({ timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
      if (found) break;
    }
    await press(addLink);
    await list.getByLabel(sayIn('hi', 'meetingLink.label')).fill('http://meet.example.com/pehli');
    await press(list.getByRole('button', { name: sayIn('hi', 'meetingLink.save') }));
    await expect(list.getByText(sayIn('hi', 'meetingLink.problem.https'))).toBeVisible();
    await list.getByLabel(sayIn('hi', 'meetingLink.label')).fill('https://meet.example.com/pehli');
    await press(list.getByRole('button', { name: sayIn('hi', 'meetingLink.save') }));
    await expect(list.getByRole('link', { name: 'https://meet.example.com/pehli' })).toBeVisible();
    await expectAccessible(week, 'the week’s sessions in Hindi', { within: list });
    await expectNoSideways(week);
    await snapshot(week, 'issue-22-psychologist-sessions-hi');
    await week.context().close();
  });
});

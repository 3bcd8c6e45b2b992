import type { APIRequestContext, Page } from '@playwright/test';
import { device, expect, expectAccessible, press, snapshot, test } from '../fixtures';
import { chooseRole, codeFor, login, openDashboard, PATIENT, signIn } from './journey-helpers';

// Issue 18: practice policies and moving sessions. Each journey has a psychologist of its own (one
// per project, registered with the codes start-server.mjs seeds), so its policy never reaches the
// demo psychologist the other journeys book with.

const CODE = { laptop: 'E2E-Policies-Laptop-2026', phone: 'E2E-Policies-Phone-2026' } as const;

/** A verified psychologist with a full name and languages, as a patient would choose them. */
async function registerPsychologist(request: APIRequestContext, first: string) {
  const stamp = `${device()}${Date.now() % 1_000_000}`;
  const who = {
    email: `${first.toLowerCase()}.${stamp}@example.test`,
    password: 'monsoon-kettle-42',
  };
  const name = `${first} Policy ${stamp}`;
  const registered = await request.post('/api/users/register', {
    data: {
      username: `${first.toLowerCase()}_${stamp}`,
      ...who,
      role: 'psychologist',
      psychologist_code: CODE[device()],
      fullName: name,
      consent: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const otp = await codeFor(request, who.email, /verification code/);
  const verified = await request.post('/api/otp/verify', {
    data: { email: who.email, otp_code: otp },
  });
  expect(verified.status()).toBe(200);
  const { token, user } = await login(request, who);
  const profile = await request.patch(`/api/psychologists/${user.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { specializations: ['clinical'], languages: ['English', 'Hindi'] },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return { who, name, id: user.id };
}

/** The psychologist sets their policy in Profile, as they would. */
async function setPolicyInProfile(page: Page, choices: Record<string, string>) {
  await page.goto('/');
  await chooseRole(page, 'Psychologist');
  await press(page.getByRole('button', { name: /^Account menu for / }));
  await press(page.getByRole('menuitem', { name: 'Profile' }));
  const dialog = page.getByRole('dialog', { name: 'Profile' });
  const policy = dialog.getByRole('group', { name: /Booking and cancellation policy/ });
  await policy.scrollIntoViewIfNeeded();
  for (const [label, option] of Object.entries(choices)) {
    await policy.getByLabel(label, { exact: true }).selectOption({ label: option });
  }
  await expectAccessible(page, 'profile: booking and cancellation policy', { within: dialog });
  await snapshot(page, 'policy-settings');
  await press(dialog.getByRole('button', { name: 'Save profile' }));
  await expect(dialog.getByRole('status')).toHaveText('Profile saved');
  await press(dialog.getByRole('button', { name: 'Close' }));
}

test('a late cancellation is announced before paying and refunds 50 %', async ({
  page,
  browser,
}) => {
  test.slow();
  const psychologist = await registerPsychologist(page.request, 'Nandini');
  const psychologistPage = await (await browser.newContext()).newPage();
  await signIn(psychologistPage, psychologist.who);
  await setPolicyInProfile(psychologistPage, {
    'Late cancellation': '72 h before',
    'Refund for a late cancellation': '50 % of the fee',
  });
  await psychologistPage.context().close();

  // The patient books tomorrow: inside the 72-hour window from the start.
  await signIn(page, PATIENT);
  await openDashboard(page, 'Patient', new RegExp(`^${psychologist.name}`), 'times');
  const picker = page.getByRole('region', { name: 'Pick a time' });
  const tomorrow = picker.getByRole('list', { name: 'Days' }).getByRole('button').nth(1);
  await press(tomorrow);
  await press(picker.getByRole('button', { name: /^Book .* at / }).last());
  const form = page.getByRole('dialog', { name: 'Add Event' });
  const title = `Late plans ${device()} ${Date.now() % 100_000}`;
  await form.getByLabel('Event name').fill(title);
  await form.getByLabel('Problems Facing').fill('Not sure I can make it');
  await press(form.getByRole('button', { name: /^Book Event · / }));
  const payment = page.getByRole('dialog', { name: 'Complete Your Booking' });
  await expect(payment).toContainText(
    /Free cancellation until .*; after that 50\u00a0% is refunded\./,
  );
  await expectAccessible(page, 'pay step with the cancellation terms', { within: payment });
  await snapshot(page, 'pay-step-terms');
  await press(payment.getByRole('button', { name: 'Pay ₹500' }));
  await press(
    page.getByRole('dialog', { name: 'Sukoon' }).getByRole('button', { name: 'Pay ₹500' }),
  );
  const confirmed = page.getByRole('dialog', { name: 'Booking Confirmed' });
  await expect(confirmed.getByText('Your appointment has been scheduled')).toBeVisible();
  await press(confirmed.getByRole('button', { name: 'Done' }));

  // Cancelling now is late: the dialog says what comes back before the patient confirms.
  const yours = page.getByRole('region', { name: 'Your sessions' });
  const session = yours.getByRole('listitem').filter({ hasText: title });
  await press(session.getByRole('button', { name: `Cancel ${title}` }));
  const dialog = page.getByRole('dialog', { name: 'Cancel Appointment' });
  await expect(dialog).toContainText('₹250 of your ₹500 is refunded (50');
  await expectAccessible(page, 'Cancel Appointment, late', { within: dialog });
  await snapshot(page, 'cancel-late');
  await press(dialog.getByRole('button', { name: /^Cancel (session|appointment)/i }));
  await expect(dialog).toContainText(/Refunded ₹250 of the ₹500 you paid|Refund pending: ₹250/);
  await press(dialog.getByRole('button', { name: 'Done' }));
  await expect(session).toContainText('Partly refunded: ₹250 of ₹500');
});

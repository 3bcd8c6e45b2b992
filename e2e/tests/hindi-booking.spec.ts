import type { APIRequestContext } from '@playwright/test';
import { DEFAULT_TIME_ZONE } from '../../packages/shared/src/constants';
import { LOCALE_LABELS } from '../../packages/shared/src/locales';
import { formatSessionTime } from '../../packages/shared/src/time-format';
import { device, expect, expectAccessible, press, snapshot, test } from '../fixtures';
import {
  bearer,
  bookByApi,
  login,
  weekAheadAt,
  registerPsychologist,
  signIn,
  verifyEmail,
} from './journey-helpers';
import { mailIn, sayIn } from './words';

/**
 * Issue 22's "done when", the part the Hindi projects do not cover (every other journey runs in
 * Hindi there, booking and the week included): a patient who reads English chooses Hindi in the
 * avatar menu, the choice is kept with the account, and so the session's confirmation email comes in
 * Hindi, while their psychologist, who kept English, gets theirs in English. It runs in the English
 * projects only (the config's `testIgnore`): it starts from English.
 */
interface Mail {
  subject: string;
  text: string;
  html: string;
}

async function registerPatient(request: APIRequestContext) {
  const stamp = `${device()}${Date.now() % 1_000_000}`;
  const who = { email: `meera.${stamp}@example.test`, password: 'monsoon-kettle-42' };
  const username = `meera_${stamp}`;
  const registered = await request.post('/api/users/register', {
    data: { username, ...who, role: 'patient', fullName: 'Meera Sharma', consent: true },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await verifyEmail(request, who.email);
  return { who, username };
}

/** The account's language, as the server keeps it. */
async function accountLocale(request: APIRequestContext, who: { email: string; password: string }) {
  const { token } = await login(request, who);
  const me = await request.get('/api/users/me', { headers: bearer(token) });
  return ((await me.json()) as { data: { locale: string } }).data.locale;
}

/** The dev mailbox's message to `email` with exactly this subject. */
async function mailTo(request: APIRequestContext, email: string, subject: string) {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
        const messages = (await response.json()).data as Mail[];
        found = messages.find((message) => message.subject === subject);
        return messages.map((message) => message.subject);
      },
      { message: `an email to ${email} with the subject "${subject}"` },
    )
    .toContain(subject);
  return found!;
}

test('a patient switches to Hindi in the avatar menu, and the confirmation email comes in Hindi', async ({
  page,
  request,
}) => {
  test.slow();
  const psychologist = await registerPsychologist(request, 'Kavya', 'Hindi');
  const patient = await registerPatient(request);
  expect(await accountLocale(request, patient.who)).toBe('en');

  // Signed in in English, the patient chooses हिन्दी in the avatar menu.
  await signIn(page, patient.who);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(
    page.getByRole('heading', { name: sayIn('en', 'dashboard.title.patient') }),
  ).toBeVisible();
  await press(
    page.getByRole('button', {
      name: sayIn('en', 'avatarMenu.label', { username: patient.username }),
    }),
  );
  await expect(page.getByRole('menuitemradio', { name: LOCALE_LABELS.en })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await press(page.getByRole('menuitemradio', { name: LOCALE_LABELS.hi }));

  // The page speaks Hindi at once, and the account keeps it.
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(
    page.getByRole('heading', { name: sayIn('hi', 'dashboard.title.patient') }),
  ).toBeVisible();
  const menu = page.getByRole('button', {
    name: sayIn('hi', 'avatarMenu.label', { username: patient.username }),
  });
  await expect(menu).toBeVisible();
  await expect.poll(() => accountLocale(request, patient.who)).toBe('hi');
  await expectAccessible(page, 'the patient dashboard after choosing Hindi');
  await snapshot(page, 'issue-22-switched-to-hindi');

  // A session booked now is confirmed in Hindi: subject, heading, summary and the page's language,
  // its time in Hindi (weekday and month) in the psychologist's zone. The psychologist reads English.
  const start = weekAheadAt(2);
  const end = new Date(start.getTime() + 45 * 60_000);
  const title = `पहली बातचीत ${device()} ${Date.now() % 100_000}`;
  await bookByApi(request, psychologist.id, start, title, 45, patient.who);

  const hindiTime = formatSessionTime(start, end, DEFAULT_TIME_ZONE, 'hi');
  expect(hindiTime).toMatch(/[\u0900-\u097F]/);
  const confirmation = await mailTo(
    request,
    patient.who.email,
    mailIn('hi', 'mail.confirmed.subject', { time: hindiTime }),
  );
  expect(confirmation.text).toContain(mailIn('hi', 'mail.confirmed.heading'));
  expect(confirmation.text).toContain(
    mailIn('hi', 'mail.session.summary', { minutes: 45, name: psychologist.name, time: hindiTime }),
  );
  expect(confirmation.text).toContain(mailIn('hi', 'mail.confirmed.linkLater'));
  expect(confirmation.html).toContain('<html lang="hi">');

  const booked = await mailTo(
    request,
    psychologist.who.email,
    mailIn('en', 'mail.booked.subject', {
      time: formatSessionTime(start, end, DEFAULT_TIME_ZONE, 'en'),
    }),
  );
  expect(booked.html).toContain('<html lang="en">');
});

import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { PATIENT, PSYCHOLOGIST, device, expect, press, test } from '../fixtures';
import {
  addIsoDays,
  localDateOf,
  weekDates,
  zonedInstant,
} from '../../packages/shared/src/calendar';
import { DEFAULT_TIME_ZONE } from '../../packages/shared/src/constants';
import { SCREEN_COOKIE } from '../../packages/shared/src/cookies';
import { clock, escapeRegExp, mail, mailPattern, say, sayPart, weekday } from './words';

// Helpers of the journeys. The demo identities and their past sessions are seeded on a fresh
// database (apps/server/src/db/seed.ts).
export { PATIENT, PSYCHOLOGIST };
export const DEMO_PSYCHOLOGIST_NAME = 'Dr. Asha Rao';

export interface LoginData {
  token: string;
  user: { id: string; username: string; role: 'patient' | 'psychologist' };
}

export async function login(
  request: APIRequestContext,
  who: { email: string; password: string },
): Promise<LoginData> {
  const response = await request.post('/api/users/login', { data: who });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: LoginData }).data;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Signs in through the API and keeps the session as a sign-in in the app would: the session where
 * the web app looks for it, and the role's cookie, so the server sends that role's dashboard frame
 * (without it the page would be drawn as the role selection and then switch by itself).
 */
export async function signIn(page: Page, who: typeof PSYCHOLOGIST): Promise<LoginData> {
  const data = await login(page.request, who);
  await page.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('authToken', token);
      window.localStorage.setItem('authUser', user);
    },
    [data.token, JSON.stringify(data.user)] as const,
  );
  await page
    .context()
    .addCookies([
      { name: SCREEN_COOKIE, value: data.user.role, url: test.info().project.use.baseURL },
    ]);
  return data;
}

/**
 * A second person in the same journey: their own browser context, signed in, on the same device
 * as the journey's project (the config's `use` options apply to contexts made in a test).
 */
export async function pageFor(browser: Browser, who: typeof PSYCHOLOGIST) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}

/**
 * Picks the demo psychologist when the patient dashboard offers a choice, then shows the view a
 * journey works in: the week grid ('Calendar', which most journeys drive) or the time picker
 * (the patient's default).
 */
export async function chooseDemoPsychologist(
  page: Page,
  name: string | RegExp = /^Dr\. Asha Rao/,
  view: 'calendar' | 'times' = 'calendar',
) {
  const views = page.getByRole('group', { name: say('patientArea.viewSwitch') });
  const chooser = page.getByRole('group', { name: say('chooser.choose') });
  await expect(views.or(chooser).first()).toBeVisible();
  if (await chooser.isVisible()) await chooser.getByRole('button', { name }).click();
  const wanted = views.getByRole('button', {
    name: say(view === 'calendar' ? 'patientArea.view.calendar' : 'patientArea.view.times'),
  });
  if ((await wanted.getAttribute('aria-pressed')) !== 'true') await press(wanted);
  await expect(wanted).toHaveAttribute('aria-pressed', 'true');
  if (view === 'calendar') await expect(page.getByRole('grid').first()).toBeVisible();
  else await expect(page.getByRole('heading', { name: say('timePicker.heading') })).toBeVisible();
}

/**
 * Chooses the role's card on role selection. Someone signed in in this browser opens the page on
 * their own dashboard (a reload, a later visit): when that is the role's, there is no card to choose.
 */
export async function chooseRole(page: Page, role: 'Patient' | 'Psychologist') {
  const key = role === 'Patient' ? 'patient' : 'psychologist';
  const heading = page.getByRole('heading', { name: say(`dashboard.title.${key}`) });
  const card = page.getByRole('button', {
    name: new RegExp(`^${say(`roleSelection.${key}.title`)}`),
  });
  await expect(heading.or(card)).toBeVisible();
  if (!(await heading.isVisible())) await card.click();
  await expect(heading).toBeVisible();
}

export async function openDashboard(
  page: Page,
  role: 'Patient' | 'Psychologist',
  psychologistName?: string | RegExp,
  view: 'calendar' | 'times' = 'calendar',
) {
  await page.goto('/');
  await chooseRole(page, role);
  if (role === 'Patient') await chooseDemoPsychologist(page, psychologistName, view);
  else await expect(page.getByRole('grid').first()).toBeVisible();
}

/** Weeks ahead of the other journeys' (up to 7), so their data and these never meet. */
export async function goWeeksAhead(page: Page, weeks: number) {
  const heading = page.getByRole('heading', { level: 3 }).first();
  for (let index = 0; index < weeks; index += 1) {
    const before = await heading.textContent();
    await page.getByRole('button', { name: say('calendar.next'), exact: true }).click();
    await expect(heading).not.toHaveText(before ?? '');
  }
}

/**
 * Moves the week grid on to the week holding `start` (a session's instant), counted from this week:
 * "tomorrow" is next week's first day on the week's last day (a Sunday in India, the default week).
 */
export async function goToWeekOf(page: Page, start: Date) {
  const weeks = Math.round(
    (Date.parse(weekDates(localDateOf(start, DEFAULT_TIME_ZONE))[0]!) -
      Date.parse(weekDates(demoToday())[0]!)) /
      (7 * 86_400_000),
  );
  await goWeeksAhead(page, weeks);
}

export type CellState = 'free' | 'past' | 'dayOff' | 'unavailable' | 'blocked' | 'booked';

/**
 * A week cell's name, by its start, in the journey's language: its day and time ('Friday, March 27
 * at 11:00 AM: '), then with `state` its state and action ('Free, book'); the session titles that
 * may follow are left open. The day may be a pattern.
 */
export function cellName(
  day: string | RegExp,
  time: string,
  state?: CellState,
  action: 'book' | 'block' | 'unblock' | 'none' = 'none',
): RegExp {
  const values = { day, time: clock(time), state: state ?? 'free', action };
  const name = sayPart('calendar.cell.name', values).source;
  if (state) return new RegExp(`^${name}`);
  // Whatever its state: the name up to the state's word.
  const free = escapeRegExp(say('calendar.cell.state', { state: 'free' }));
  return new RegExp(`^${name.slice(0, name.lastIndexOf(free))}`);
}

/** A free slot's button ('Book Friday, March 27 at 11:00 AM'), or a psychologist's (un)block one. */
export const slotButton = (
  day: string,
  time: string,
  action: 'book' | 'block' | 'unblock' = 'book',
) => say(`calendar.cell.${action}`, { day, time: clock(time) });

/** 'Friday, March 27' style name of a weekday ('Friday') of the displayed week, in the page's language. */
export async function dayName(page: Page, english: string) {
  const header = page.getByRole('columnheader', { name: new RegExp(`^${weekday(english)}, `) });
  const label = (await header.getAttribute('aria-label')) ?? '';
  return label.split(',').slice(0, 2).join(',');
}

/** The demo psychologist's fee for a length, in the ₹ format the dialogs use. */
export async function feeText(request: APIRequestContext, duration: 20 | 45) {
  const psychologist = await login(request, PSYCHOLOGIST);
  const response = await request.get(`/api/psychologists/${psychologist.user.id}`, {
    headers: bearer(psychologist.token),
  });
  const { data } = (await response.json()) as {
    data: { session_20_minute_rate: number; session_45_minute_rate: number };
  };
  const rupees = duration === 20 ? data.session_20_minute_rate : data.session_45_minute_rate;
  return `₹${rupees.toLocaleString('en-IN')}`;
}

/** The patient books a slot of the displayed week and pays in the sandbox checkout. */
export async function bookAndPay(
  page: Page,
  slot: { day: string; time: string; duration: 20 | 45; title: string; description: string },
  /** Looks at 'Complete Your Booking' before paying. */
  beforePaying?: (payment: Locator) => Promise<void>,
) {
  const fee = await feeText(page.request, slot.duration);
  await page.getByRole('button', { name: slotButton(slot.day, slot.time) }).click();
  await page
    .getByRole('dialog', { name: say('calendar.duration.titleWeek') })
    .getByRole('button', { name: say('calendar.duration.minutes', { minutes: slot.duration }) })
    .click();
  const form = page.getByRole('dialog', { name: say('booking.addTitle') });
  await form.getByLabel(say('booking.field.title')).fill(slot.title);
  await form.getByLabel(say('booking.field.description')).fill(slot.description);
  const order = page.waitForResponse((response) =>
    response.url().endsWith('/api/payments/create-order'),
  );
  await form.getByRole('button', { name: say('booking.bookWithFee', { fee }) }).click();
  const answer = await order;
  const { data } = (await answer.json()) as { data: { order_id: string; booking_id: string } };
  const { start_time: startTime } = answer.request().postDataJSON() as { start_time: string };
  const payment = page.getByRole('dialog', { name: say('payment.title') });
  await expect(payment).toBeVisible();
  await beforePaying?.(payment);
  await payment.getByRole('button', { name: say('payment.pay', { amount: fee }) }).click();
  await page
    .getByRole('dialog', { name: 'Sukoon' })
    .getByRole('button', { name: say('checkout.pay', { amount: fee }) })
    .click();
  const confirmed = page.getByRole('dialog', { name: say('booking.confirmed.title') });
  await expect(confirmed.getByText(say('booking.confirmed.scheduled'))).toBeVisible();
  return { orderId: data.order_id, bookingId: data.booking_id, startTime, fee, confirmed };
}

/** Today's date where the demo psychologist works (Asia/Kolkata), 'YYYY-MM-DD'. */
export const demoToday = () => localDateOf(new Date(), DEFAULT_TIME_ZONE);

/** The Monday of the week `weeks` ahead of this one, where the demo psychologist works. */
export function mondayWeeksAhead(weeks: number) {
  return addIsoDays(weekDates(demoToday())[0]!, weeks * 7);
}

/** 11:00 AM (or `minute`) in India on a weekday (0 = Monday) of the week `weeks` ahead (next week). */
export function weekAheadAt(weekday: number, minute = 11 * 60, weeks = 1) {
  return zonedInstant(addIsoDays(mondayWeeksAhead(weeks), weekday), minute, DEFAULT_TIME_ZONE);
}

/** A patient (the demo one unless `who`) books and pays a session with `psychologistId` through the API. */
export async function bookByApi(
  request: APIRequestContext,
  psychologistId: string,
  start: Date,
  title: string,
  duration: 20 | 45 = 45,
  /** The patient: their sign-in, or the token of one already signed in. */
  who: { email: string; password: string } | { token: string } = PATIENT,
) {
  const token = 'token' in who ? who.token : (await login(request, who)).token;
  const headers = bearer(token);
  const order = await request.post('/api/payments/create-order', {
    headers,
    data: {
      psychologist_id: psychologistId,
      start_time: start.toISOString(),
      duration,
      title,
      description: 'Booked through the API',
    },
  });
  expect(order.status(), await order.text()).toBe(200);
  const { order_id: orderId } = ((await order.json()) as { data: { order_id: string } }).data;
  const paid = await request.post('/api/payments/sandbox/pay', {
    headers,
    data: {
      order_id: orderId,
      method: 'upi',
      vpa: 'success@razorpay',
      outcome: 'success',
      webhook: 'none',
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const verified = await request.post('/api/payments/verify-payment', {
    headers,
    data: ((await paid.json()) as { data: { response: unknown } }).data.response,
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

/** The newest six-digit code the dev mailbox holds for an address. */
export async function codeFor(request: APIRequestContext, email: string, subject: RegExp) {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
      const messages = (await response.json()).data as Array<{ subject: string; text: string }>;
      const latest = messages.find((message) => subject.test(message.subject));
      code = new RegExp(`${escapeRegExp(mail('mail.yourCode', { code: '' }))}(\\d{6})`).exec(
        latest?.text ?? '',
      )?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** Verifies a new account's email with the code the dev mailbox received. */
export async function verifyEmail(request: APIRequestContext, email: string) {
  const otp = await codeFor(request, email, mailPattern('mail.verify.subject'));
  const verified = await request.post('/api/otp/verify', { data: { email, otp_code: otp } });
  expect(verified.status()).toBe(200);
}

/**
 * A new psychologist of one journey, registered, verified and with the profile patients need to find
 * them. The seed gives each journey a code per device (`E2E-<journey>-Laptop-2026`, `...-Phone-2026`),
 * so the laptop and phone runs never share an account.
 */
export async function registerPsychologist(
  request: APIRequestContext,
  first: string,
  journey: string,
) {
  const stamp = `${device()}${Date.now() % 1_000_000}`;
  const who = {
    email: `${first.toLowerCase()}.${stamp}@example.test`,
    password: 'monsoon-kettle-42',
  };
  const name = `${first} ${journey} ${stamp}`;
  const registered = await request.post('/api/users/register', {
    data: {
      username: `${first.toLowerCase()}_${stamp}`,
      ...who,
      role: 'psychologist',
      psychologist_code: `E2E-${journey}-${device() === 'laptop' ? 'Laptop' : 'Phone'}-2026`,
      fullName: name,
      consent: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await verifyEmail(request, who.email);
  const { token, user } = await login(request, who);
  const profile = await request.patch(`/api/psychologists/${user.id}`, {
    headers: bearer(token),
    data: { specializations: ['clinical'], languages: ['English', 'Hindi'] },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return { who, name, id: user.id };
}

/** Pastes text into an element the way a browser does. */
export async function paste(page: Page, selector: string, text: string) {
  await page
    .locator(selector)
    .first()
    .evaluate((element, value) => {
      const data = new DataTransfer();
      data.setData('text/plain', value);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, text);
}

/** Screenshots for a person to look at (SCREENSHOTS=1), under /screenshots/<folder>/. */
export async function shot(page: Page, folder: string, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  const hindi = test.info().project.name.endsWith('-hi') ? '-hi' : '';
  await page.screenshot({ path: `../screenshots/${folder}/${name}${hindi}.png` });
}

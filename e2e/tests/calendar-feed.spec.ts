import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { device, expect, expectAccessible, expectFocusTrapped, press, test } from '../fixtures';
import {
  PATIENT,
  PSYCHOLOGIST,
  bookByApi,
  chooseDemoPsychologist,
  chooseRole,
  login,
  openDashboard,
  shot,
  signIn,
} from './journey-helpers';
import { escapeRegExp, say } from './words';

// Calendar subscription feeds (issue 20): the Calendar feed dialog of the account menu, and the
// "Add to" links beside a patient's sessions. Its session is 40 days ahead, at 7:30 PM.
const FOLDER = 'issue-20';
const FEED_ADDRESS = /^http:\/\/[^/]+\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/;

async function openCalendarFeed(page: Page, username: string) {
  await press(page.getByRole('button', { name: say('avatarMenu.label', { username }) }));
  await press(page.getByRole('menuitem', { name: say('avatarMenu.calendarFeed') }));
  const dialog = page.getByRole('dialog', { name: say('feed.title') });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Fetches a feed address through the journey's own server (the address names PUBLIC_URL's host). */
const fetchFeed = (request: APIRequestContext, address: string) =>
  request.get(new URL(address).pathname);

test('a psychologist turns the feed on, copies it and resets it: the old address is gone at once', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const who = await signIn(page, PSYCHOLOGIST);
  await openDashboard(page, 'Psychologist');

  // A session's dialog adds it to Google Calendar or Outlook, without the patient's words.
  const pill = page.getByRole('button', {
    name: say('calendar.event.edit', { title: 'Exam anxiety' }),
  });
  await expect(page.getByRole('grid').first()).not.toHaveAttribute('aria-busy', 'true');
  if ((await pill.count()) === 0)
    await press(page.getByRole('button', { name: say('calendar.prev') }));
  await press(pill);
  const edit = page.getByRole('dialog', { name: say('booking.editTitle') });
  const google = edit.getByRole('link', {
    name: say('sessionLinks.addToGoogleLabel', { name: say('booking.thisSession') }),
  });
  // The session's title in the calendar, 'Sukoon session (45 min)', as the link's query writes it.
  const sessionTitle = escapeRegExp(
    encodeURIComponent(say('booking.calendarTitle', { minutes: 99 })),
  ).replace('99', '\\d+');
  await expect(google).toHaveAttribute('href', new RegExp(`text=${sessionTitle}&`));
  await expect(
    edit.getByRole('link', {
      name: say('sessionLinks.addToOutlookLabel', { name: say('booking.thisSession') }),
    }),
  ).toHaveAttribute('href', /^https:\/\/outlook\.live\.com\//);
  // In sight, not under the form's sticky buttons (and after the dialog's own late focus).
  await expect
    .poll(() =>
      google.evaluate((link) => {
        link.scrollIntoView({ block: 'center' });
        const { left, top, width, height } = link.getBoundingClientRect();
        return link.contains(document.elementFromPoint(left + width / 2, top + height / 2));
      }),
    )
    .toBe(true);
  await shot(page, FOLDER, `event-dialog-${device()}`);
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  const dialog = await openCalendarFeed(page, who.user.username);
  await expect(dialog.getByText(say('feed.privacy.psychologistPrivate'))).toBeVisible();
  await expect(dialog.getByText(say('feed.off'))).toBeVisible();
  await expectAccessible(page, 'calendar feed, off', { within: dialog });
  await shot(page, FOLDER, `feed-off-${device()}`);

  await press(dialog.getByRole('button', { name: say('feed.turnOn') }));
  const field = dialog.getByLabel(say('feed.link.label'));
  await expect(field).toHaveValue(FEED_ADDRESS);
  const first = await field.inputValue();
  await press(dialog.getByRole('button', { name: say('feed.link.copy') }));
  await expect(dialog.getByText(say('feed.link.copied'))).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  await expect(dialog.getByRole('link', { name: say('feed.link.subscribeLabel') })).toHaveAttribute(
    'href',
    first.replace(/^http:/, 'webcal:'),
  );
  await expect(dialog.getByRole('checkbox', { name: say('feed.fullDetails') })).not.toBeChecked();
  await expectAccessible(page, 'calendar feed, on', { within: dialog });
  await shot(page, FOLDER, `feed-on-${device()}`);

  const served = await fetchFeed(page.request, first);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await served.text()).toContain('BEGIN:VCALENDAR');

  const resetButton = dialog.getByRole('button', { name: say('feed.reset') });
  await press(resetButton);
  const confirm = page.getByRole('dialog', { name: say('feed.resetTitle') });
  // Escape keeps the link, and focus goes back to Reset the link.
  await expectFocusTrapped(page, confirm, resetButton);
  await expect(field).toHaveValue(first);
  await press(resetButton);
  await expect(confirm).toBeVisible();
  await shot(page, FOLDER, `feed-reset-confirm-${device()}`);
  await press(confirm.getByRole('button', { name: say('feed.reset') }));
  await expect(confirm).toBeHidden();
  await expect(field).not.toHaveValue(first);
  const second = await field.inputValue();
  expect(second).toMatch(FEED_ADDRESS);

  expect((await fetchFeed(page.request, first)).status()).toBe(404);
  expect((await fetchFeed(page.request, second)).status()).toBe(200);

  // Reopened, the dialog no longer shows the address: it was shown once.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const again = await openCalendarFeed(page, who.user.username);
  await expect(again.getByText(say('feed.onLinkShownOnce'))).toBeVisible();
  await expect(again.getByLabel(say('feed.link.label'))).toHaveCount(0);
  await press(again.getByRole('button', { name: say('feed.turnOff') }));
  await expect(again.getByText(say('feed.off'))).toBeVisible();
  expect((await fetchFeed(page.request, second)).status()).toBe(404);
});

test('a patient adds a session to Google Calendar or Outlook, and reads what their feed shows', async ({
  page,
}) => {
  const who = await signIn(page, PATIENT);
  const psychologist = await login(page.request, PSYCHOLOGIST);
  // A paid 20-minute session 40 days ahead at 7:30 PM IST (8:00 PM on the phone's server).
  const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const start = new Date(`${day}T${device() === 'phone' ? '14:30' : '14:00'}:00.000Z`);
  await bookByApi(page.request, psychologist.user.id, start, 'Calendar feed check', 20, who);
  await page.goto('/');
  await chooseRole(page, 'Patient');
  await chooseDemoPsychologist(page, undefined, 'times');
  const sessions = page.getByRole('region', { name: say('sessions.heading') });
  const google = sessions.getByRole('link', {
    name: say('sessionLinks.addToGoogleLabel', { name: 'Calendar feed check' }),
  });
  await expect(google).toBeVisible();
  const href = new URL((await google.getAttribute('href')) ?? '');
  expect(href.host).toBe('calendar.google.com');
  expect(href.searchParams.get('dates')).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
  await expect(
    sessions.getByRole('link', {
      name: say('sessionLinks.addToOutlookLabel', { name: 'Calendar feed check' }),
    }),
  ).toHaveAttribute('href', /^https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose\?/);
  // Apple Calendar (or any other calendar app): the session's own .ics file, the same event (UID)
  // as the emailed invitation and the feed.
  const saving = page.waitForEvent('download');
  await press(
    sessions.getByRole('button', {
      name: say('sessionLinks.calendarFileLabel', { name: 'Calendar feed check' }),
    }),
  );
  const file = await saving;
  expect(file.suggestedFilename()).toBe('session.ics');
  const ics = await readFile(await file.path(), 'utf8');
  expect(ics).toContain('METHOD:PUBLISH');
  expect(ics).toMatch(/\r\nUID:[0-9a-f-]{36}@sukoon\r\n/);
  expect(ics).toContain(`DTSTART:${start.toISOString().replace(/[-:]|\.\d{3}/g, '')}`);
  expect(ics).toContain('SUMMARY:Calendar feed check');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, FOLDER, `your-sessions-${device()}`);

  const dialog = await openCalendarFeed(page, who.user.username);
  await expect(dialog.getByText(say('feed.privacy.patient'))).toBeVisible();
  await expect(dialog.getByRole('checkbox')).toHaveCount(0);
  await press(dialog.getByRole('button', { name: say('feed.turnOn') }));
  await expect(dialog.getByLabel(say('feed.link.label'))).toHaveValue(FEED_ADDRESS);
  await press(dialog.getByText(say('feed.howTo.title')));
  await expect(dialog.getByText(say('feed.howTo.apple'))).toBeVisible();
  await expectAccessible(page, 'calendar feed, patient', { within: dialog });
  await shot(page, FOLDER, `feed-patient-${device()}`);
  await press(dialog.getByRole('button', { name: say('feed.turnOff') }));
  await expect(dialog.getByText(say('feed.off'))).toBeVisible();
});

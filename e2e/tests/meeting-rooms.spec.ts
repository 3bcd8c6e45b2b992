import type { Page } from '@playwright/test';
import { device, expect, expectAccessible, press, snapshot, test } from '../fixtures';
import {
  bearer,
  chooseRole,
  goToWeekOf,
  login,
  openDashboard,
  PATIENT,
  registerPsychologist,
  shot,
  signIn,
} from './journey-helpers';
import { either, mail, mailPattern, say, sayPattern } from './words';

// Issue 20, meeting rooms: a psychologist lets Sukoon make a Jitsi room for every session; the
// patient who books finds the room in the confirmation email and a Join button ten minutes before
// the start. The psychologist is their own (a code per project from start-server.mjs), so their
// method never reaches the demo psychologist the other journeys book with.

const JITSI_ROOM = /^https:\/\/meet\.jit\.si\/[a-z2-7]{32}$/;

/** The psychologist chooses Jitsi rooms in Profile, as they would. */
async function chooseJitsiInProfile(page: Page) {
  await page.goto('/');
  await chooseRole(page, 'Psychologist');
  await press(page.getByRole('button', { name: sayPattern('avatarMenu.label') }));
  await press(page.getByRole('menuitem', { name: say('avatarMenu.profile') }));
  const dialog = page.getByRole('dialog', { name: say('profile.title') });
  const links = dialog.getByRole('group', { name: say('profile.meeting.title') });
  await links.scrollIntoViewIfNeeded();
  await expect(links.getByLabel(say('profile.meeting.method.manual'))).toBeChecked();
  await press(links.getByLabel(say('profile.meeting.method.jitsi')));
  await expect(links.getByLabel(say('profile.meeting.jitsiServer'))).toHaveValue(
    'https://meet.jit.si',
  );
  await links.evaluate((group) => group.scrollIntoView({ block: 'center' }));
  await expectAccessible(page, 'profile: meeting links', { within: dialog });
  await snapshot(page, 'rooms-profile');
  await shot(page, 'issue-20', `rooms-profile-${device()}`);
  await press(dialog.getByRole('button', { name: say('profile.save') }));
  await expect(dialog.getByRole('status').filter({ hasText: say('profile.saved') })).toBeVisible();
  await press(dialog.getByRole('button', { name: say('profile.close'), exact: true }));
}

test('a patient of a psychologist with Jitsi rooms gets a room, and Join 10 minutes before', async ({
  page,
  browser,
}) => {
  test.slow();
  const psychologist = await registerPsychologist(page.request, 'Kavya', 'Rooms');
  const psychologistPage = await (await browser.newContext()).newPage();
  await signIn(psychologistPage, psychologist.who);
  await chooseJitsiInProfile(psychologistPage);
  await psychologistPage.context().close();

  // The patient books tomorrow's last time and pays.
  await signIn(page, PATIENT);
  await openDashboard(page, 'Patient', new RegExp(`^${psychologist.name}`), 'times');
  const picker = page.getByRole('region', { name: say('timePicker.heading') });
  await press(
    picker
      .getByRole('list', { name: say('timePicker.days') })
      .getByRole('button')
      .nth(1),
  );
  await press(
    picker
      .getByRole('button', {
        name: either(sayPattern('timePicker.bookAt'), sayPattern('timePicker.bookAtBoth')),
      })
      .last(),
  );
  const form = page.getByRole('dialog', { name: say('booking.addTitle') });
  const title = `Room check ${device()} ${Date.now() % 100_000}`;
  await form.getByLabel(say('booking.field.title')).fill(title);
  await form.getByLabel(say('booking.field.description')).fill('Trying the video room');
  await press(
    form.getByRole('button', { name: sayPattern('booking.bookWithFee', { fee: /₹.+/ }) }),
  );
  const payment = page.getByRole('dialog', { name: say('payment.title') });
  await press(payment.getByRole('button', { name: sayPattern('payment.pay', { amount: /₹.+/ }) }));
  await press(
    page
      .getByRole('dialog', { name: 'Sukoon' })
      .getByRole('button', { name: sayPattern('checkout.pay', { amount: /₹.+/ }) }),
  );
  const confirmed = page.getByRole('dialog', { name: say('booking.confirmed.title') });
  await expect(confirmed.getByText(say('booking.confirmed.scheduled'))).toBeVisible();
  await press(confirmed.getByRole('button', { name: say('booking.confirmed.done') }));

  // The room is in the session and in the confirmation email.
  const patient = await login(page.request, PATIENT);
  const listed = await page.request.get(`/api/bookings/user/${patient.user.id}?limit=200`, {
    headers: bearer(patient.token),
  });
  const rows = (
    (await listed.json()) as {
      data: Array<{ title: string; start_time: string; meeting_link: string | null }>;
    }
  ).data;
  const booked = rows.find((row) => row.title === title)!;
  expect(booked.meeting_link).toMatch(JITSI_ROOM);
  const mailbox = await page.request.get(
    `/dev/mailbox.json?to=${encodeURIComponent(PATIENT.email)}`,
  );
  const messages = ((await mailbox.json()) as { data: Array<{ subject: string; text: string }> })
    .data;
  expect(
    messages.some(
      (message) =>
        new RegExp(`^${mailPattern('mail.confirmed.subject').source}`).test(message.subject) &&
        message.text.includes(mail('mail.session.meetingLink', { link: booked.meeting_link! })),
    ),
  ).toBe(true);

  // A day ahead there is no Join yet, only when it comes.
  const yours = page.getByRole('region', { name: say('sessions.heading') });
  const session = yours.getByRole('listitem').filter({ hasText: title });
  await expect(session).toContainText(say('sessions.joinSoon'));
  await expect(
    session.getByRole('link', { name: sayPattern('sessionLinks.joinLabel') }),
  ).toHaveCount(0);

  // Five minutes before the start, Join opens the room in a new tab.
  await page.clock.setFixedTime(new Date(Date.parse(booked.start_time) - 5 * 60_000));
  await page.reload();
  await chooseRole(page, 'Patient');
  const join = page
    .getByRole('region', { name: say('sessions.heading') })
    .getByRole('listitem')
    .filter({ hasText: title })
    .getByRole('link', { name: say('sessionLinks.joinLabel', { name: title }) });
  await expect(join).toBeVisible();
  await expect(join).toHaveAttribute('href', booked.meeting_link!);
  await expect(join).toHaveAttribute('target', '_blank');
  await expect(join).toHaveAttribute('rel', /noopener/);
  // The session whole, below the sticky header, for the screenshots.
  await join.evaluate((link) => link.closest('li')?.scrollIntoView({ block: 'center' }));
  await expectAccessible(page, 'Your sessions with Join');
  await snapshot(page, 'rooms-join');
  await shot(page, 'issue-20', `rooms-join-${device()}`);

  // The psychologist, at the same moment, finds Join in the session's dialog.
  const psychologistAgain = await (await browser.newContext()).newPage();
  await signIn(psychologistAgain, psychologist.who);
  await openDashboard(psychologistAgain, 'Psychologist');
  await goToWeekOf(psychologistAgain, new Date(booked.start_time));
  // Moved once the week is drawn: the week grid's zone arithmetic (@date-fns/tz TZDate, a Date
  // subclass) goes wrong under a Date the clock replaced before the app loaded; the dialog reads
  // the moved clock when it opens.
  await psychologistAgain.clock.setFixedTime(new Date(Date.parse(booked.start_time) - 5 * 60_000));
  await expect(psychologistAgain.getByRole('grid').first()).not.toHaveAttribute(
    'aria-busy',
    'true',
  );
  await press(
    psychologistAgain.getByRole('button', { name: say('calendar.event.edit', { title }) }),
  );
  const edit = psychologistAgain.getByRole('dialog', { name: say('booking.editTitle') });
  const theirJoin = edit.getByRole('link', {
    name: say('sessionLinks.joinLabel', { name: say('booking.thisSession') }),
  });
  await expect(theirJoin).toHaveAttribute('href', booked.meeting_link!);
  await theirJoin.evaluate((link) => link.scrollIntoView({ block: 'center' }));
  await expectAccessible(psychologistAgain, 'Edit Event with Join', { within: edit });
  await shot(psychologistAgain, 'issue-20', `rooms-event-dialog-${device()}`);
  await psychologistAgain.context().close();
});

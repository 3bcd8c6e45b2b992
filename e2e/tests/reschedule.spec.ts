import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { device, expect, expectAccessible, press, snapshot, test } from '../fixtures';
import {
  bookByApi,
  cellName,
  chooseRole,
  dayName,
  goWeeksAhead,
  weekAheadAt,
  openDashboard,
  PATIENT,
  registerPsychologist,
  signIn,
} from './journey-helpers';
import {
  apiError,
  clock,
  either,
  escapeRegExp,
  mail,
  mailPattern,
  say,
  sayPart,
  sayPattern,
} from './words';

/** A time of the picker, for booking or for moving to, with the viewer's own time or not. */
const pickerTime = (action: 'book' | 'move', time?: string) =>
  either(
    sayPattern(`timePicker.${action}At`, time ? { time: clock(time) } : {}),
    sayPattern(`timePicker.${action}AtBoth`, time ? { time: clock(time) } : {}),
  );

/**
 * A new time in the move dialog's picker: a length first when given, then the day `days` after
 * today's, then its time.
 */
async function pickNewTime(dialog: Locator, days: number, time: string, minutes?: 20 | 45) {
  if (minutes) {
    await press(dialog.getByText(say('timePicker.minutes', { minutes }), { exact: true }));
  }
  await press(
    dialog
      .getByRole('list', { name: say('timePicker.days') })
      .getByRole('button')
      .nth(days),
  );
  await press(dialog.getByRole('button', { name: pickerTime('move', time) }));
}

// Issue 18: practice policies and moving sessions. Each journey has a psychologist of its own (one
// per project, registered with the codes start-server.mjs seeds), so its policy never reaches the
// demo psychologist the other journeys book with.

/** The psychologist sets their policy in Profile, as they would. */
async function setPolicyInProfile(page: Page, choices: Record<string, string>) {
  await page.goto('/');
  await chooseRole(page, 'Psychologist');
  await press(page.getByRole('button', { name: sayPattern('avatarMenu.label') }));
  await press(page.getByRole('menuitem', { name: say('avatarMenu.profile') }));
  const dialog = page.getByRole('dialog', { name: say('avatarMenu.profile') });
  const policy = dialog.getByRole('group', { name: sayPart('profile.policy.title') });
  await policy.scrollIntoViewIfNeeded();
  for (const [label, option] of Object.entries(choices)) {
    await policy.getByLabel(label, { exact: true }).selectOption({ label: option });
  }
  await expectAccessible(page, 'profile: booking and cancellation policy', { within: dialog });
  await snapshot(page, 'policy-settings');
  await press(dialog.getByRole('button', { name: say('profile.save') }));
  await expect(dialog.getByRole('status').filter({ hasText: say('profile.saved') })).toBeVisible();
  await press(dialog.getByRole('button', { name: say('calendar.close') }));
}

test('a late cancellation is announced before paying and refunds 50 %', async ({
  page,
  browser,
}) => {
  test.slow();
  const psychologist = await registerPsychologist(page.request, 'Nandini', 'Policies');
  const psychologistPage = await (await browser.newContext()).newPage();
  await signIn(psychologistPage, psychologist.who);
  await setPolicyInProfile(psychologistPage, {
    [say('profile.policy.lateWindow')]: say('profile.policy.before', {
      time: say('policy.notice.hours', { hours: 72 }),
    }),
    [say('profile.policy.lateRefund')]: say('profile.policy.refund.part', { percent: 50 }),
  });
  await psychologistPage.context().close();

  // The patient books tomorrow: inside the 72-hour window from the start.
  await signIn(page, PATIENT);
  await openDashboard(page, 'Patient', new RegExp(`^${psychologist.name}`), 'times');
  const picker = page.getByRole('region', { name: say('timePicker.heading') });
  const tomorrow = picker
    .getByRole('list', { name: say('timePicker.days') })
    .getByRole('button')
    .nth(1);
  await press(tomorrow);
  await press(picker.getByRole('button', { name: pickerTime('book') }).last());
  const form = page.getByRole('dialog', { name: say('booking.addTitle') });
  const title = `Late plans ${device()} ${Date.now() % 100_000}`;
  await form.getByLabel(say('booking.field.title')).fill(title);
  await form.getByLabel(say('booking.field.description')).fill('Not sure I can make it');
  await press(form.getByRole('button', { name: sayPattern('booking.bookWithFee') }));
  const payment = page.getByRole('dialog', { name: say('payment.title') });
  await expect(payment).toContainText(
    sayPart('policy.cancellation.freeUntilThenPart', { percent: 50 }),
  );
  await expectAccessible(page, 'pay step with the cancellation terms', { within: payment });
  await snapshot(page, 'pay-step-terms');
  await press(payment.getByRole('button', { name: say('payment.pay', { amount: '₹500' }) }));
  await press(
    page
      .getByRole('dialog', { name: 'Sukoon' })
      .getByRole('button', { name: say('checkout.pay', { amount: '₹500' }) }),
  );
  const confirmed = page.getByRole('dialog', { name: say('booking.confirmed.title') });
  await expect(confirmed.getByText(say('booking.confirmed.scheduled'))).toBeVisible();
  await press(confirmed.getByRole('button', { name: say('booking.confirmed.done') }));

  // Cancelling now is late: the dialog says what comes back before the patient confirms.
  const yours = page.getByRole('region', { name: say('sessions.heading') });
  const session = yours.getByRole('listitem').filter({ hasText: title });
  await press(session.getByRole('button', { name: say('sessions.cancelLabel', { title }) }));
  const dialog = page.getByRole('dialog', { name: say('cancel.title') });
  await expect(dialog).toContainText(
    say('cancel.late.partial', { refund: '₹250', fee: '₹500', percent: 50 }),
  );
  await expectAccessible(page, 'Cancel Appointment, late', { within: dialog });
  await snapshot(page, 'cancel-late');
  await press(dialog.getByRole('button', { name: say('cancel.cancelSession') }));
  await expect(dialog).toContainText(
    either(
      sayPart('cancel.done.partlyRefunded', { refund: '₹250', paid: '₹500' }),
      sayPart('cancel.done.partlyPending', { refund: '₹250', paid: '₹500' }),
    ),
  );
  await press(dialog.getByRole('button', { name: say('cancel.doneButton') }));
  await expect(session).toContainText(
    say('sessions.partlyRefunded', { refund: '₹250', paid: '₹500' }),
  );
});

/** The newest email to `email` whose subject matches, from the dev mailbox. */
async function latestMail(request: APIRequestContext, email: string, subject: RegExp) {
  let text = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
      const messages = (await response.json()).data as Array<{ subject: string; text: string }>;
      text = messages.find((message) => subject.test(message.subject))?.text ?? '';
      return text;
    })
    .not.toBe('');
  return text;
}

test('a patient moves a session with the picker, longer for the difference, then shorter for a refund', async ({
  page,
}) => {
  test.slow();
  const psychologist = await registerPsychologist(page.request, 'Farah', 'Moves');
  const title = `Move me ${device()} ${Date.now() % 100_000}`;
  await bookByApi(page.request, psychologist.id, weekAheadAt(1), title, 20);

  await signIn(page, PATIENT);
  await openDashboard(page, 'Patient', new RegExp(`^${psychologist.name}`), 'times');
  const yours = page.getByRole('region', { name: say('sessions.heading') });
  const session = yours.getByRole('listitem').filter({ hasText: title });
  await press(session.getByRole('button', { name: say('sessions.rescheduleLabel', { title }) }));
  const dialog = page.getByRole('dialog', { name: say('reschedule.title') });
  await expect(dialog.getByRole('heading', { name: say('timePicker.headingMove') })).toBeVisible();
  // Its length may change too, at the fees it was booked at.
  await expect(
    dialog.getByRole('radio', {
      name: new RegExp(`^${escapeRegExp(say('timePicker.minutes', { minutes: 20 }))}\\s*₹500`),
    }),
  ).toBeChecked();
  await expectAccessible(page, 'Reschedule session: pick', { within: dialog });
  await snapshot(page, 'reschedule-pick');
  // 45 minutes, the day after tomorrow, its last time for 45 minutes.
  await pickNewTime(dialog, 2, '8:00 PM', 45);
  await expect(dialog.getByText(say('reschedule.now'))).toBeVisible();
  await expect(dialog).toContainText(say('reschedule.payMore', { amount: '₹400' }));
  await expect(dialog).toContainText(say('reschedule.movesLeft', { count: 1 }));
  await expectAccessible(page, 'Reschedule session: confirm a longer session', { within: dialog });
  await snapshot(page, 'reschedule-confirm-longer');
  await press(
    dialog.getByRole('button', { name: say('reschedule.payAndChange', { amount: '₹400' }) }),
  );
  // The difference through the same checkout as a booking; the change is made once it is verified.
  const verified = page.waitForResponse((response) =>
    response.url().includes('/api/payments/verify-payment'),
  );
  await press(
    page
      .getByRole('dialog', { name: 'Sukoon' })
      .getByRole('button', { name: say('checkout.pay', { amount: '₹400' }) }),
  );
  expect((await verified).status()).toBe(200);
  await expect(dialog).toContainText(
    new RegExp(
      `${sayPart('reschedule.done.resized', { minutes: 45 }).source} ${sayPart('reschedule.done.paid', { amount: '₹400' }).source}`,
    ),
  );
  await press(dialog.getByRole('button', { name: say('reschedule.doneButton') }));
  await expect(session).toContainText(clock('8:00 PM'));

  // Shorter again, at the same time: the difference comes back.
  await press(session.getByRole('button', { name: say('sessions.rescheduleLabel', { title }) }));
  await expect(
    dialog.getByRole('radio', {
      name: new RegExp(`^${escapeRegExp(say('timePicker.minutes', { minutes: 45 }))}\\s*₹900`),
    }),
  ).toBeChecked();
  await pickNewTime(dialog, 2, '8:00 PM', 20);
  await expect(dialog).toContainText(say('reschedule.getBack', { amount: '₹400' }));
  await expect(dialog).toContainText(say('reschedule.lastMove'));
  await snapshot(page, 'reschedule-confirm-shorter');
  const changed = page.waitForResponse((response) => response.url().includes('/reschedule'));
  await press(dialog.getByRole('button', { name: say('reschedule.changeSession') }));
  expect((await changed).status()).toBe(200);
  await expect(dialog).toContainText(
    new RegExp(
      `${sayPart('reschedule.done.resized', { minutes: 20 }).source} ${sayPart('reschedule.done.refunding', { amount: '₹400' }).source}`,
    ),
  );
  await press(dialog.getByRole('button', { name: say('reschedule.doneButton') }));
  await expect(session).toContainText(clock('8:00 PM'));
});

test('the psychologist moves a session; the patient declines by the emailed link and is refunded', async ({
  page,
  browser,
}) => {
  test.slow();
  const psychologist = await registerPsychologist(page.request, 'Rohan', 'Declines');
  const title = `Moved by Rohan ${device()} ${Date.now() % 100_000}`;
  await bookByApi(page.request, psychologist.id, weekAheadAt(1), title);

  await signIn(page, psychologist.who);
  await openDashboard(page, 'Psychologist');
  await goWeeksAhead(page, 1);
  const pill = page.getByRole('button', { name: say('calendar.event.edit', { title }) });
  if (device() === 'laptop') {
    // Dragged onto Thursday 2:00 PM of the same week.
    const target = page.getByRole('gridcell', {
      name: cellName(await dayName(page, 'Thursday'), '2:00 PM'),
    });
    // The pill itself is the draggable element; its button opens the form. A person's drag: press,
    // move over the grid to the cell (each cell it passes says whether it takes the session), let go.
    const source = page.locator('[draggable="true"]', { hasText: title });
    await source.hover();
    await page.mouse.down();
    const box = (await source.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2 + 8, box.y + box.height / 2 + 8);
    // Once the drag is on, the cells that take the session are outlined.
    await expect(page.locator('[role="gridcell"].ring-brand-600').first()).toBeVisible();
    await target.hover();
    await target.hover({ position: { x: 10, y: 10 } });
    await page.mouse.up();
  } else {
    // On a phone: the session's form, then Reschedule (the keyboard's way too).
    await press(pill);
    const form = page.getByRole('dialog', { name: sayPart('booking.editTitle') });
    await press(form.getByRole('button', { name: say('reschedule.section.button') }));
    const dialog = page.getByRole('dialog', { name: say('reschedule.title') });
    await pickNewTime(dialog, 3, '2:00 PM');
  }
  const confirm = page.getByRole('dialog', { name: say('reschedule.title') });
  await expect(confirm).toContainText(say('reschedule.patientWillBeEmailed'));
  await expectAccessible(page, 'psychologist: confirm the move', { within: confirm });
  await snapshot(page, 'psychologist-move-confirm');
  await press(confirm.getByRole('button', { name: say('reschedule.moveSession') }));
  await expect(confirm).toContainText(sayPart('reschedule.done.moved'));

  // The patient follows "Cancel for a full refund" from the email, signed out.
  const email = await latestMail(page.request, PATIENT.email, mailPattern('mail.moved.subject'));
  const link = new RegExp(`${escapeRegExp(mail('mail.moved.cancelLink', { url: '' }))}(\\S+)`).exec(
    email,
  )![1]!;
  const patientPage = await (await browser.newContext()).newPage();
  await patientPage.goto(`/${new URL(link).search}`);
  const answer = patientPage.getByRole('dialog', { name: say('reschedule.decision.title') });
  await expect(answer).toContainText(say('reschedule.decision.cancelQuestion'));
  await expectAccessible(patientPage, 'emailed link: decline the new time', { within: answer });
  await press(answer.getByRole('button', { name: say('reschedule.decision.cancel') }));
  await expect(answer).toContainText(say('reschedule.decision.canceledRefund', { amount: '₹900' }));
  await press(answer.getByRole('button', { name: say('reschedule.doneButton') }));
  // The link works once.
  await patientPage.goto(`/${new URL(link).search}`);
  await press(patientPage.getByRole('button', { name: say('reschedule.decision.cancel') }));
  await expect(
    patientPage.getByRole('dialog', { name: say('reschedule.decision.title') }),
  ).toContainText(apiError('MOVE_LINK_INVALID'));
  await patientPage.context().close();
});

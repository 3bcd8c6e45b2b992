import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { device, expect, expectAccessible, expectFocusTrapped, press, test } from '../fixtures';
import {
  PSYCHOLOGIST,
  bearer,
  bookAndPay,
  chooseDemoPsychologist,
  codeFor,
  dayName,
  goWeeksAhead,
  login,
  chooseRole,
  openDashboard,
  pageFor,
  paste,
  shot,
  signIn,
} from './journey-helpers';
import { mail, mailPattern, say, sayPattern, startsWith } from './words';

// Consent at registration, Privacy & data (download, delete) and a session's History. Its sessions
// are 10 weeks ahead, past every other journey's.
const WEEKS_AHEAD = 10;
const FOLDER = 'privacy';

/** The six boxes of a verification code are 'Digit 1 of 6' … 'Digit 6 of 6'. */
const firstDigit = () => `[aria-label="${say('otp.digit', { position: 1, length: 6 })}"]`;

/** The avatar's button that opens someone's account menu. */
const accountMenu = (page: Page, username: string) =>
  page.getByRole('button', { name: say('avatarMenu.label', { username }) });

/** Opens registration for a role and fills every field but the consent. */
async function fillRegistration(
  page: Page,
  role: 'Patient' | 'Psychologist',
  account: { username: string; email: string; password: string },
) {
  const dialog = page.getByRole('dialog');
  await page.goto('/');
  const key = role === 'Patient' ? 'patient' : 'psychologist';
  await press(page.getByRole('button', { name: startsWith(say(`roleSelection.${key}.title`)) }));
  await press(dialog.getByRole('button', { name: say('auth.registerHere') }));
  await expect(
    dialog.getByRole('heading', { name: say(`auth.title.${key}Registration`) }),
  ).toBeVisible();
  await dialog.getByLabel(say('auth.field.username')).fill(account.username);
  await dialog.getByLabel(say('auth.field.email')).fill(account.email);
  await dialog.getByLabel(say('auth.field.password'), { exact: true }).fill(account.password);
  await dialog
    .getByLabel(say('auth.field.confirmPassword'), { exact: true })
    .fill(account.password);
  if (role === 'Psychologist')
    await dialog.getByLabel(say('auth.field.psychologistCode')).fill('not-used-here');
  return dialog;
}

async function openPrivacy(page: Page, username: string) {
  await press(accountMenu(page, username));
  await press(page.getByRole('menuitem', { name: say('avatarMenu.privacy') }));
  const dialog = page.getByRole('dialog', { name: say('privacy.title') });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('the privacy notice at registration', () => {
  test('both roles must agree to the notice before the account is created', async ({ page }) => {
    for (const role of ['Patient', 'Psychologist'] as const) {
      const dialog = await fillRegistration(page, role, {
        username: `notice_${device()}`,
        email: `notice.${device()}@example.test`,
        password: 'monsoon-kettle-42',
      });
      const create = dialog.getByRole('button', { name: say('auth.createAccount') });
      const consent = dialog.getByRole('checkbox', { name: startsWith(say('auth.consent')) });
      await expect(consent).not.toBeChecked();
      await expect(create).toBeDisabled();
      const notice = dialog.getByRole('region', { name: say('privacy.notice.title') });
      await expect(notice.getByRole('listitem')).toHaveCount(0);
      await expect(dialog.getByText(say('auth.consentHint'))).toBeVisible();
      if (role === 'Patient') {
        await consent.scrollIntoViewIfNeeded();
        await shot(page, FOLDER, `register-consent-${device()}`);
      }
      await press(notice.getByRole('button', { name: say('privacy.notice.show') }));
      // As many points as the notice says it has.
      const summary = sayPattern('privacy.notice.summary', { count: /(\d+)/ });
      const said = await notice.getByText(summary).textContent();
      await expect(notice.getByRole('listitem')).toHaveCount(Number(summary.exec(said ?? '')?.[1]));
      await expect(notice.getByText(say('privacy.notice.point3'))).toBeVisible();
      await expectAccessible(page, `${role.toLowerCase()} registration, notice open`, {
        within: dialog,
      });
      if (role === 'Patient') {
        await notice.scrollIntoViewIfNeeded();
        await shot(page, FOLDER, `register-notice-open-${device()}`);
      }
      // Keyboard: the checkbox is reached and ticked with the space bar.
      await consent.focus();
      await page.keyboard.press('Space');
      await expect(consent).toBeChecked();
      await expect(create).toBeEnabled();
      await press(consent);
      await expect(create).toBeDisabled();
      const box = await dialog.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      await page.keyboard.press('Escape');
      await expect(page.getByText(say('roleSelection.subtitle'))).toBeVisible();
    }
  });
});

test.describe.serial('your data', () => {
  const stamp = `${Date.now() % 1_000_000}`;
  const account = {
    username: `privacy_${stamp}`,
    email: `privacy.${stamp}@example.test`,
    password: 'saffron-lantern-58',
  };
  const title = `Privacy journey ${stamp}`;
  let bookingId = '';
  let fee = '';

  test('a patient registers with consent, verifies, downloads their data and books a session', async ({
    page,
    browser,
  }) => {
    // Two people (a patient registers, verifies, books and pays; their psychologist reads the
    // History) and three accessibility checks: more than one person's journey.
    test.slow();
    const dialog = await fillRegistration(page, 'Patient', account);
    // The name printed on their receipts (issue 21).
    await dialog
      .getByRole('textbox', { name: startsWith(say('auth.field.fullName')) })
      .fill('Priya Iyer');
    const create = dialog.getByRole('button', { name: say('auth.createAccount') });
    await expect(create).toBeDisabled();
    const registered = page.waitForRequest((request) =>
      request.url().endsWith('/api/users/register'),
    );
    await dialog.getByRole('checkbox', { name: startsWith(say('auth.consent')) }).check();
    await press(create);
    expect((await registered).postDataJSON()).toMatchObject({
      username: account.username,
      role: 'patient',
      fullName: 'Priya Iyer',
      consent: true,
    });

    await expect(dialog.getByRole('heading', { name: say('verify.title') })).toBeVisible();
    const code = await codeFor(page.request, account.email, mailPattern('mail.verify.subject'));
    await paste(page, firstDigit(), code);
    await press(dialog.getByRole('button', { name: say('verify.submit') }));
    // The verified code signs the patient in: no password asked again.
    await expect(page.getByRole('heading', { name: say('dashboard.title.patient') })).toBeVisible();
    await chooseDemoPsychologist(page);

    // Profile from the avatar menu: the name on their receipts, as given at registration.
    await press(accountMenu(page, account.username));
    await press(page.getByRole('menuitem', { name: say('avatarMenu.profile') }));
    const profile = page.getByRole('dialog', { name: say('account.details.title') });
    const fullName = profile.getByRole('textbox', {
      name: startsWith(say('account.details.fullName')),
    });
    await expect(fullName).toHaveValue('Priya Iyer');
    await fullName.fill('Priya S. Iyer');
    await press(profile.getByRole('button', { name: say('account.details.save') }));
    await expect(profile.getByRole('status')).toHaveText(say('account.details.saved'));
    await expectAccessible(page, 'Your profile', { within: profile });
    await shot(page, FOLDER, `your-profile-${device()}`);
    await press(profile.getByRole('button', { name: say('account.details.done') }));
    await expect(profile).toHaveCount(0);

    // Privacy & data from the avatar menu.
    const privacy = await openPrivacy(page, account.username);
    await expectAccessible(page, 'Privacy & data', { within: privacy });
    await shot(page, FOLDER, `privacy-dialog-${device()}`);

    const downloading = page.waitForEvent('download');
    await press(privacy.getByRole('button', { name: say('privacy.download.button') }));
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sukoon-data-\d{4}-\d{2}-\d{2}\.json$/);
    await expect(privacy.getByRole('status')).toHaveText(
      say('privacy.download.done', { file: download.suggestedFilename() }),
    );
    const text = await readFile(await download.path(), 'utf8');
    expect(text).toContain('\n  "account": {'); // pretty-printed
    const data = JSON.parse(text) as {
      privacy_notice_version: string;
      account: {
        email: string;
        username: string;
        full_name: string | null;
        consent_version: string | null;
        consented_at: string | null;
      };
    };
    expect(data.account).toMatchObject({
      email: account.email,
      username: account.username,
      full_name: 'Priya S. Iyer',
    });
    expect(data.account.consent_version).toBe(data.privacy_notice_version);
    expect(data.account.consent_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.account.consented_at).not.toBeNull();
    // The dialog keeps focus; Escape gives it back to the account menu it came from.
    await expectFocusTrapped(page, privacy, accountMenu(page, account.username));

    await goWeeksAhead(page, WEEKS_AHEAD);
    const booked = await bookAndPay(
      page,
      {
        day: await dayName(page, 'Wednesday'),
        time: '10:00 AM',
        duration: 45,
        title,
        description: 'Worried about sharing my data',
      },
      // The receipt is made out to the name they gave in Profile, and says so before they pay.
      async (payment) => {
        await expect(payment.getByText(say('payment.receiptTo'))).toBeVisible();
        await expect(payment.getByText('Priya S. Iyer')).toBeVisible();
      },
    );
    await press(booked.confirmed.getByRole('button', { name: say('booking.confirmed.done') }));
    bookingId = booked.bookingId;
    fee = booked.fee;

    // Its psychologist opens it and reads its History: created, then paid, by the patient.
    const psychologist = await pageFor(browser, PSYCHOLOGIST);
    await openDashboard(psychologist, 'Psychologist');
    await goWeeksAhead(psychologist, WEEKS_AHEAD);
    await press(psychologist.getByRole('button', { name: say('calendar.event.edit', { title }) }));
    const edit = psychologist.getByRole('dialog', { name: say('booking.editTitle') });
    const historyRequests: string[] = [];
    psychologist.on('request', (request) => {
      if (request.url().includes('/history')) historyRequests.push(request.url());
    });
    const section = edit.getByRole('region', { name: say('history.title') });
    const toggle = section.getByRole('button', { name: say('history.title') });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(historyRequests).toEqual([]);
    await press(toggle);
    // The history's own list (the session's receipts follow it in a list of their own).
    const entries = section.getByRole('list').first().getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText(say('history.line.created', { by: 'patient' }));
    await expect(entries.nth(1)).toContainText(
      say('history.line.paidAmount', { by: 'patient', amount: fee }),
    );
    expect(historyRequests).toHaveLength(1);
    await section.scrollIntoViewIfNeeded();
    await expectAccessible(psychologist, 'Edit Event with the History', { within: edit });
    await shot(psychologist, FOLDER, `history-${device()}`);
    await psychologist.context().close();
  });

  test('the patient deletes the account: the session is canceled and the email no longer signs in', async ({
    page,
  }) => {
    const patient = await signIn(page, account);
    await page.goto('/');
    await chooseRole(page, 'Patient');
    await expect(page.getByRole('heading', { name: say('dashboard.title.patient') })).toBeVisible();

    const privacy = await openPrivacy(page, account.username);
    await shot(page, FOLDER, `privacy-dialog-open-${device()}`);
    const deleteButton = privacy.getByRole('button', { name: say('privacy.delete.open') });
    await press(deleteButton);
    const confirm = page.getByRole('dialog', { name: say('privacy.delete.confirmTitle') });
    await expect(confirm).toContainText(say('privacy.delete.patient.sessions'));
    await expect(confirm).toContainText(say('privacy.delete.patient.records'));
    await expect(confirm).toContainText(say('privacy.delete.final'));
    const remove = confirm.getByRole('button', { name: say('privacy.delete.confirm') });
    await expect(remove).toBeDisabled();
    await expectAccessible(page, 'delete your account?', { within: confirm });

    // Keep my account goes back, and nothing happened; the question keeps focus meanwhile.
    await expectFocusTrapped(page, confirm, deleteButton, () =>
      press(confirm.getByRole('button', { name: say('privacy.delete.keep') })),
    );
    await press(deleteButton);

    await confirm
      .getByLabel(say('privacy.delete.password'), { exact: true })
      .fill('not-my-password');
    await expect(remove).toBeDisabled();
    await confirm.getByRole('checkbox', { name: say('privacy.delete.understood') }).check();
    await expect(remove).toBeEnabled();
    await press(remove);
    await expect(confirm.getByRole('alert')).toHaveText(mail('error.privacy.wrongPassword'));
    // The answer may show a frame before the button is enabled again: judge its colours after.
    await expect(remove).toBeEnabled();
    await expectAccessible(page, 'delete your account?, wrong password', { within: confirm });
    await shot(page, FOLDER, `delete-wrong-password-${device()}`);

    await confirm
      .getByLabel(say('privacy.delete.password'), { exact: true })
      .fill(account.password);
    await expect(confirm.getByRole('alert')).toHaveCount(0);
    await shot(page, FOLDER, `delete-confirm-${device()}`);
    await press(remove);

    // Back on role selection, told what was done, and signed out in this browser.
    const deleted = say('privacy.deleted.patient', { count: 1 });
    const done = page.getByRole('status').filter({ hasText: deleted });
    await expect(done).toHaveText(deleted);
    await expect(done).toBeFocused();
    await expect(page.getByText(say('roleSelection.subtitle'))).toBeVisible();
    await expectAccessible(page, 'role selection after the account was deleted');
    await shot(page, FOLDER, `deleted-role-selection-${device()}`);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('authUser'))).toBeNull();

    // The old email and password no longer sign in, and the old token is revoked.
    const again = await page.request.post('/api/users/login', {
      data: { email: account.email, password: account.password },
    });
    expect(again.status()).toBe(401);
    const me = await page.request.get('/api/users/me', { headers: bearer(patient.token) });
    expect(me.status()).toBe(401);

    // The session is canceled: its psychologist no longer sees it, and its history says why.
    const psychologist = await login(page.request, PSYCHOLOGIST);
    const history = await page.request.get(`/api/bookings/${bookingId}/history`, {
      headers: bearer(psychologist.token),
    });
    const events = ((await history.json()) as { data: { action: string; actor: string }[] }).data;
    expect(events.map((event) => [event.action, event.actor])).toEqual(
      expect.arrayContaining([
        ['booking.created', 'patient'],
        ['booking.paid', 'patient'],
        ['booking.canceled', 'patient'],
      ]),
    );
    const week = await page.request.get('/api/events', {
      headers: bearer(psychologist.token),
      params: {
        startDate: new Date(Date.now() + (WEEKS_AHEAD - 2) * 7 * 86_400_000).toISOString(),
        endDate: new Date(Date.now() + (WEEKS_AHEAD + 2) * 7 * 86_400_000).toISOString(),
      },
    });
    expect(week.status()).toBe(200);
    const listed = ((await week.json()) as { data: { id: string; status: string }[] }).data;
    expect(listed.filter((event) => event.id === bookingId && event.status !== 'canceled')).toEqual(
      [],
    );
    const psychologistPage = await pageFor(page.context().browser()!, PSYCHOLOGIST);
    await openDashboard(psychologistPage, 'Psychologist');
    await goWeeksAhead(psychologistPage, WEEKS_AHEAD);
    await expect(psychologistPage.getByRole('grid').first()).toBeVisible();
    await expect(
      psychologistPage.getByRole('button', { name: say('calendar.event.edit', { title }) }),
    ).toHaveCount(0);
    await psychologistPage.context().close();
  });
});

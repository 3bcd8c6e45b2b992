import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { device, expect, press, test } from '../fixtures';
import {
  PATIENT,
  PSYCHOLOGIST,
  bearer,
  bookAndPay,
  dayName,
  goWeeksAhead,
  login,
  openDashboard,
  pageFor,
  signIn,
} from './journey-helpers';
import { say, sayPart, sayPattern } from './words';

// Issue 21: every payment has a receipt and every refund a refund note, downloaded as PDF from Your
// sessions. The numbers are read from the API and found inside the downloaded files.

/** Screenshots for a person to look at (SCREENSHOTS=1), in the folder. */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  await page.screenshot({ path: `../docs/screenshots/issue-21/${name}-${device()}.png` });
}

/** Presses a download button and returns the saved file's name and bytes. */
async function download(page: Page, button: Locator) {
  const started = page.waitForEvent('download');
  await press(button);
  const file = await started;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test('the patient downloads a receipt after paying and a refund note after cancelling', async ({
  page,
}) => {
  test.slow();
  await signIn(page, PATIENT);
  await openDashboard(page, 'Patient');
  await goWeeksAhead(page, 5);
  const wednesday = await dayName(page, 'Wednesday');
  const title = `Receipt check ${Date.now() % 100_000}`;
  const { bookingId, confirmed } = await bookAndPay(page, {
    day: wednesday,
    time: '3:00 PM',
    duration: 45,
    title,
    description: 'Needs a receipt for insurance',
  });
  await press(confirmed.getByRole('button', { name: say('booking.confirmed.done') }));

  const patient = await login(page.request, PATIENT);
  const documents = async () => {
    const response = await page.request.get(`/api/receipts?booking_id=${bookingId}`, {
      headers: bearer(patient.token),
    });
    return (await response.json()).data as { kind: string; number: string }[];
  };
  const [receipt] = await documents();
  expect(receipt?.kind).toBe('receipt');

  const yours = page.getByRole('region', { name: say('sessions.heading') });
  const row = yours.getByRole('listitem').filter({ hasText: title });
  const receiptButton = row.getByRole('button', {
    name: say('sessionLinks.downloadReceipt', { number: receipt!.number }),
  });
  await expect(receiptButton).toBeVisible();
  await receiptButton.scrollIntoViewIfNeeded();
  await shot(page, 'your-sessions-receipt');
  const paid = await download(page, receiptButton);
  expect(paid.name).toBe(`receipt-${receipt!.number.replaceAll('/', '-')}.pdf`);
  expect(paid.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The number is in the file's own metadata (its title), as written, uncompressed.
  expect(paid.bytes.toString('latin1')).toContain(`Receipt ${receipt!.number}`);

  // Cancel (free: the demo policy has no late window) and download the refund note.
  await press(row.getByRole('button', { name: say('sessions.cancelLabel', { title }) }));
  const dialog = page.getByRole('dialog', { name: say('cancel.title') });
  await press(dialog.getByRole('button', { name: say('cancel.cancelSession') }));
  await expect(dialog.getByRole('status')).toContainText(say('cancel.done.session'));
  await press(dialog.getByRole('button', { name: say('cancel.doneButton') }));
  const note = (await documents()).find((document) => document.kind === 'refund_note');
  expect(note?.number).toMatch(/\/RN\/\d{6}$/);
  const canceled = yours
    .getByRole('listitem')
    .filter({ hasText: say('sessions.canceledByYou') })
    .filter({ hasText: title });
  const noteButton = canceled.getByRole('button', {
    name: say('sessionLinks.downloadRefundNote', { number: note!.number }),
  });
  await expect(noteButton).toBeVisible();
  await noteButton.scrollIntoViewIfNeeded();
  await shot(page, 'your-sessions-refund-note');
  const refunded = await download(page, noteButton);
  expect(refunded.name).toBe(`refund-note-${note!.number.replaceAll('/', '-')}.pdf`);
  expect(refunded.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(refunded.bytes.toString('latin1')).toContain(`Refund Note ${note!.number}`);
});

test('the patient finds a past session and downloads its receipt', async ({ page }) => {
  await signIn(page, PATIENT);
  await openDashboard(page, 'Patient');
  const yours = page.getByRole('region', { name: say('sessions.heading') });
  // The demo patient's sessions of the last two days, behind the toggle beside the heading.
  const toggle = yours.getByRole('button', { name: sayPattern('sessions.past', { count: /\d+/ }) });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await press(toggle);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const past = yours.getByRole('list', { name: sayPattern('sessions.past', { count: /\d+/ }) });
  const row = past.getByRole('listitem').filter({ hasText: 'Exam anxiety' });
  await expect(row).toContainText(say('sessions.with', { name: 'Dr. Asha Rao' }));
  // Over: nothing to join, move or cancel.
  await expect(row.getByRole('button', { name: sayPart('sessions.cancelLabel') })).toHaveCount(0);
  const receiptButton = row.getByRole('button', {
    name: sayPattern('sessionLinks.downloadReceipt', { number: /SK\/.+/ }),
  });
  await receiptButton.scrollIntoViewIfNeeded();
  await shot(page, 'your-sessions-past');
  const number = (await receiptButton.getAttribute('aria-label'))!.match(/SK\/[^\s)]+/)![0];
  const file = await download(page, receiptButton);
  expect(file.name).toBe(`receipt-${number.replaceAll('/', '-')}.pdf`);
  expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(file.bytes.toString('latin1')).toContain(`Receipt ${number}`);
});

test('the psychologist downloads a session’s receipt from its history and sets what receipts print', async ({
  page,
  browser,
}) => {
  test.slow();
  await signIn(page, PATIENT);
  await openDashboard(page, 'Patient');
  await goWeeksAhead(page, 5);
  const title = `Receipt for the practice ${Date.now() % 100_000}`;
  const booked = await bookAndPay(page, {
    day: await dayName(page, 'Thursday'),
    time: '4:00 PM',
    duration: 20,
    title,
    description: 'Checking the psychologist side',
  });
  await press(booked.confirmed.getByRole('button', { name: say('booking.confirmed.done') }));

  const psychologist = await pageFor(browser, PSYCHOLOGIST);
  await openDashboard(psychologist, 'Psychologist');
  await goWeeksAhead(psychologist, 5);
  await press(psychologist.getByRole('button', { name: say('calendar.event.edit', { title }) }));
  const edit = psychologist.getByRole('dialog', { name: say('booking.editTitle') });
  const section = edit.getByRole('region', { name: say('history.title') });
  await press(section.getByRole('button', { name: sayPart('history.title') }));
  const receiptButton = section.getByRole('button', {
    name: sayPattern('sessionLinks.downloadReceipt', { number: /SK\/.+/ }),
  });
  await expect(receiptButton).toBeVisible();
  // To the middle of the dialog: "if needed" leaves it under the dialog's sticky foot on a phone.
  await receiptButton.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await shot(psychologist, 'session-history-receipt');
  const file = await download(psychologist, receiptButton);
  expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await press(edit.getByRole('button', { name: say('calendar.close') }).first());

  // Profile: registered for GST needs a GSTIN whose check character matches.
  await press(psychologist.getByRole('button', { name: sayPattern('avatarMenu.label') }));
  await press(psychologist.getByRole('menuitem', { name: say('avatarMenu.profile') }));
  const dialog = psychologist.getByRole('dialog', { name: say('avatarMenu.profile') });
  const receipts = dialog.getByRole('form', { name: say('profile.receipts.title') });
  await receipts.scrollIntoViewIfNeeded();
  await press(receipts.getByLabel(say('profile.receipts.registered'), { exact: true }));
  await receipts.getByLabel(say('profile.receipts.gstin')).fill('27AAPFU0939F1ZX');
  await press(receipts.getByRole('button', { name: say('profile.receipts.save') }));
  await expect(receipts.getByText(say('profile.problem.gstin.checkCharacter'))).toBeVisible();
  await receipts.getByLabel(say('profile.receipts.gstin')).fill('27aapfu0939f1zv');
  await receipts
    .getByLabel(sayPart('profile.receipts.address'))
    .fill('12 MG Road\nBengaluru 560001');
  await press(receipts.getByRole('button', { name: say('profile.receipts.save') }));
  await expect(receipts.getByRole('status')).toHaveText(say('profile.receipts.saved'));
  await expect(receipts.getByLabel(say('profile.receipts.gstin'))).toHaveValue('27AAPFU0939F1ZV');
  await receipts.evaluate((form) => form.scrollIntoView({ block: 'center' }));
  await shot(psychologist, 'profile-receipts');
  // Back to a plain receipt, as the demo psychologist was.
  await press(receipts.getByLabel(say('profile.receipts.notRegistered'), { exact: true }));
  await press(receipts.getByRole('button', { name: say('profile.receipts.save') }));
  await expect(receipts.getByRole('status')).toHaveText(say('profile.receipts.saved'));
  await psychologist.context().close();
});

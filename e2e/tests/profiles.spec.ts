import { device, expect, expectAccessible, press, snapshot, test } from '../fixtures';
import { chooseRole, codeFor, pageFor, PATIENT, signIn } from './journey-helpers';
import { mailPattern, say } from './words';

/** The institution codes the journeys' servers seed (start-server.mjs), one for each project. */
const CODE = { laptop: 'E2E-Profiles-Laptop-2026', phone: 'E2E-Profiles-Phone-2026' } as const;

test.describe('psychologists worth choosing', () => {
  test('a new psychologist completes the profile; a patient filters by specialization and language and picks them', async ({
    page,
    browser,
  }) => {
    // Two people, two dashboards and five accessibility checks: more than one person's journey.
    test.slow();
    // A psychologist registered with a Full name, as the registration form sends it.
    const stamp = `${device()}${Date.now() % 1_000_000}`;
    const who = { email: `kavya.${stamp}@example.test`, password: 'monsoon-kettle-42' };
    const name = `Kavya Menon ${device() === 'laptop' ? 'L' : 'P'}`;
    const registered = await page.request.post('/api/users/register', {
      data: {
        username: `kavya_${stamp}`,
        ...who,
        role: 'psychologist',
        psychologist_code: CODE[device()],
        fullName: name,
        consent: true,
      },
    });
    expect(registered.status()).toBe(201);
    const otp = await codeFor(page.request, who.email, mailPattern('mail.verify.subject'));
    expect(
      (
        await page.request.post('/api/otp/verify', { data: { email: who.email, otp_code: otp } })
      ).status(),
    ).toBe(200);

    // Their dashboard asks for the profile and opens it.
    await signIn(page, who);
    await page.goto('/');
    await chooseRole(page, 'Psychologist');
    const prompt = page.getByRole('region', { name: say('profile.prompt.title') });
    await expect(prompt).toContainText(
      'Add specializations, languages, a short bio and years of practice.',
    );
    await expectAccessible(page, 'a new psychologist’s dashboard with the profile prompt');
    await press(prompt.getByRole('button', { name: say('profile.prompt.open') }));
    const dialog = page.getByRole('dialog', { name: say('avatarMenu.profile') });
    await expect(dialog.getByLabel(say('account.details.fullName'))).toHaveValue(name);
    await dialog.getByRole('checkbox', { name: say('auth.specialization.addiction') }).check();
    await dialog.getByRole('checkbox', { name: say('auth.specialization.trauma') }).check();
    await dialog.getByRole('checkbox', { name: say('chooser.languageName.Konkani') }).check();
    await dialog.getByRole('checkbox', { name: say('chooser.languageName.English') }).check();
    await dialog
      .getByLabel(say('profile.field.bio'))
      .fill('I work with addiction and trauma, in Konkani or English, at your pace.');
    await expect(dialog.getByText('70/600')).toBeVisible();
    await dialog.getByLabel(say('profile.field.yearsOfPractice')).fill('71');
    await press(dialog.getByRole('button', { name: say('profile.save') }));
    await expect(dialog.getByText('Years of practice can be at most 70')).toBeVisible();
    await dialog.getByLabel(say('profile.field.yearsOfPractice')).fill('7');
    await dialog.getByLabel(/Registration number/).fill('CRR A98765');
    // One India, first; the search narrows the list.
    const zone = dialog.getByLabel(say('profile.field.timeZone'), { exact: true });
    await expect(zone).toHaveValue('Asia/Kolkata');
    await expect(zone.locator('option').first()).toHaveText('(UTC+05:30) Asia/Kolkata, India');
    await expect(zone.locator('option[value="Asia/Calcutta"]')).toHaveCount(0);
    await dialog.getByLabel(say('profile.field.timeZoneSearch')).fill('dubai');
    await expect(zone.locator('option')).toHaveCount(2);
    await dialog.getByLabel(say('profile.field.timeZoneSearch')).fill('');
    await expectAccessible(page, 'profile dialog, filled in', { within: dialog });
    await snapshot(page, 'profile-dialog-complete');
    if (process.env.SCREENSHOTS === '1') {
      await dialog.screenshot({ path: `../screenshots/profile-dialog-only-${device()}.png` });
    }
    await press(dialog.getByRole('button', { name: say('profile.save') }));
    await expect(
      dialog.getByRole('status').filter({ hasText: say('profile.saved') }),
    ).toBeVisible();
    await press(dialog.getByRole('button', { name: say('calendar.close') }));
    await expect(dialog).toHaveCount(0);
    await expect(prompt).toHaveCount(0);

    // A patient narrows the list by specialization and language, and picks them.
    const patient = await pageFor(browser, PATIENT);
    await patient.goto('/');
    await chooseRole(patient, 'Patient');
    const chooser = patient.getByRole('group', { name: say('chooser.choose') });
    const switcher = patient.getByRole('button', { name: say('chooser.switch') });
    await expect(chooser.or(switcher)).toBeVisible();
    if (await switcher.isVisible()) await press(switcher);
    await chooser.getByLabel(say('auth.field.specialization')).selectOption('addiction');
    await chooser.getByLabel(say('chooser.language')).selectOption('Konkani');
    const card = chooser.getByRole('button', { name: new RegExp(`^${name}`) });
    await expect(chooser.getByRole('button')).toHaveCount(1);
    await expect(card).toContainText('Addiction · Trauma · 7 years of practice');
    await expect(card).toContainText('Speaks Konkani, English');
    await expect(card).toContainText(/Next available: \w{3} \d{1,2} \w{3}, \d{1,2}:\d{2} (AM|PM)/);
    await expect(card).toContainText('CRR A98765 (as given; not verified by Sukoon)');
    await expect(chooser.getByRole('status')).toHaveText(
      '1 psychologist match, soonest available first',
    );
    await expectAccessible(patient, 'psychologist chooser, filtered', { within: chooser });
    await snapshot(patient, 'psychologist-chooser-filtered');
    await press(card);
    await expect(patient.getByText(say('chooser.bookingWith'))).toBeVisible();
    await expect(patient.getByText(name, { exact: true })).toBeVisible();
    await expect(patient.getByText('Addiction · Trauma', { exact: true })).toBeVisible();
    await expectAccessible(patient, 'patient time picker, booking with the new psychologist');
    await snapshot(patient, 'psychologist-chooser-booking-with');

    // Then the day of their next free time and its first time; the booking is paid and listed.
    const picker = patient.getByRole('region', { name: say('timePicker.heading') });
    const first = picker.getByRole('button', { name: /^Book .* at / }).first();
    await press(first);
    const form = patient.getByRole('dialog', { name: say('booking.addTitle') });
    await form.getByLabel(say('booking.field.title')).fill('Finding my footing');
    await form.getByLabel(say('booking.field.description')).fill('Cravings in the evenings');
    await press(form.getByRole('button', { name: 'Book Event · ₹500' }));
    const payment = patient.getByRole('dialog', { name: say('payment.title') });
    await press(payment.getByRole('button', { name: 'Pay ₹500' }));
    await press(
      patient.getByRole('dialog', { name: 'Sukoon' }).getByRole('button', { name: 'Pay ₹500' }),
    );
    const confirmed = patient.getByRole('dialog', { name: say('booking.confirmed.title') });
    await expect(confirmed.getByText(say('booking.confirmed.scheduled'))).toBeVisible();
    await press(confirmed.getByRole('button', { name: 'Done' }));
    await expect(
      patient
        .getByRole('region', { name: say('sessions.heading') })
        .getByText('Finding my footing')
        .first(),
    ).toBeVisible();
    await patient.context().close();
  });
});

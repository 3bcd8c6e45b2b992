import { device, expect, expectAccessible, press, snapshot, test } from '../fixtures';
import { chooseRole, codeFor, pageFor, PATIENT, signIn } from './journey-helpers';
import { either, escapeRegExp, language, mailPattern, say, sayPart, sayPattern } from './words';

/** The institution codes the journeys' servers seed (start-server.mjs), one for each project. */
const CODE = { laptop: 'E2E-Profiles-Laptop-2026', phone: 'E2E-Profiles-Phone-2026' } as const;

/**
 * The shape of a psychologist card's next free time ("Fri 27 Mar, 3:00 PM"; in Hindi as hi-IN writes
 * it, formatNextAvailable): digits and words of any value, in the order and punctuation of the page's
 * language.
 */
function nextAvailableShape(): RegExp {
  if (language() === 'en') return /\w{3} \d{1,2} \w{3}, \d{1,2}:\d{2} (?:AM|PM)/;
  const sample = new Intl.DateTimeFormat('hi-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(Date.UTC(2026, 2, 27, 9, 30)));
  return new RegExp(
    escapeRegExp(sample)
      .replace(/\d+/g, '\\d{1,2}')
      .replace(/\b(?:am|pm)\b/g, '(?:am|pm)')
      .replace(/[\u0900-\u097F]+/g, '[\\u0900-\\u097F]+'),
  );
}

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
      say('profile.prompt.body', {
        list: say('profile.prompt.list4', {
          first: say('profile.prompt.part.specializations'),
          second: say('profile.prompt.part.languages'),
          third: say('profile.prompt.part.bio'),
          fourth: say('profile.prompt.part.yearsOfPractice'),
        }),
      }),
    );
    await expectAccessible(page, 'a new psychologist’s dashboard with the profile prompt');
    await press(prompt.getByRole('button', { name: say('profile.prompt.open') }));
    const dialog = page.getByRole('dialog', { name: say('profile.title') });
    await expect(dialog.getByLabel(say('profile.field.fullName'))).toHaveValue(name);
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
    await expect(dialog.getByText(say('profile.problem.years.tooMany', { max: 70 }))).toBeVisible();
    await dialog.getByLabel(say('profile.field.yearsOfPractice')).fill('7');
    await dialog.getByLabel(say('profile.field.registrationNumber')).fill('CRR A98765');
    // One India, first; the search narrows the list.
    const zone = dialog.getByLabel(say('profile.field.timeZone'), { exact: true });
    await expect(zone).toHaveValue('Asia/Kolkata');
    await expect(zone.locator('option').first()).toHaveText(
      `(UTC+05:30) Asia/Kolkata, ${say('profile.field.timeZoneIndia')}`,
    );
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
    await press(dialog.getByRole('button', { name: say('profile.close') }));
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
    const specializations = [
      say('auth.specialization.addiction'),
      say('auth.specialization.trauma'),
    ].join(' · ');
    await expect(card).toContainText(
      say('chooser.specializationsWithYears', { specializations, years: 7 }),
    );
    await expect(card).toContainText(
      say('chooser.speaks', {
        languages: [say('chooser.languageName.Konkani'), say('chooser.languageName.English')].join(
          ', ',
        ),
      }),
    );
    await expect(card).toContainText(
      sayPart('chooser.nextAvailable', { when: nextAvailableShape() }),
    );
    await expect(card).toContainText(say('chooser.registration', { number: 'CRR A98765' }));
    await expect(chooser.getByRole('status')).toHaveText(
      say('chooser.countMatching', { count: 1 }),
    );
    await expectAccessible(patient, 'psychologist chooser, filtered', { within: chooser });
    await snapshot(patient, 'psychologist-chooser-filtered');
    await press(card);
    await expect(patient.getByText(say('chooser.bookingWith'))).toBeVisible();
    await expect(patient.getByText(name, { exact: true })).toBeVisible();
    await expect(patient.getByText(specializations, { exact: true })).toBeVisible();
    await expectAccessible(patient, 'patient time picker, booking with the new psychologist');
    await snapshot(patient, 'psychologist-chooser-booking-with');

    // Then the day of their next free time and its first time; the booking is paid and listed.
    const picker = patient.getByRole('region', { name: say('timePicker.heading') });
    const first = picker
      .getByRole('button', {
        name: either(sayPattern('timePicker.bookAt'), sayPattern('timePicker.bookAtBoth')),
      })
      .first();
    await press(first);
    const form = patient.getByRole('dialog', { name: say('booking.addTitle') });
    await form.getByLabel(say('booking.field.title')).fill('Finding my footing');
    await form.getByLabel(say('booking.field.description')).fill('Cravings in the evenings');
    await press(form.getByRole('button', { name: say('booking.bookWithFee', { fee: '₹500' }) }));
    const payment = patient.getByRole('dialog', { name: say('payment.title') });
    await press(payment.getByRole('button', { name: say('payment.pay', { amount: '₹500' }) }));
    await press(
      patient
        .getByRole('dialog', { name: 'Sukoon' })
        .getByRole('button', { name: say('checkout.pay', { amount: '₹500' }) }),
    );
    const confirmed = patient.getByRole('dialog', { name: say('booking.confirmed.title') });
    await expect(confirmed.getByText(say('booking.confirmed.scheduled'))).toBeVisible();
    await press(confirmed.getByRole('button', { name: say('booking.confirmed.done') }));
    await expect(
      patient
        .getByRole('region', { name: say('sessions.heading') })
        .getByText('Finding my footing')
        .first(),
    ).toBeVisible();
    await patient.context().close();
  });
});

import {
  device,
  expect,
  expectAccessible,
  expectFocusTrapped,
  press,
  snapshot,
  test,
} from '../fixtures';
import type { Page } from '@playwright/test';
import { codeFor, paste } from './journey-helpers';
import { apiError, mail, mailPattern, say, sayPattern, startsWith } from './words';

/** The institution codes the journeys' servers seed (start-server.mjs), one for each project. */
const CODE = { laptop: 'E2E-Laptop-2026', phone: 'E2E-Phone-2026' } as const;

/** A role's card on role selection ('Patient', 'Psychologist'). */
const roleCard = (page: Page, role: 'patient' | 'psychologist') =>
  page.getByRole('button', { name: startsWith(say(`roleSelection.${role}.title`)) });

/** The six boxes of a verification code are 'Digit 1 of 6' … 'Digit 6 of 6'. */
const digit = (position: number) => say('otp.digit', { position, length: 6 });

test.describe('accounts', () => {
  test('a psychologist registers with a code, verifies, signs in and out, and resets the password', async ({
    page,
    request,
  }) => {
    // The longest journey (register, verify, reload, sign out, reset), with eleven axe checks.
    test.slow();
    const code = CODE[device()];
    const stamp = `${device()}${Date.now() % 1_000_000}`;
    const email = `dr.${stamp}@example.test`;
    const password = 'monsoon-kettle-42';
    const newPassword = 'tamarind-river-77';
    const dialog = page.getByRole('dialog');

    await page.goto('/');
    await press(roleCard(page, 'psychologist'));
    await expect(
      dialog.getByRole('heading', { name: say('auth.title.psychologistLogin') }),
    ).toBeVisible();
    await snapshot(page, 'accounts-login');

    // Wrong password for a real account.
    await dialog.getByLabel(say('auth.field.email')).fill('demo.psychologist@sukoon.test');
    await dialog.getByLabel(say('auth.field.password'), { exact: true }).fill('not-the-password');
    await dialog.getByRole('button', { name: say('auth.signIn') }).click();
    await expect(dialog.getByRole('alert')).toHaveText(apiError('INVALID_CREDENTIALS'));
    await expectAccessible(page, 'sign-in refused', { within: dialog });

    await press(dialog.getByRole('button', { name: say('auth.registerHere') }));
    await expect(
      dialog.getByRole('heading', { name: say('auth.title.psychologistRegistration') }),
    ).toBeVisible();
    const create = dialog.getByRole('button', { name: say('auth.createAccount') });
    await expect(create).toBeDisabled();
    await dialog.getByLabel(say('auth.field.username')).fill(`dr ${stamp}`);
    // Leaving a field with a wrong value says why, at the field, as an error (not as the hint).
    await dialog.getByLabel(say('auth.field.email')).fill('dr.meera@');
    await expect(dialog.getByLabel(say('auth.field.username'))).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(dialog.getByLabel(say('auth.field.username'))).toHaveAccessibleDescription(
      startsWith(say('auth.problem.usernameCharacters')),
    );
    await dialog.getByLabel(say('auth.field.fullName')).focus();
    await expect(dialog.getByLabel(say('auth.field.email'))).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(dialog.getByLabel(say('auth.field.email'))).toHaveAccessibleDescription(
      say('auth.problem.emailInvalid'),
    );
    await expectAccessible(page, 'psychologist registration, fields refused', { within: dialog });
    await snapshot(page, 'accounts-register-field-errors');
    await dialog.getByLabel(say('auth.field.username')).fill(`dr_${stamp}`);
    await dialog.getByLabel(say('auth.field.email')).fill(email);
    await expect(dialog.getByLabel(say('auth.field.email'))).not.toHaveAttribute('aria-invalid');
    await dialog.getByLabel(say('auth.field.fullName')).fill('Meera Iyer');
    await dialog.getByLabel(say('auth.field.specialization')).selectOption('clinical');
    await dialog.getByLabel(say('auth.field.psychologistCode')).fill(code.toLowerCase());
    await dialog.getByLabel(say('auth.field.password'), { exact: true }).fill('short');
    await expect(dialog.getByText(say('auth.hint.tooShort', { min: 8 }))).toBeVisible();
    await dialog.getByLabel(say('auth.field.password'), { exact: true }).fill(password);
    await dialog
      .getByLabel(say('auth.field.confirmPassword'), { exact: true })
      .fill(`${password}x`);
    await expect(dialog.getByText(say('auth.hint.mismatch'))).toBeVisible();
    await expect(create).toBeDisabled();
    await dialog.getByLabel(say('auth.field.confirmPassword'), { exact: true }).fill(password);
    await expect(dialog.getByText(say('auth.hint.match'))).toBeVisible();
    await expect(create).toBeDisabled(); // until the privacy notice is agreed to
    await dialog.getByRole('checkbox', { name: startsWith(say('auth.consent')) }).check();
    await press(
      dialog.getByRole('button', {
        name: say('field.showPassword', { label: say('auth.field.password').toLowerCase() }),
      }),
    );
    await expect(dialog.getByLabel(say('auth.field.password'), { exact: true })).toHaveAttribute(
      'type',
      'text',
    );
    await expectAccessible(page, 'psychologist registration', { within: dialog });
    await snapshot(page, 'accounts-register');

    // Codes are case-sensitive: the lower-cased code is refused, at the code's field.
    await press(create);
    const codeField = dialog.getByLabel(say('auth.field.psychologistCode'));
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    await expect(codeField).toHaveAccessibleDescription(
      startsWith(apiError('INVALID_PSYCHOLOGIST_CODE')),
    );
    await expect(codeField).toBeFocused();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page, 'registration refused', { within: dialog });
    await snapshot(page, 'accounts-register-error');
    await dialog.getByLabel(say('auth.field.psychologistCode')).fill(code);
    await press(create);

    await expect(dialog.getByRole('heading', { name: say('verify.title') })).toBeVisible();
    await expect(
      dialog.getByRole('button', { name: sayPattern('verify.resendIn', { seconds: /\d+/ }) }),
    ).toBeDisabled();
    await expect(dialog.getByText(say('verify.expires', { minutes: 10 }))).toBeVisible();
    await expectAccessible(page, 'verify your email', { within: dialog });
    await press(dialog.getByRole('button', { name: say('verify.submit') }));
    await expect(dialog.getByRole('alert')).toHaveText(say('verify.allDigits', { length: 6 }));
    const verification = await codeFor(request, email, mailPattern('mail.verify.subject'));
    const wrong = verification === '000000' ? '111111' : '000000';
    await paste(page, `[aria-label="${digit(1)}"]`, wrong);
    await press(dialog.getByRole('button', { name: say('verify.submit') }));
    await expect(dialog.getByRole('alert')).toHaveText(apiError('OTP_INVALID'));
    await expectAccessible(page, 'verify your email, wrong code', { within: dialog });
    await snapshot(page, 'accounts-verify');
    await paste(page, `[aria-label="${digit(1)}"]`, verification);
    await expect(dialog.getByLabel(digit(6))).toHaveValue(verification[5]!);
    await press(dialog.getByRole('button', { name: say('verify.submit') }));
    await expect(dialog.getByText(mail('auth.verified'))).toBeVisible();

    // After 1.5 s: signed in by the code, straight to the dashboard, its heading focused.
    const heading = page.getByRole('heading', { name: say('dashboard.title.psychologist') });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Coming back (a reload) keeps a signed-in psychologist on the dashboard.
    await page.reload();
    await expect(heading).toBeVisible();
    await expect(page.getByText(say('roleSelection.subtitle'))).toHaveCount(0);
    const avatar = page.getByRole('button', {
      name: say('avatarMenu.label', { username: `dr_${stamp}` }),
    });
    await expect(avatar).toHaveText(`D${device()[0]!.toUpperCase()}`);
    await expect(page.getByRole('grid').first()).toBeVisible();
    await expectAccessible(page, 'a new psychologist’s dashboard');
    await press(avatar);
    await expect(page.getByRole('menuitem', { name: say('avatarMenu.profile') })).toBeVisible();
    await snapshot(page, 'accounts-avatar-menu');
    await press(page.getByRole('menuitem', { name: say('avatarMenu.logout') }));
    await expect(page.getByText(say('roleSelection.subtitle'))).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    // Forgot and reset. The Forgot Password dialog keeps focus; Escape goes back to sign-in.
    await press(roleCard(page, 'psychologist'));
    await dialog.getByLabel(say('auth.field.email')).fill(email);
    await press(dialog.getByRole('button', { name: say('auth.forgotPassword') }));
    const forgot = page.getByRole('dialog', { name: say('forgot.title') });
    await expect(forgot.getByLabel(say('auth.field.email'))).toHaveValue(email);
    await expectAccessible(page, 'forgot password', { within: forgot });
    const signIn = page.getByRole('dialog', { name: say('auth.title.psychologistLogin') });
    await expectFocusTrapped(page, forgot, signIn.locator(':focus'));
    await press(signIn.getByRole('button', { name: say('auth.forgotPassword') }));
    await snapshot(page, 'accounts-forgot');
    await press(dialog.getByRole('button', { name: say('forgot.send') }));
    await expect(dialog.getByRole('heading', { name: say('forgot.reset') })).toBeVisible();
    const resetCode = await codeFor(request, email, mailPattern('mail.reset.subject'));
    await dialog.getByLabel(say('forgot.otpCode')).fill(`${resetCode}99`);
    await expect(dialog.getByLabel(say('forgot.otpCode'))).toHaveValue(resetCode);
    await dialog.getByLabel(say('forgot.newPassword'), { exact: true }).fill(newPassword);
    await dialog
      .getByLabel(say('forgot.confirmNewPassword'), { exact: true })
      .fill('something-else');
    await expect(dialog.getByText(say('auth.hint.mismatch'))).toBeVisible();
    await expect(dialog.getByRole('button', { name: say('forgot.reset') })).toBeDisabled();
    await dialog.getByLabel(say('forgot.confirmNewPassword'), { exact: true }).fill(newPassword);
    await expectAccessible(page, 'reset password', { within: dialog });
    await snapshot(page, 'accounts-reset');
    await press(dialog.getByRole('button', { name: say('forgot.reset') }));
    await expect(dialog.getByText(mail('auth.reset'))).toBeVisible();
    await expect(
      dialog.getByRole('heading', { name: say('auth.title.psychologistLogin') }),
    ).toBeVisible();
    await dialog.getByLabel(say('auth.field.password'), { exact: true }).fill(password);
    await press(dialog.getByRole('button', { name: say('auth.signIn') }));
    await expect(dialog.getByRole('alert')).toHaveText(apiError('INVALID_CREDENTIALS'));
    await dialog.getByLabel(say('auth.field.password'), { exact: true }).fill(newPassword);
    await press(dialog.getByRole('button', { name: say('auth.signIn') }));
    await expect(
      page.getByRole('heading', { name: say('dashboard.title.psychologist') }),
    ).toBeVisible();
    await expect(page.getByRole('grid').first()).toBeVisible();
    await expectAccessible(page, 'psychologist dashboard after a reset');
    await snapshot(page, 'accounts-dashboard');
  });

  test('a patient registers without a code, is told about a taken username, and can use the demo patient', async ({
    page,
  }) => {
    const dialog = page.getByRole('dialog');
    await page.goto('/');
    await press(roleCard(page, 'patient'));
    await expect(
      dialog.getByRole('heading', { name: say('auth.title.patientLogin') }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: say('auth.demo') })).toBeVisible();
    await snapshot(page, 'accounts-patient-login');

    await press(dialog.getByRole('button', { name: say('auth.registerHere') }));
    await expect(dialog.getByLabel(say('auth.field.psychologistCode'))).toHaveCount(0);
    await expect(dialog.getByLabel(say('auth.field.specialization'))).toHaveCount(0);
    await dialog.getByLabel(say('auth.field.username')).fill('demo_patient');
    await dialog.getByLabel(say('auth.field.email')).fill(`someone.${Date.now()}@example.test`);
    await dialog.getByLabel(say('auth.field.password'), { exact: true }).fill('monsoon-kettle-42');
    await dialog
      .getByLabel(say('auth.field.confirmPassword'), { exact: true })
      .fill('monsoon-kettle-42');
    await dialog.getByRole('checkbox', { name: startsWith(say('auth.consent')) }).check();
    await expectAccessible(page, 'patient registration', { within: dialog });
    await press(dialog.getByRole('button', { name: say('auth.createAccount') }));
    const username = dialog.getByLabel(say('auth.field.username'));
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription(startsWith(apiError('USERNAME_TAKEN')));
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    await username.fill(`pt_${Date.now() % 1_000_000}`);
    await dialog.getByLabel(say('auth.field.password'), { exact: true }).fill('password123');
    await dialog.getByLabel(say('auth.field.confirmPassword'), { exact: true }).fill('password123');
    await press(dialog.getByRole('button', { name: say('auth.createAccount') }));
    // A common password is said to be one, at the password, and nothing about the email.
    const passwordField = dialog.getByLabel(say('auth.field.password'), { exact: true });
    await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
    await expect(passwordField).toHaveAccessibleDescription(apiError('WEAK_PASSWORD'));
    await expect(dialog.getByText(say('auth.problem.emailInvalid'))).toHaveCount(0);
    await expectAccessible(page, 'patient registration refused', { within: dialog });
    await snapshot(page, 'accounts-patient-register-error');

    await press(dialog.getByRole('button', { name: say('auth.signInHere') }));
    await press(dialog.getByRole('button', { name: say('auth.demo') }));
    await expect(page.getByRole('heading', { name: say('dashboard.title.patient') })).toBeVisible();
    // Focus does not fall to the page's body when the dialog goes: the dashboard's heading has it.
    await expect(page.getByRole('heading', { name: say('dashboard.title.patient') })).toBeFocused();
    await snapshot(page, 'accounts-patient-dashboard');
    await expect(
      page.getByRole('button', { name: say('avatarMenu.label', { username: 'demo_patient' }) }),
    ).toHaveText('DP');
    await press(page.getByRole('button', { name: say('dashboard.back') }));
    await expect(page.getByText(say('roleSelection.subtitle'))).toBeVisible();
  });
});

test('an account signed in through the other role’s card is told so and taken to its own dashboard', async ({
  page,
}) => {
  const dialog = page.getByRole('dialog');
  await page.goto('/');
  // A patient through the Psychologist card.
  await press(roleCard(page, 'psychologist'));
  await dialog.getByLabel(say('auth.field.email')).fill('demo.patient@sukoon.test');
  await dialog.getByLabel(say('auth.field.password'), { exact: true }).fill('sukoon-demo-2026');
  await press(dialog.getByRole('button', { name: say('auth.signIn') }));
  await expect(dialog.getByText(say('auth.otherRole.patientTitle'))).toBeVisible();
  const toPatient = dialog.getByRole('button', { name: say('auth.otherRole.continuePatient') });
  await expect(toPatient).toBeFocused();
  await expectAccessible(page, 'a patient account at the psychologist sign-in', { within: dialog });
  await snapshot(page, 'accounts-other-role');
  await press(toPatient);
  await expect(page.getByRole('heading', { name: say('dashboard.title.patient') })).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A reload keeps the patient on their dashboard; Back still leads to role selection.
  await page.reload();
  await expect(page.getByRole('heading', { name: say('dashboard.title.patient') })).toBeVisible();
  await snapshot(page, 'accounts-patient-header');
  await press(page.getByRole('button', { name: say('dashboard.back') }));
  await expect(page.getByText(say('roleSelection.subtitle'))).toBeVisible();

  // Still signed in as the patient, the Psychologist card offers its sign-in; the patient account
  // is told apart again, and can be signed out to use a psychologist's.
  await press(roleCard(page, 'psychologist'));
  await dialog.getByLabel(say('auth.field.email')).fill('demo.patient@sukoon.test');
  await dialog.getByLabel(say('auth.field.password'), { exact: true }).fill('sukoon-demo-2026');
  await press(dialog.getByRole('button', { name: say('auth.signIn') }));
  await expect(dialog.getByText(say('auth.otherRole.patientTitle'))).toBeVisible();
  await press(dialog.getByRole('button', { name: say('auth.otherRole.signInPsychologist') }));
  // The reverse: a psychologist through the Patient card.
  await expect(
    dialog.getByRole('heading', { name: say('auth.title.psychologistLogin') }),
  ).toBeVisible();
  await press(dialog.getByRole('button', { name: say('modal.close') }));
  await press(roleCard(page, 'patient'));
  await dialog.getByLabel(say('auth.field.email')).fill('demo.psychologist@sukoon.test');
  await dialog.getByLabel(say('auth.field.password'), { exact: true }).fill('sukoon-demo-2026');
  await press(dialog.getByRole('button', { name: say('auth.signIn') }));
  await expect(dialog.getByText(say('auth.otherRole.psychologistTitle'))).toBeVisible();
  await press(dialog.getByRole('button', { name: say('auth.otherRole.continuePsychologist') }));
  await expect(
    page.getByRole('heading', { name: say('dashboard.title.psychologist') }),
  ).toBeFocused();
});

test('an unverified account is sent to verify, and a used sign-in link leaves the address bar', async ({
  page,
  request,
}) => {
  const email = `late.${Date.now()}@example.test`;
  const registered = await request.post('/api/users/register', {
    data: {
      username: `late_${Date.now() % 1_000_000}`,
      email,
      password: 'monsoon-kettle-42',
      role: 'patient',
    },
  });
  expect(registered.status()).toBe(201);
  const dialog = page.getByRole('dialog');
  await page.goto('/');
  await press(roleCard(page, 'patient'));
  await dialog.getByLabel(say('auth.field.email')).fill(email);
  await dialog.getByLabel(say('auth.field.password'), { exact: true }).fill('monsoon-kettle-42');
  await press(dialog.getByRole('button', { name: say('auth.signIn') }));
  await expect(dialog.getByRole('alert')).toContainText(apiError('EMAIL_NOT_VERIFIED'));
  await press(dialog.getByRole('button', { name: say('auth.enterVerificationCode') }));
  await expect(dialog.getByRole('heading', { name: say('verify.title') })).toBeVisible();
  // A resend answers alike whether or not a code goes out (the code from registration is less than a
  // minute old, so none does): the same notice, and the button waits out the cooldown.
  await press(dialog.getByRole('button', { name: say('verify.resend') }));
  await expect(dialog.getByRole('status')).toHaveText(mail('auth.resent'));
  await expect(
    dialog.getByRole('button', { name: sayPattern('verify.resendIn', { seconds: /\d+/ }) }),
  ).toBeDisabled();
  await expectAccessible(page, 'verify your email, resend answered', { within: dialog });
  // The Verify Your Email dialog keeps focus; Escape goes back to sign-in.
  const verify = page.getByRole('dialog', { name: say('verify.title') });
  await expectFocusTrapped(
    page,
    verify,
    page.getByRole('dialog', { name: say('auth.title.patientLogin') }).locator(':focus'),
  );

  await page.goto(`/?token=${'x'.repeat(43)}&psychologistId=p1`);
  await expect(page.getByText(apiError('SIGN_IN_LINK_INVALID'))).toBeVisible();
  expect(new URL(page.url()).searchParams.get('token')).toBeNull();
  expect(new URL(page.url()).searchParams.get('psychologistId')).toBe('p1');
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: say('auth.title.patientLogin') }),
  ).toBeVisible();

  // A psychologist's shared link (no token) opens the patient sign-in, with the way back kept.
  await page.goto('/?psychologistId=p1');
  await press(page.getByRole('button', { name: say('auth.demo') }));
  await expect(page.getByRole('heading', { name: say('dashboard.title.patient') })).toBeVisible();
  await expect(page.getByRole('button', { name: say('dashboard.back') })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBe(
    await page.evaluate(() => localStorage.getItem('authToken')),
  );
});

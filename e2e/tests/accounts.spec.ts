import type { APIRequestContext, Page } from '@playwright/test';
import { expect, snapshot, test } from '../fixtures';

const VIEWPORTS = [
  { name: 'laptop', width: 1440, height: 900, code: 'E2E-Laptop-2026' },
  { name: 'phone', width: 375, height: 812, code: 'E2E-Phone-2026' },
];

/** The newest six-digit code the dev mailbox holds for an address. */
async function codeFor(request: APIRequestContext, email: string, subject: RegExp) {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
      const messages = (await response.json()).data as Array<{ subject: string; text: string }>;
      const latest = messages.find((message) => subject.test(message.subject));
      code = /Your code: (\d{6})/.exec(latest?.text ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** Pastes text into the focused element the way a browser does. */
async function paste(page: Page, selector: string, text: string) {
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

for (const viewport of VIEWPORTS) {
  test.describe(`accounts on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a psychologist registers with a code, verifies, signs in and out, and resets the password', async ({
      page,
      request,
    }) => {
      const stamp = `${viewport.name}${Date.now() % 1_000_000}`;
      const email = `dr.${stamp}@example.test`;
      const password = 'monsoon-kettle-42';
      const newPassword = 'tamarind-river-77';
      const dialog = page.getByRole('dialog');

      await page.goto('/');
      await page.getByRole('button', { name: /Psychologist/ }).click();
      await expect(dialog.getByRole('heading', { name: 'Psychologist Login' })).toBeVisible();
      await snapshot(page, `accounts-login-${viewport.name}`);

      // Wrong password for a real account.
      await dialog.getByLabel('Email').fill('demo.psychologist@sukoon.test');
      await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password.');

      await dialog.getByRole('button', { name: 'Register here' }).click();
      await expect(
        dialog.getByRole('heading', { name: 'Psychologist Registration' }),
      ).toBeVisible();
      const create = dialog.getByRole('button', { name: 'Create Account' });
      await expect(create).toBeDisabled();
      await dialog.getByLabel('Username').fill(`dr_${stamp}`);
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Full name').fill('Meera Iyer');
      await dialog.getByLabel('Specialization').selectOption('clinical');
      await dialog.getByLabel('Psychologist code').fill(viewport.code.toLowerCase());
      await dialog.getByLabel('Password', { exact: true }).fill('short');
      await expect(dialog.getByText('Password must be at least 8 characters long')).toBeVisible();
      await dialog.getByLabel('Password', { exact: true }).fill(password);
      await dialog.getByLabel('Confirm password', { exact: true }).fill(`${password}x`);
      await expect(dialog.getByText('Passwords do not match')).toBeVisible();
      await expect(create).toBeDisabled();
      await dialog.getByLabel('Confirm password', { exact: true }).fill(password);
      await expect(dialog.getByText('Passwords match')).toBeVisible();
      await dialog.getByRole('button', { name: 'Show password' }).click();
      await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
      await snapshot(page, `accounts-register-${viewport.name}`);

      // Codes are case-sensitive: the lower-cased code is refused.
      await create.click();
      await expect(dialog.getByRole('alert')).toHaveText(
        'Invalid or expired psychologist code. Please check the code and try again.',
      );
      await snapshot(page, `accounts-register-error-${viewport.name}`);
      await dialog.getByLabel('Psychologist code').fill(viewport.code);
      await create.click();

      await expect(dialog.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: /Resend OTP in \d+s/ })).toBeDisabled();
      await expect(dialog.getByText('The code expires in 10 minutes.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Verify Email' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Please enter all 6 digits');
      const code = await codeFor(request, email, /verification code/);
      const wrong = code === '000000' ? '111111' : '000000';
      await paste(page, '[aria-label="Digit 1 of 6"]', wrong);
      await dialog.getByRole('button', { name: 'Verify Email' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        'Invalid OTP. Please check and try again.',
      );
      await snapshot(page, `accounts-verify-${viewport.name}`);
      await paste(page, '[aria-label="Digit 1 of 6"]', code);
      await expect(dialog.getByLabel('Digit 6 of 6')).toHaveValue(code[5]!);
      await dialog.getByRole('button', { name: 'Verify Email' }).click();
      await expect(dialog.getByText('Email verified successfully!')).toBeVisible();

      // After 1.5 s: back to sign-in, the email kept.
      await expect(dialog.getByRole('heading', { name: 'Psychologist Login' })).toBeVisible();
      await expect(dialog.getByLabel('Email')).toHaveValue(email);
      await dialog.getByLabel('Password', { exact: true }).fill(password);
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('heading', { name: 'Psychologist Dashboard' })).toBeVisible();
      const avatar = page.getByRole('button', { name: `Account menu for dr_${stamp}` });
      await expect(avatar).toHaveText(`D${viewport.name[0]!.toUpperCase()}`);
      await avatar.click();
      await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
      await snapshot(page, `accounts-avatar-menu-${viewport.name}`);
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page.getByText('Select your role to continue')).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

      // Forgot and reset.
      await page.getByRole('button', { name: /Psychologist/ }).click();
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Forgot Password?' }).click();
      await expect(dialog.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
      await expect(dialog.getByLabel('Email')).toHaveValue(email);
      await snapshot(page, `accounts-forgot-${viewport.name}`);
      await dialog.getByRole('button', { name: 'Send OTP' }).click();
      await expect(dialog.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
      const resetCode = await codeFor(request, email, /password reset code/);
      await dialog.getByLabel('OTP code').fill(`${resetCode}99`);
      await expect(dialog.getByLabel('OTP code')).toHaveValue(resetCode);
      await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
      await dialog.getByLabel('Confirm new password', { exact: true }).fill('something-else');
      await expect(dialog.getByText('Passwords do not match')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
      await dialog.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
      await snapshot(page, `accounts-reset-${viewport.name}`);
      await dialog.getByRole('button', { name: 'Reset Password' }).click();
      await expect(
        dialog.getByText('Password reset successfully. Please sign in with your new password.'),
      ).toBeVisible();
      await expect(dialog.getByRole('heading', { name: 'Psychologist Login' })).toBeVisible();
      await dialog.getByLabel('Password', { exact: true }).fill(password);
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password.');
      await dialog.getByLabel('Password', { exact: true }).fill(newPassword);
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('heading', { name: 'Psychologist Dashboard' })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await snapshot(page, `accounts-dashboard-${viewport.name}`);
    });

    test('a patient registers without a code, is told about taken names, and can use the demo patient', async ({
      page,
    }) => {
      const dialog = page.getByRole('dialog');
      await page.goto('/');
      await page.getByRole('button', { name: /Patient/ }).click();
      await expect(dialog.getByRole('heading', { name: 'Patient Login' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Continue as demo patient' })).toBeVisible();
      await snapshot(page, `accounts-patient-login-${viewport.name}`);

      await dialog.getByRole('button', { name: 'Register here' }).click();
      await expect(dialog.getByLabel('Psychologist code')).toHaveCount(0);
      await expect(dialog.getByLabel('Specialization')).toHaveCount(0);
      await dialog.getByLabel('Username').fill('demo_patient');
      await dialog.getByLabel('Email').fill(`someone.${Date.now()}@example.test`);
      await dialog.getByLabel('Password', { exact: true }).fill('monsoon-kettle-42');
      await dialog.getByLabel('Confirm password', { exact: true }).fill('monsoon-kettle-42');
      await dialog.getByRole('button', { name: 'Create Account' }).click();
      await expect(dialog.getByRole('alert')).toContainText(
        'Username or email already exists. Please try different credentials.',
      );
      await expect(dialog.getByText(/sign in if you already have an account/)).toBeVisible();

      await dialog.getByLabel('Username').fill(`pt_${Date.now() % 1_000_000}`);
      await dialog.getByLabel('Password', { exact: true }).fill('password123');
      await dialog.getByLabel('Confirm password', { exact: true }).fill('password123');
      await dialog.getByRole('button', { name: 'Create Account' }).click();
      await expect(dialog.getByRole('alert')).toContainText('weak password');
      await snapshot(page, `accounts-patient-register-error-${viewport.name}`);

      await dialog.getByRole('button', { name: 'Sign in here' }).click();
      await dialog.getByRole('button', { name: 'Continue as demo patient' }).click();
      await expect(page.getByRole('heading', { name: 'Patient Dashboard' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Account menu for demo_patient' })).toHaveText(
        'DP',
      );
      await page.getByRole('button', { name: 'Back to Role Selection' }).click();
      await expect(page.getByText('Select your role to continue')).toBeVisible();
    });
  });
}

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
  await page.getByRole('button', { name: /Patient/ }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('monsoon-kettle-42');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'Please verify your email before signing in.',
  );
  await dialog.getByRole('button', { name: 'Enter verification code' }).click();
  await expect(dialog.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  // The code from registration is less than a minute old: a resend is refused with the wait.
  await dialog.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    /Please wait \d+ seconds before requesting a new OTP\./,
  );
  await expect(dialog.getByRole('button', { name: /Resend OTP in \d+s/ })).toBeDisabled();

  await page.goto(`/?token=${'x'.repeat(43)}&psychologistId=p1`);
  await expect(
    page.getByText('This sign-in link has expired or was already used. Please sign in.'),
  ).toBeVisible();
  expect(new URL(page.url()).searchParams.get('token')).toBeNull();
  expect(new URL(page.url()).searchParams.get('psychologistId')).toBe('p1');
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Patient Login' }),
  ).toBeVisible();

  // A psychologist's shared link (no token) opens the patient sign-in, with the way back kept.
  await page.goto('/?psychologistId=p1');
  await page.getByRole('button', { name: 'Continue as demo patient' }).click();
  await expect(page.getByRole('heading', { name: 'Patient Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Role Selection' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBe(
    await page.evaluate(() => localStorage.getItem('authToken')),
  );
});

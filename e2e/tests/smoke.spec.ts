import { expect, snapshot, test } from '../fixtures';

const VIEWPORTS = [
  { name: 'laptop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a visitor chooses a role and reaches that dashboard', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByText('Select your role to continue')).toBeVisible();
      await expect(
        page.getByText('Choose your role to continue with the appropriate dashboard'),
      ).toBeVisible();
      await snapshot(page, `role-selection-${viewport.name}`);

      await page.getByRole('button', { name: /Patient/ }).click();
      await page.getByRole('button', { name: 'Continue as demo patient' }).click();
      await expect(page.getByRole('heading', { name: 'Patient Dashboard' })).toBeVisible();
      await snapshot(page, `dashboard-patient-${viewport.name}`);
      await page.getByRole('button', { name: 'Back to Role Selection' }).click();

      // A psychologist who is not signed in gets the sign-in dialog over the dashboard.
      await page.getByRole('button', { name: /Psychologist/ }).click();
      await expect(page.getByRole('heading', { name: 'Psychologist Login' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByText('Select your role to continue')).toBeVisible();
      await page.getByRole('button', { name: /Psychologist/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Email').fill('demo.psychologist@sukoon.test');
      await dialog.getByLabel('Password', { exact: true }).fill('sukoon-demo-2026');
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('heading', { name: 'Psychologist Dashboard' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Back to Role Selection' })).toHaveCount(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}

test('a patient arriving with a token and a psychologist skips role selection', async ({
  page,
}) => {
  await page.goto('/?token=abc&psychologistId=p1');
  // The link's token is not valid, so the patient is asked to sign in, still without a way back.
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Patient Login' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue as demo patient' }).click();
  await expect(page.getByRole('heading', { name: 'Patient Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Role Selection' })).toHaveCount(0);
});

test('the health endpoint answers on the served app', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect((await response.json()).data.status).toBe('ok');
});

import {
  expect,
  expectAccessible,
  expectFocusTrapped,
  onPhone,
  press,
  snapshot,
  test,
} from '../fixtures';
import { chooseDemoPsychologist } from './journey-helpers';

test('a visitor chooses a role and reaches that dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Select your role to continue')).toBeVisible();
  await expect(
    page.getByText('Choose your role to continue with the appropriate dashboard'),
  ).toBeVisible();
  await expectAccessible(page, 'role selection');
  await snapshot(page, 'role-selection');

  await press(page.getByRole('button', { name: /Patient/ }));
  const login = page.getByRole('dialog', { name: 'Patient Login' });
  await expectAccessible(page, 'patient sign-in dialog', { within: login });
  await press(page.getByRole('button', { name: 'Continue as demo patient' }));
  await expect(page.getByRole('heading', { name: 'Patient Dashboard' })).toBeVisible();
  // Other journeys may have registered psychologists: the patient then picks the demo one.
  await chooseDemoPsychologist(page);
  await expectAccessible(page, 'patient dashboard');
  await snapshot(page, 'dashboard-patient');
  await press(page.getByRole('button', { name: 'Back to Role Selection' }));
  // Back on role selection, focus is on the role just left, so the keyboard starts from there.
  await expect(page.getByRole('button', { name: /Patient/ })).toBeFocused();

  // A psychologist who is not signed in gets the sign-in dialog over the dashboard; Escape goes
  // back to role selection, focus on the card that opened it. The dialog keeps focus meanwhile.
  const card = page.getByRole('button', { name: /Psychologist/ });
  await card.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Psychologist Login' });
  await expect(dialog.getByRole('heading', { name: 'Psychologist Login' })).toBeVisible();
  await expectAccessible(page, 'psychologist sign-in dialog', { within: dialog });
  await expectFocusTrapped(page, dialog, card);
  await expect(page.getByText('Select your role to continue')).toBeVisible();

  await press(card);
  await dialog.getByLabel('Email').fill('demo.psychologist@sukoon.test');
  await dialog.getByLabel('Password', { exact: true }).fill('sukoon-demo-2026');
  await press(dialog.getByRole('button', { name: 'Sign In' }));
  await expect(page.getByRole('heading', { name: 'Psychologist Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Role Selection' })).toHaveCount(0);
  await expect(page.getByRole('grid').first()).toBeVisible();
  await expectAccessible(page, 'psychologist dashboard');
  if (onPhone()) {
    // The header keeps one row on a phone: the account menu stays on screen.
    const avatar = page.getByRole('button', { name: /^Account menu for / });
    const box = await avatar.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  }
});

test('a patient arriving with a token and a psychologist skips role selection', async ({
  page,
}) => {
  await page.goto('/?token=abc&psychologistId=p1');
  // The link's token is not valid, so the patient is asked to sign in, still without a way back.
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Patient Login' }),
  ).toBeVisible();
  await expectAccessible(page, 'sign-in link refused');
  await press(page.getByRole('button', { name: 'Continue as demo patient' }));
  await expect(page.getByRole('heading', { name: 'Patient Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Role Selection' })).toHaveCount(0);
});

test('the health endpoint answers on the served app', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect((await response.json()).data.status).toBe('ok');
});

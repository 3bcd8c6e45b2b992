import {
  expect,
  expectAccessible,
  expectFocusTrapped,
  expectHeaderUncrowded,
  onPhone,
  press,
  snapshot,
  test,
} from '../fixtures';
import { chooseDemoPsychologist } from './journey-helpers';
import { say, sayPattern } from './words';

test('a visitor chooses a role and reaches that dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(say('roleSelection.subtitle'))).toBeVisible();
  await expect(page.getByText(say('roleSelection.footer'))).toBeVisible();
  await expectAccessible(page, 'role selection');
  await snapshot(page, 'role-selection');

  const patientCard = page.getByRole('button', {
    name: new RegExp(say('roleSelection.patient.title')),
  });
  await press(patientCard);
  const login = page.getByRole('dialog', { name: say('auth.title.patientLogin') });
  await expectAccessible(page, 'patient sign-in dialog', { within: login });
  await press(page.getByRole('button', { name: say('auth.demo') }));
  await expect(page.getByRole('heading', { name: say('dashboard.title.patient') })).toBeVisible();
  // Other journeys may have registered psychologists: the patient then picks the demo one.
  await chooseDemoPsychologist(page);
  await expectAccessible(page, 'patient dashboard');
  await expectHeaderUncrowded(page);
  await snapshot(page, 'dashboard-patient');
  await press(page.getByRole('button', { name: say('dashboard.back') }));
  // Back on role selection, focus is on the role just left, so the keyboard starts from there.
  await expect(patientCard).toBeFocused();

  // A psychologist who is not signed in gets the sign-in dialog over the dashboard; Escape goes
  // back to role selection, focus on the card that opened it. The dialog keeps focus meanwhile.
  const card = page.getByRole('button', {
    name: new RegExp(say('roleSelection.psychologist.title')),
  });
  await card.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: say('auth.title.psychologistLogin') });
  await expect(
    dialog.getByRole('heading', { name: say('auth.title.psychologistLogin') }),
  ).toBeVisible();
  await expectAccessible(page, 'psychologist sign-in dialog', { within: dialog });
  await expectFocusTrapped(page, dialog, card);
  await expect(page.getByText(say('roleSelection.subtitle'))).toBeVisible();

  await press(card);
  await dialog.getByLabel(say('auth.field.email')).fill('demo.psychologist@sukoon.test');
  await dialog.getByLabel(say('auth.field.password'), { exact: true }).fill('sukoon-demo-2026');
  await press(dialog.getByRole('button', { name: say('auth.signIn') }));
  await expect(
    page.getByRole('heading', { name: say('dashboard.title.psychologist') }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: say('dashboard.back') })).toHaveCount(0);
  await expect(page.getByRole('grid').first()).toBeVisible();
  await expectAccessible(page, 'psychologist dashboard');
  await expectHeaderUncrowded(page);
  if (onPhone()) {
    // The header keeps one row on a phone: the account menu stays on screen.
    const avatar = page.getByRole('button', { name: sayPattern('avatarMenu.label') });
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
    page.getByRole('dialog').getByRole('heading', { name: say('auth.title.patientLogin') }),
  ).toBeVisible();
  await expectAccessible(page, 'sign-in link refused');
  await press(page.getByRole('button', { name: say('auth.demo') }));
  await expect(page.getByRole('heading', { name: say('dashboard.title.patient') })).toBeVisible();
  await expect(page.getByRole('button', { name: say('dashboard.back') })).toHaveCount(0);
});

test('the health endpoint answers on the served app', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect((await response.json()).data.status).toBe('ok');
});

import { expect, expectAccessible, expectFocusTrapped, press, snapshot, test } from '../fixtures';
import { PATIENT, signIn } from './journey-helpers';
import { mail, say, sayPattern } from './words';

test.describe('sandbox checkout', () => {
  test('the demo patient pays a test order by card and the server verifies it', async ({
    page,
  }) => {
    await signIn(page, PATIENT);
    await page.goto('/sandbox/checkout');
    await expect(
      page.getByRole('heading', { name: say('checkout.playground.title') }),
    ).toBeVisible();
    await expectAccessible(page, 'test checkout page');
    await snapshot(page, 'sandbox-playground');

    await press(page.getByRole('button', { name: say('checkout.playground.openCheckout') }));
    const checkout = page.getByRole('dialog', { name: 'Sukoon' });
    await expect(checkout).toBeVisible();
    await expect(checkout.getByText(say('checkout.testMode'))).toBeVisible();
    // What is paid for, in the payer's language (the server words the test order's description).
    await expect(checkout).toContainText(mail('payment.sandbox.demoDescription'));
    await expect(checkout.getByTestId('checkout-amount')).toHaveText('₹500');
    await expect(checkout.getByLabel(say('checkout.field.cardNumber'))).toHaveValue(
      '4111 1111 1111 1111',
    );
    await expectAccessible(page, 'sandbox checkout, card', { within: checkout });
    await snapshot(page, 'sandbox-checkout-card');

    await press(checkout.getByRole('tab', { name: say('checkout.method.upi') }));
    await expect(checkout.getByLabel(say('checkout.field.upiId'))).toHaveValue('success@razorpay');
    await snapshot(page, 'sandbox-checkout-upi');
    await press(checkout.getByRole('tab', { name: say('checkout.method.netbanking') }));
    await expectAccessible(page, 'sandbox checkout, net banking', { within: checkout });
    await press(checkout.getByRole('tab', { name: say('checkout.method.card') }));

    await press(checkout.getByRole('button', { name: say('checkout.pay', { amount: '₹500' }) }));
    await expect(checkout).toBeHidden();
    await expect(
      page.getByText(
        sayPattern('checkout.playground.verified', {
          amount: '₹500',
          paymentId: /pay_[A-Za-z0-9]{14}/,
        }),
      ),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: say('checkout.playground.openCheckout') }),
    ).toBeEnabled();
    await expectAccessible(page, 'test checkout page, verified');
    await snapshot(page, 'sandbox-checkout-verified');
  });
});

test('a simulated failure is shown in the checkout and closing it stops quietly', async ({
  page,
}) => {
  await signIn(page, PATIENT);
  await page.goto('/sandbox/checkout');
  await press(page.getByRole('button', { name: say('checkout.playground.openCheckout') }));
  const checkout = page.getByRole('dialog', { name: 'Sukoon' });
  await press(checkout.getByRole('button', { name: say('checkout.simulateFailure') }));
  await expect(checkout.getByRole('alert')).toContainText(
    say('checkout.failed', { reason: mail('payment.sandbox.failed') }),
  );
  await expectAccessible(page, 'sandbox checkout, failed', { within: checkout });
  await snapshot(page, 'sandbox-checkout-failed');
  await page.keyboard.press('Escape');
  await expect(checkout).toBeHidden();
  await expect(page.getByText(say('checkout.playground.failed'))).toBeVisible();
});

test('the checkout works from the keyboard and Escape dismisses it', async ({ page }) => {
  await signIn(page, PATIENT);
  await page.goto('/sandbox/checkout');
  const opener = page.getByRole('button', { name: say('checkout.playground.openCheckout') });
  await opener.focus();
  await page.keyboard.press('Enter');
  const checkout = page.getByRole('dialog', { name: 'Sukoon' });
  await expect(checkout).toBeVisible();
  // Radix moves focus into the dialog; arrows move between the method tabs.
  await checkout.getByRole('tab', { name: say('checkout.method.card') }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(checkout.getByRole('tab', { name: say('checkout.method.upi') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // Mounted outside the app's tree, it keeps focus all the same and gives it back on Escape.
  await expectFocusTrapped(page, checkout, opener);
  await expect(page.getByText(say('checkout.playground.dismissed'))).toBeVisible();
});

import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutParams } from '@sukoon/shared';
import { SandboxCheckout } from './sandbox-checkout';

const params: CheckoutParams = {
  provider: 'sandbox',
  key: 'rzp_test_sandbox',
  order_id: 'order_Test0000000001',
  amount: 90_000,
  currency: 'INR',
  name: 'Sukoon',
  description: '45-minute session',
};

/** The sandbox pay endpoint's answer, as the server would send it; the request is recorded. */
function answerPay(data: unknown) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit) => {
      calls.push({ url: String(url), body: JSON.parse(init.body as string) });
      return new Response(JSON.stringify({ success: true, data, error: null }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SandboxCheckout', () => {
  it('shows a labelled test-mode checkout with the amount in INR and test values prefilled', () => {
    const onResult = vi.fn();
    render(<SandboxCheckout params={params} onResult={onResult} />);
    expect(screen.getByRole('dialog', { name: 'Sukoon' })).toBeTruthy();
    expect(screen.getByText(/TEST MODE/)).toBeTruthy();
    expect(screen.getByTestId('checkout-amount').textContent).toBe('₹900');
    expect(screen.getByRole('button', { name: 'Pay ₹900' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Card number').value).toBe(
      '4111 1111 1111 1111',
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Card',
      'UPI',
      'Net banking',
    ]);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onResult).toHaveBeenCalledWith('dismissed');
  });

  it('reports dismissed when closed with the close button', () => {
    const onResult = vi.fn();
    render(<SandboxCheckout params={params} onResult={onResult} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close checkout' }));
    expect(onResult).toHaveBeenCalledWith('dismissed');
  });

  it("pays with a UPI id and hands back Razorpay's handler payload", async () => {
    const response = {
      razorpay_order_id: params.order_id,
      razorpay_payment_id: 'pay_Test0000000001',
      razorpay_signature: 'a'.repeat(64),
    };
    const calls = answerPay({ outcome: 'success', response });
    const onResult = vi.fn();
    render(<SandboxCheckout params={params} onResult={onResult} />);
    const upiTab = screen.getByRole('tab', { name: 'UPI' });
    fireEvent.mouseDown(upiTab);
    expect(upiTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('UPI ID').value).toBe('success@razorpay');
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹900' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(response));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toMatch(/\/api\/payments\/sandbox\/pay$/);
    expect(calls[0]!.body).toEqual({
      order_id: params.order_id,
      method: 'upi',
      outcome: 'success',
      vpa: 'success@razorpay',
    });
  });

  it('shows a simulated failure, keeps the checkout open, and reports failed when closed', async () => {
    const calls = answerPay({
      outcome: 'failure',
      response: {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed (sandbox test mode)',
          source: 'customer',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: params.order_id, payment_id: 'pay_Test0000000002' },
        },
      },
    });
    const onResult = vi.fn();
    render(<SandboxCheckout params={params} onResult={onResult} />);
    fireEvent.click(screen.getByRole('button', { name: 'Simulate failure' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Payment failed \(sandbox test mode\)\. Try again/);
    expect(calls[0]!.body).toMatchObject({ method: 'card', outcome: 'failure' });
    expect(onResult).not.toHaveBeenCalled();
    act(() => {
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    });
    expect(onResult).toHaveBeenCalledWith('failed');
  });

  it('asks for a card number instead of sending an empty one', () => {
    const calls = answerPay({});
    render(<SandboxCheckout params={params} onResult={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹900' }));
    expect(screen.getByText('Enter a card number')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

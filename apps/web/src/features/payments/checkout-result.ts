import type { CheckoutSuccess } from '@sukoon/shared';

/**
 * The checkout's answer: Razorpay's handler payload (to verify on the server), or why it stopped.
 * Its own file: both checkouts answer it and `openCheckout` picks between them, so neither imports
 * the other's chooser.
 */
export type CheckoutResult = CheckoutSuccess | 'dismissed' | 'failed';

import { CURRENCY } from './constants';
// Zod-free, so the web app's first load can use it without zod (decision 0017); payments.ts re-exports it.

const inrFormatter = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // Whole rupees without ".00"; otherwise always two digits of paise.
  trailingZeroDisplay: 'stripIfInteger',
});

/**
 * ₹1,234 or ₹1,234.50 from an amount in paise (Indian digit grouping). The same in every language
 * Sukoon speaks: hi-IN writes rupees exactly as en-IN does (Western digits, ₹1,23,456.50).
 */
export function formatInr(paise: number): string {
  return inrFormatter.format(paise / 100);
}

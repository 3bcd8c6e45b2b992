const RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});

/** ₹1,200-style text for an amount in rupees. */
export function formatRupees(amount: number): string {
  return RUPEES.format(amount);
}

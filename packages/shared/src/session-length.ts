import { z } from 'zod';
import type { RatesInr } from './booking-rules';
import type { SessionDuration } from './constants';

/**
 * A session's rates as they stood when it was booked (issue 18): changing its length later costs or
 * returns the difference between these, never between today's rates, so a psychologist raising
 * their fee does not reprice a session already paid for.
 */
export const BookedRates = z.object({
  session_20_paise: z.number().int().positive(),
  session_45_paise: z.number().int().positive(),
});
export type BookedRates = z.infer<typeof BookedRates>;

export function bookedFeePaise(rates: BookedRates, duration: SessionDuration): number {
  return duration === 20 ? rates.session_20_paise : rates.session_45_paise;
}

/**
 * What changing a session's length from `from` to `to` minutes costs the patient, in paise, at the
 * rates it was booked at: positive is paid through the checkout before the change is made, negative
 * is refunded when it is made, zero changes no money.
 */
export function lengthChangePaise(
  rates: BookedRates,
  from: SessionDuration,
  to: SessionDuration,
): number {
  return bookedFeePaise(rates, to) - bookedFeePaise(rates, from);
}

/** Booked rates as the fee switch shows rates (rupees). */
export function bookedRatesInr(rates: BookedRates): RatesInr {
  return {
    session_20_minute_rate: rates.session_20_paise / 100,
    session_45_minute_rate: rates.session_45_paise / 100,
  };
}

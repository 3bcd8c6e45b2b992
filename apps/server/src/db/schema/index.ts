/**
 * Every Drizzle table, one file per capability, gathered here so `drizzle-kit generate` and the client see
 * the whole schema in one place. Rules Drizzle cannot express (exclusion constraints) live in hand-written
 * migrations in ../migrations. Instants are `timestamptz`; money is integer paise.
 */
export * from './accounts';
export * from './mail';
export * from './availability';
export * from './bookings';
export * from './payments';
export * from './audit';
export * from './rate-limits';
export * from './calendar-feeds';
export * from './receipts';

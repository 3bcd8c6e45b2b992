/**
 * What a failed statement means. Drizzle wraps the driver's error (node-postgres' or PGlite's) as
 * its `cause`, and the pool's own errors wrap others, so each question walks the whole chain.
 */

/** An error as PostgreSQL's drivers shape it: a SQLSTATE or network code, the constraint it hit. */
type DriverError = Error & { code?: unknown; constraint?: unknown };

/** The error and every error it wraps, outermost first. */
export function errorChain(error: unknown): DriverError[] {
  const chain: DriverError[] = [];
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    chain.push(current);
  }
  return chain;
}

/** The first code in the chain: a PostgreSQL SQLSTATE such as 23P01, or a network code. */
export function databaseCodeOf(error: unknown): string | undefined {
  for (const { code } of errorChain(error)) if (typeof code === 'string') return code;
  return undefined;
}

/** True when the error (or one it wraps) carries the PostgreSQL error code `code`. */
export function hasDatabaseCode(error: unknown, code: string): boolean {
  return errorChain(error).some((current) => current.code === code);
}

/** True when the error (or one it wraps) is the bookings no-overlap exclusion constraint. */
export function isOverlapViolation(error: unknown): boolean {
  return hasDatabaseCode(error, '23P01');
}

/**
 * The unique index a unique violation (23505) hit: its name, '' when the driver did not name it,
 * null when the error is no unique violation.
 */
export function uniqueViolationOf(error: unknown): string | null {
  const violation = errorChain(error).find((current) => current.code === '23505');
  if (!violation) return null;
  return typeof violation.constraint === 'string' ? violation.constraint : '';
}

const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
]);

/** True for errors that mean "the database cannot be reached", which deserve a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some(({ code, message }) => {
    if (typeof code === 'string') {
      // 57P01-57P03: admin shutdown, crash shutdown, cannot connect now; 08xxx: connection exceptions.
      if (
        UNAVAILABLE_NETWORK_CODES.has(code) ||
        /^57P0[1-3]$/.test(code) ||
        code.startsWith('08')
      ) {
        return true;
      }
    }
    // node-postgres's own words, without a code: the connection ended, a new one did not open in
    // time ('timeout expired'), the pool could not hand one over in time, or a client whose
    // connection broke was used again (the ROLLBACK of a transaction whose connection PostgreSQL
    // terminated between two statements).
    return /Connection terminated|^timeout expired$|timeout exceeded when trying to connect|is not queryable/i.test(
      message,
    );
  });
}

/** True for errors worth trying again as they are: the database unreachable, a deadlock, a conflict. */
export function isTransientDatabaseError(error: unknown): boolean {
  // 40001 serialization failure, 40P01 deadlock detected.
  return (
    isDatabaseUnavailable(error) ||
    hasDatabaseCode(error, '40001') ||
    hasDatabaseCode(error, '40P01')
  );
}

/**
 * The driver's own error at the end of the chain, as its code and message: what a log may keep, as
 * the errors wrapping it carry the statement and its parameters (emails, token hashes).
 */
export function driverCauseOf(error: unknown): { code?: unknown; message: string } {
  const innermost = errorChain(error).at(-1);
  return { code: innermost?.code, message: innermost?.message ?? String(error) };
}

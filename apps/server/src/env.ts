import { z } from 'zod';

/** The only reader of process.env. Every variable is documented in docs/configuration.md. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  PGLITE_DIR: z.string().min(1).default('./data'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(false|true|\d+|[\d.:/a-fA-F, ]+)$/, 'must be false, a hop count, or proxy addresses')
    .default('false')
    .transform((value): boolean | string[] | ((address: string, hop: number) => boolean) => {
      if (value === 'false' || value === 'true') return value === 'true';
      // A hop count: trust that many proxies in front of this server, counted from the socket.
      if (/^\d+$/.test(value)) return (_address, hop) => hop < Number(value);
      return value.split(',').map((address) => address.trim());
    }),
  /** Origins other than the app's own that may call the API from a browser; none when unset. */
  CORS_ORIGINS: z
    .string()
    .transform((value) => value.split(',').map((origin) => origin.trim().replace(/\/$/, '')))
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^https?:\/\/[^/\s*]+$/,
            'each origin must be scheme://host[:port], such as https://app.example.org (no paths, no *)',
          ),
      ),
    )
    .optional(),
  DEMO: z
    .enum(['true', 'false'], 'must be true or false')
    .transform((value) => value === 'true')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Sukoon <no-reply@sukoon.local>'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  MAIL_POLL_MS: z.coerce.number().int().min(50).default(2_000),
  RATE_LIMITS: z.enum(['on', 'off'], 'must be on or off').default('on'),
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Comma-separated institution codes created at start (development and the journeys). */
  SEED_INSTITUTION_CODE: z
    .string()
    .transform((value) => value.split(',').map((code) => code.trim()))
    .pipe(z.array(z.string().min(6, 'each code must be at least 6 characters').max(64)))
    .optional(),
  RAZORPAY_KEY_ID: z
    .string()
    .regex(
      /^rzp_(test|live)_[A-Za-z0-9]+$/,
      'must be a Razorpay key id (rzp_test_... or rzp_live_...)',
    )
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8, 'must be the Razorpay key secret').optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8, 'must be the Razorpay webhook secret').optional(),
  REFUND_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** First retry of a failed email after this long, doubling per attempt up to an hour. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** Server processes sharing the port (node:cluster); more than one needs PostgreSQL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(1),
  /** On SIGTERM/SIGINT, how long in-flight requests and background runs may take before exit 1. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** A request's headers must have arrived this long after it began, or the socket is closed. */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /** The whole request, headers and body, must have arrived within this (and a socket silent this long is closed). */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** An idle kept-alive connection is closed after this; keep it above a proxy's upstream idle timeout. */
  KEEPALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(65),
  /** Open connections per server process; more are refused at once. Keep it well below LimitNOFILE. */
  MAX_CONNECTIONS: z.coerce.number().int().min(8).max(1_000_000).default(4096),
});

export type Env = Omit<z.infer<typeof EnvSchema>, 'DEMO'> & { DEMO: boolean; publicUrl: string };

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const PLACEHOLDER_SECRET =
  /^(change.?me|secret|password|passw0rd|test|testing|example|dummy|placeholder|default|x+|0+|1234)/i;

/** Why a secret is too weak to run a real practice on, or null when it will do. */
export function weakSecretReason(value: string): string | null {
  if (value.length < 16) return 'is too short: use at least 16 random characters';
  if (PLACEHOLDER_SECRET.test(value))
    return 'looks like a placeholder: use the real, random secret';
  if (new Set(value).size < 8) return 'is too simple: use a random secret';
  return null;
}

/**
 * What production refuses: anything made for development (demo accounts, the embedded database, the
 * sandbox and dev mailbox are refused above) and secrets that are missing or weak, each by name.
 */
function productionProblems(env: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (env.DEMO === true) {
    problems.push('DEMO: demo accounts with a published password are never created in production');
  }
  if (!env.DATABASE_URL) {
    problems.push(
      'DATABASE_URL: is required in production (the embedded PGlite database is for development)',
    );
  }
  if (!env.PUBLIC_URL?.startsWith('https://')) {
    problems.push(
      'PUBLIC_URL: is required in production and must start with https:// (it is used in emailed links)',
    );
  }
  for (const name of ['RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) {
    const value = env[name];
    const reason = value === undefined ? null : weakSecretReason(value);
    if (reason) problems.push(`${name}: ${reason}`);
  }
  return problems;
}

/** Parses the environment, listing every bad variable at once instead of failing on the first. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const problems: string[] = [];
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    problems.push('SMTP_URL: is required in production (the dev mailbox is never enabled there)');
  }
  if (env.NODE_ENV === 'production' && env.SEED_INSTITUTION_CODE) {
    problems.push(
      'SEED_INSTITUTION_CODE: is for development and tests; use `npm run codes -- issue`',
    );
  }
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    // Each process would open its own copy of the PGlite files: they cannot share one database.
    problems.push(
      `WEB_CONCURRENCY: ${env.WEB_CONCURRENCY} server processes need DATABASE_URL (PostgreSQL); the embedded PGlite database can only be used by one process`,
    );
  }
  if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) {
    // Node refuses to start a server whose headers may take longer than the whole request.
    problems.push(
      `HEADERS_TIMEOUT_SECONDS: ${env.HEADERS_TIMEOUT_SECONDS} must not exceed REQUEST_TIMEOUT_SECONDS (${env.REQUEST_TIMEOUT_SECONDS}): the headers are part of the request`,
    );
  }
  const razorpayVars = [
    'RAZORPAY_KEY_ID',
    'RAZORPAY_KEY_SECRET',
    'RAZORPAY_WEBHOOK_SECRET',
  ] as const;
  const missing = razorpayVars.filter((name) => env[name] === undefined);
  if (missing.length > 0 && missing.length < razorpayVars.length) {
    problems.push(
      ...missing.map((name) => `${name}: must be set too (Razorpay needs all three variables)`),
    );
  } else if (missing.length > 0 && env.NODE_ENV === 'production') {
    // The sandbox accepts pretend payments; a production server without Razorpay would give away sessions.
    problems.push(
      'RAZORPAY_KEY_ID: required in production; the built-in payment sandbox is test mode only',
    );
  }
  if (env.NODE_ENV === 'production') problems.push(...productionProblems(env));
  if (problems.length > 0) throw new EnvError(problems);
  return {
    ...env,
    // Demo data is the embedded default; production refuses it (see productionProblems).
    DEMO: env.DEMO ?? env.NODE_ENV !== 'production',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  };
}

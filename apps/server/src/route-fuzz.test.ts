import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { queryRows } from './db/client';
import { createBooking, createPatient, createPsychologist } from './db/factories';
import { createSessionsService } from './modules/auth/sessions-service';

/**
 * Every route of the OpenAPI document, called by every kind of caller with bodies, params and queries
 * generated from its schema and mixed with hostile values: never a 5xx, never a stack trace, always the
 * error envelope, and a refused request writes nothing. Routes are read from the document, so a new
 * route is fuzzed without anyone adding it here. FUZZ_RUNS sets the cases per route and caller.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const HOSTILE_STRINGS = [
  '',
  ' ',
  'a'.repeat(20_000),
  '\u0000',
  'null\u0000byte',
  '\u0007\u001b[31m\r\n\t',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '\uD800',
  '\uFFFF\uFEFF',
  '𝕊𝕦𝕜𝕠𝕠𝕟 🧠',
  '1e309',
  '-1',
  'NaN',
  '${7*7}{{7*7}}',
  '__proto__',
  '2026-02-30',
  '2026-03-10T25:61:00Z',
  '0000-01-01',
  '1900-01-01',
  '9999-12-31',
  '00000000-0000-0000-0000-000000000000',
];

const hostileScalar = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 53, -(2 ** 63), 1e308, 0.1, Number.MIN_VALUE),
  fc.boolean(),
  fc.constant(null),
);
const hostileValue = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(
      fc.constantFrom('a', '__proto__', 'constructor', '$gt'),
      hostileScalar,
    ),
  },
);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Route {
  method: string;
  path: string;
  operation: Operation;
}

/** A plausible value for a schema, so generated requests also get past the first check. */
function plausible(schema: JsonSchema | undefined, ids: string[]): fc.Arbitrary<unknown> {
  if (!schema) return hostileValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => plausible(variant, ids)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...ids), fc.uuid());
      if (schema.format === 'date-time') {
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
          .map((date) => date.toISOString());
      }
      if (schema.format === 'email') return fc.emailAddress();
      return fc.string({ maxLength: 30 });
    case 'integer':
      return fc.integer({ min: -10, max: 100_000 });
    case 'number':
      return fc.double({ noNaN: true, min: -10, max: 100_000 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(hostileScalar, { maxLength: 3 });
    case 'object':
      return objectFor(schema, ids);
    default:
      return hostileValue;
  }
}

/** Each declared field plausible or hostile or missing, plus sometimes an unknown field. */
function objectFor(schema: JsonSchema, ids: string[]): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  const record = fc.record(
    Object.fromEntries(
      fields.map(([name, field]) => [name, fc.oneof(plausible(field, ids), hostileValue)]),
    ),
    { requiredKeys: [] },
  );
  return fc
    .tuple(record, fc.option(fc.dictionary(fc.string({ maxLength: 12 }), hostileValue)))
    .map(([known, unknown]) => ({ ...unknown, ...known }));
}

function bodyFor(operation: Operation, ids: string[]): fc.Arbitrary<unknown> {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  return fc.oneof(
    { weight: 6, arbitrary: schema ? plausible(schema, ids) : fc.constant(undefined) },
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
  );
}

/** A lone surrogate cannot be percent-encoded as UTF-8: send the raw invalid bytes instead. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function urlFor(route: Route, params: Record<string, string>, query: Record<string, string>) {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeSegment(params[name] ?? ''),
  );
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

const STACK_TRACE = /\n\s+at |node_modules|\.ts:\d+|\.js:\d+/;

describe('every route under hostile input', () => {
  const context = useTestApp();
  const callers: { name: string; token: () => Promise<string | null> }[] = [];
  const ids: string[] = [];
  let routes: Route[] = [];
  let cases = 0;

  /** Row counts of every table in one query: a refused request must leave them all unchanged. */
  let countRows: () => Promise<string>;

  beforeAll(async () => {
    const { app, database } = context;
    const db = database.db;
    const psychologist = await createPsychologist(db);
    const otherPsychologist = await createPsychologist(db);
    const patient = await createPatient(db);
    const booking = await createBooking(db, {
      psychologistId: psychologist.id,
      patientId: patient.id,
      startsAt: new Date(Date.now() + 3 * 86_400_000),
    });
    ids.push(psychologist.id, otherPsychologist.id, patient.id, booking.id);
    const sessions = createSessionsService(db);
    // A fresh token per call, so a route that ends a session (logout) cannot sign the others out.
    const tokenOf = (userId: string) => async () => (await sessions.issue(userId)).token;
    callers.push(
      { name: 'signed out', token: () => Promise.resolve(null) },
      { name: 'patient', token: tokenOf(patient.id) },
      { name: 'psychologist', token: tokenOf(psychologist.id) },
      { name: 'other psychologist', token: tokenOf(otherPsychologist.id) },
    );

    // Every table but the audit log, which records refused sign-ins on purpose.
    const tables = await queryRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'
            and table_name <> 'audit_events' order by table_name`,
    );
    const counts = sql.join(
      tables.map(
        ({ table_name }) =>
          sql`${table_name} || ':' || (select count(*) from ${sql.identifier(table_name)})`,
      ),
      sql` || ' ' || `,
    );
    countRows = async () => {
      const [row] = await queryRows<{ counts: string }>(db, sql`select ${counts} as counts`);
      return row!.counts;
    };

    const document = app.swagger() as unknown as {
      paths: Record<string, Record<string, Operation>>;
    };
    routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operation,
      })),
    );
  });

  afterAll(() => {
    console.info(
      `route fuzz: ${routes.length} operations × ${callers.length} callers × ${RUNS} runs = ${cases} requests`,
    );
  });

  it('finds the routes in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it('answers every generated request with a 2xx-4xx envelope, no stack trace, and no write on refusal', async () => {
    const { app } = context;
    for (const route of routes) {
      const pathParams = (route.operation.parameters ?? []).filter((p) => p.in === 'path');
      const queryParams = (route.operation.parameters ?? []).filter((p) => p.in === 'query');
      const request = fc.record({
        params: fc.record(
          Object.fromEntries(
            pathParams.map((param) => [
              param.name,
              fc.oneof(fc.constantFrom(...ids), fc.constantFrom(...HOSTILE_STRINGS), fc.uuid()),
            ]),
          ),
        ),
        query: fc.record(
          Object.fromEntries(
            queryParams.map((param) => [
              param.name,
              fc.oneof(
                plausible(param.schema, ids).map(String),
                fc.constantFrom(...HOSTILE_STRINGS),
              ),
            ]),
          ),
          { requiredKeys: [] },
        ),
        body: bodyFor(route.operation, ids),
      });
      for (const caller of callers) {
        const where = `${route.method} ${route.path} as ${caller.name}`;
        const outcome = await fc.check(
          fc.asyncProperty(request, async ({ params, query, body }) => {
            cases += 1;
            const token = await caller.token();
            const before = await countRows();
            const response = await app.inject({
              method: route.method as 'GET',
              url: urlFor(route, params, query as Record<string, string>),
              headers: {
                ...(token ? { authorization: `Bearer ${token}` } : {}),
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(body === undefined ? {} : { payload: JSON.stringify(body) ?? 'null' }),
            });
            expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(
              500,
            );
            expect(response.body, where).not.toMatch(STACK_TRACE);
            if (response.statusCode >= 400) {
              const envelope = response.json<{
                success: boolean;
                error: { code: string; message: string };
              }>();
              expect(envelope.success, where).toBe(false);
              expect(envelope.error.code, where).toMatch(/^[A-Z_]+$/);
              expect(envelope.error.message.length, where).toBeGreaterThan(5);
              expect(await countRows(), `${where} wrote although it refused`).toBe(before);
            }
          }),
          { numRuns: RUNS },
        );
        // Counterexamples can hold 20,000-character strings: report the failure, not the whole input.
        if (outcome.failed) {
          const reason =
            outcome.errorInstance instanceof Error ? outcome.errorInstance.message : '';
          expect.fail(
            `${where}: ${reason.slice(0, 600)} (seed ${outcome.seed}, path ${outcome.counterexamplePath})`,
          );
        }
      }
    }
    expect(cases).toBe(routes.length * callers.length * RUNS);
  }, 600_000);

  it('refuses a body nested 30,000 deep on every route that takes one with 400, not 500', async () => {
    const { app } = context;
    const token = await callers[1]!.token();
    // The fuzz run before may have chosen Hindi for this caller (PATCH /api/users/me { locale }),
    // and an account's language words its messages: read them in English.
    const english = await app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
      payload: { locale: 'en' },
    });
    expect(english.statusCode, english.body).toBe(200);
    const deep = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    const nested = `{"email":"a@b.co","password":${deep}}`;
    const withBody = routes.filter((route) => route.operation.requestBody);
    expect(withBody.length).toBeGreaterThan(10);
    for (const route of withBody) {
      const where = `${route.method} ${route.path}`;
      const response = await app.inject({
        method: route.method as 'POST',
        url: urlFor(
          route,
          { id: ids[3]!, userId: ids[2]!, bookingId: ids[3]!, orderId: ids[3]! },
          {},
        ),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: nested,
      });
      expect(response.statusCode, where).toBe(400);
      // The webhook reads its raw body for the signature, which refuses this one before any parse.
      if (route.path === '/api/payments/webhook') continue;
      expect(response.json().error, where).toMatchObject({
        code: 'BODY_TOO_DEEP',
        message:
          'The request body is nested too deeply: send at most 32 levels of objects and arrays.',
      });
    }
  });

  it('refuses event ranges past what a date can hold with a message', async () => {
    const { app } = context;
    const token = await callers[1]!.token();
    const events = (query: string) =>
      app.inject({ url: `/api/events?${query}`, headers: { authorization: `Bearer ${token}` } });
    const extreme = await events('startDate=1900-01-01&endDate=9999-12-31');
    expect(extreme.statusCode).toBe(400);
    expect(extreme.json().error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: 'Use a date between 2000-01-01 and 2100-12-31' }),
      ]),
    );
    expect((await events('endDate=9999-12-31')).statusCode).toBe(400);
    expect((await events('startDate=0000-01-01')).statusCode).toBe(400);
    const tooLong = await events('startDate=2026-01-01&endDate=2027-06-30');
    expect(tooLong.statusCode).toBe(400);
    // Each detail names zod's check, so a client words it in its own language.
    expect(tooLong.json().error.details[0]).toEqual(
      expect.objectContaining({
        message: 'Ask for at most 366 days of events at a time',
        code: 'custom',
      }),
    );
    const year = await events('startDate=2028-01-01&endDate=2028-12-31');
    expect(year.statusCode).toBe(200);
  });
});

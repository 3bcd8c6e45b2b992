// `npm run codes -- issue --institution "Name" [--count N] [--expires-in 30d]` and `npm run codes -- list`:
// the operator's way to hand out psychologist registration codes. Uses the same database as the server.
import { parseArgs } from 'node:util';
import { openCliDatabase } from '../../db/cli-database';
import { EnvError } from '../../env';
import { createCodesService, parseDuration } from './codes-service';

const USAGE = `Usage:
  npm run codes -- issue --institution "Institution name" [--count N] [--expires-in 30d]
  npm run codes -- list

--count       how many codes to issue (1-500, default 1)
--expires-in  lifetime: a number and m, h, d or w (default 30d)`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      institution: { type: 'string' },
      count: { type: 'string', default: '1' },
      'expires-in': { type: 'string', default: '30d' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.info(USAGE);
    return;
  }
  if (command !== 'issue' && command !== 'list') fail(`Unknown command "${command}".`);

  let input: { institution: string; count: number; expiresInMs: number } | null = null;
  if (command === 'issue') {
    const institution = values.institution?.trim();
    if (!institution) fail('--institution is required, e.g. --institution "NIMHANS Bengaluru".');
    const count = Number(values.count);
    if (!Number.isInteger(count) || count < 1 || count > 500) {
      fail('--count must be a whole number from 1 to 500.');
    }
    const expiresInMs = parseDuration(values['expires-in']);
    if (expiresInMs === null) fail('--expires-in must look like 30d, 12h, 2w or 90m.');
    input = { institution, count, expiresInMs };
  }

  const database = await openCliDatabase();
  try {
    const codes = createCodesService(database.db);
    if (input) {
      const issued = await codes.issue(input);
      console.info(
        `Issued ${issued.length} code(s) for ${input.institution}, valid until ${issued[0]?.expiresAt.toISOString()}:`,
      );
      for (const row of issued) console.info(row.code);
    } else {
      const rows = await codes.list();
      if (rows.length === 0) console.info('No codes issued yet.');
      for (const row of rows) {
        const state = row.usedAt
          ? `used ${row.usedAt.toISOString()}`
          : row.expiresAt <= new Date()
            ? 'expired'
            : 'unused';
        console.info(
          `${row.code}  ${state.padEnd(32)}  expires ${row.expiresAt.toISOString()}  ${row.institution}`,
        );
      }
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});

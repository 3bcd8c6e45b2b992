// Starts the built server for the journeys on a database of its own: a fresh PGlite directory, or a
// fresh database on the PostgreSQL server named by DATABASE_URL, so every run starts from the seed.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Returns the database variables for the server and how to remove that database afterwards. */
async function freshDatabase() {
  if (!process.env.DATABASE_URL) {
    const dir = mkdtempSync(path.join(tmpdir(), 'sukoon-e2e-'));
    return {
      vars: { PGLITE_DIR: dir },
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `sukoon_e2e_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database "${name}"`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    vars: { DATABASE_URL: url.toString() },
    cleanup: () => adminQuery(`drop database if exists "${name}" with (force)`),
  };
}

const database = await freshDatabase();
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...database.vars,
    HOST: '127.0.0.1',
    PORT: process.env.E2E_PORT ?? '3999',
    LOG_LEVEL: 'warn',
    // Journeys register psychologists with these codes, and sign in often from one address.
    SEED_INSTITUTION_CODE:
      'E2E-Laptop-2026,E2E-Phone-2026,E2E-Profiles-Laptop-2026,E2E-Profiles-Phone-2026,E2E-Policies-Laptop-2026,E2E-Policies-Phone-2026,E2E-Moves-Laptop-2026,E2E-Moves-Phone-2026,E2E-Declines-Laptop-2026,E2E-Declines-Phone-2026,E2E-Rooms-Laptop-2026,E2E-Rooms-Phone-2026,E2E-Hindi-Laptop-2026,E2E-Hindi-Phone-2026',
    RATE_LIMITS: 'off',
    MAIL_POLL_MS: '200',
    WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
  },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.kill('SIGTERM'));
server.on('exit', async (code) => {
  await database.cleanup().catch(() => {});
  process.exit(code ?? 0);
});

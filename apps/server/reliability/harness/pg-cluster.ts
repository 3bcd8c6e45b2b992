import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './processes';

const run = promisify(execFile);

/** The installed PostgreSQL major version (Debian's /usr/lib/postgresql/<version>), newest first. */
function installedVersion(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('no PostgreSQL under /usr/lib/postgresql');
  return versions[0];
}

/**
 * A throwaway PostgreSQL cluster of its own (Debian's pg_createcluster), on a free port with trust
 * authentication on loopback, so a test can stop and start it without touching the machine's main
 * PostgreSQL that other tests use. Needs to run as root or postgres.
 */
export async function createPgCluster() {
  const version = installedVersion();
  const name = `sukoon_rel_${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  await run('pg_createcluster', [version, name, '--port', String(port)]);
  writeFileSync(
    `/etc/postgresql/${version}/${name}/pg_hba.conf`,
    [
      'local all all trust',
      'host all all 127.0.0.1/32 trust',
      'host all all ::1/128 trust',
      '',
    ].join('\n'),
  );
  const ctl = (action: 'start' | 'stop') =>
    run('pg_ctlcluster', [
      '--skip-systemctl-redirect',
      version,
      name,
      action,
      ...(action === 'stop' ? ['-m', 'fast'] : []),
    ]);
  await ctl('start');
  const serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query('create database sukoon');
  await client.end();
  return {
    name,
    port,
    serverUrl,
    url: `postgres://postgres@127.0.0.1:${port}/sukoon`,
    /** `pg_ctlcluster stop -m fast`: sessions are ended and in-flight transactions rolled back. */
    stop: () => ctl('stop'),
    start: () => ctl('start'),
    async drop() {
      await run('pg_dropcluster', ['--stop', version, name]);
    },
  };
}

export type PgCluster = Awaited<ReturnType<typeof createPgCluster>>;

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.resolve(here, '../../../../../node_modules/.bin/tsx');
const cli = path.join(here, 'codes-cli.ts');
// Always an embedded database of its own, so the test never writes into a shared PostgreSQL.
const dataDir = mkdtempSync(path.join(tmpdir(), 'sukoon-codes-cli-'));
const env = { PATH: process.env.PATH, PGLITE_DIR: dataDir, LOG_LEVEL: 'silent' };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const codes = (...args: string[]) => run(tsx, [cli, ...args], { env, timeout: 60_000 });

describe('npm run codes', () => {
  it('issues codes for an institution and lists them', async () => {
    const issued = await codes(
      'issue',
      '--institution',
      'NIMHANS Bengaluru',
      '--count',
      '2',
      '--expires-in',
      '2w',
    );
    const printed = issued.stdout.match(/^[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}$/gm) ?? [];
    expect(printed).toHaveLength(2);
    expect(issued.stdout).toMatch(/Issued 2 code\(s\) for NIMHANS Bengaluru/);

    const listed = await codes('list');
    for (const code of printed) {
      expect(listed.stdout).toMatch(
        new RegExp(`^${code}\\s+unused\\s+expires .+NIMHANS Bengaluru$`, 'm'),
      );
    }
  }, 60_000);

  it('explains bad arguments and exits 2', async () => {
    await expect(codes('issue', '--count', '3')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--institution is required/),
    });
    await expect(codes('issue', '--institution', 'X', '--expires-in', '1y')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--expires-in must look like 30d/),
    });
  }, 60_000);
});

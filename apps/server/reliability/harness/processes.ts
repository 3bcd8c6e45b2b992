import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from './http';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const SERVER_JS = path.join(ROOT, 'apps/server/dist/server.js');
export const RESULTS_DIR = path.join(ROOT, 'reliability-results');

/** A port nobody listens on right now (the OS picks it; the tiny reuse race is acceptable here). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 30_000, intervalMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const detail = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

export interface ServerProcess {
  name: string;
  pid: number;
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything the process wrote (stdout and stderr), for assertions and failure reports. */
  output(): string;
  exited: Promise<Exit>;
  hasExited(): boolean;
  kill(signal: NodeJS.Signals): void;
}

const running = new Set<ServerProcess>();
/** Every process started since the last `killAllServers`, for the failure report. */
const startedInTest: ServerProcess[] = [];

export interface StartOptions {
  name?: string;
  databaseUrl?: string;
  port?: number;
  /** Extra or overriding environment; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** Wait until GET /api/health answers 200 (default); false returns right after spawning. */
  waitReady?: boolean;
  readyTimeoutMs?: number;
  /** Node.js options before the script (`--cpu-prof`), which cluster workers inherit. */
  nodeArgs?: string[];
}

/**
 * Starts the built server (`node apps/server/dist/server.js`) as a real process, with the environment
 * the e2e journeys use (loopback, warn logs, no rate limits, no demo data), on its own port.
 */
export async function startServer(options: StartOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
    DEMO: 'false',
    MAIL_POLL_MS: '200',
    REFUND_RETRY_SECONDS: '1',
    // No web app is needed; pointing at the server's own folder keeps the "not built" warning quiet.
    WEB_DIST_DIR: path.join(ROOT, 'apps/server'),
    WEB_CONCURRENCY: undefined,
    DATABASE_URL: options.databaseUrl,
    ...options.env,
  })) {
    if (value !== undefined) env[key] = value;
  }
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_JS], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exitInfo: Exit | null = null;
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      exitInfo = { code, signal, at: Date.now() };
      resolve(exitInfo);
    });
  });
  const server: ServerProcess = {
    name: options.name ?? `server:${port}`,
    pid: child.pid!,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    hasExited: () => exitInfo !== null,
    kill: (signal) => {
      if (!exitInfo) child.kill(signal);
    },
  };
  running.add(server);
  startedInTest.push(server);
  void exited.then(() => running.delete(server));
  if (options.waitReady !== false) {
    try {
      await waitFor(
        `${server.name} to answer /api/health`,
        async () => {
          if (server.hasExited()) {
            throw new Error(`${server.name} exited during start:\n${output}`);
          }
          const health = await request(server.url, 'GET', '/api/health', { timeoutMs: 2_000 });
          return health.status === 200;
        },
        { timeoutMs: options.readyTimeoutMs ?? 30_000, intervalMs: 100 },
      );
    } catch (error) {
      server.kill('SIGKILL');
      throw error;
    }
  }
  return server;
}

/**
 * For afterEach: kills (SIGKILL) every server process the test left running and, when the test
 * failed, prints what each of its processes logged.
 */
export async function killAllServers(context?: { task: { result?: { state?: string } } }) {
  const left = [...running];
  for (const server of left) server.kill('SIGKILL');
  await Promise.all(left.map((server) => server.exited));
  const processes = startedInTest.splice(0);
  if (context?.task.result?.state === 'fail') {
    mkdirSync(path.join(RESULTS_DIR, 'logs'), { recursive: true });
    for (const server of processes) {
      const file = path.join(RESULTS_DIR, 'logs', `${server.name}-${server.pid}.log`);
      writeFileSync(file, server.output());
      console.info(
        `--- ${server.name} (pid ${server.pid}), whole output in ${file}; its end: ---\n${server.output().slice(-5_000)}`,
      );
    }
  }
}

/** Resident set size of a process in MB, from /proc (no instrumentation inside the process). */
export function rssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used, in clock ticks. */
export function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Direct children of a process (the cluster's workers), from /proc. */
export function childPids(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return children ? children.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Prints a scenario's figures and keeps them in reliability-results/<name>.json (git-ignored). */
export function report(name: string, figures: Record<string, unknown>): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const record = { scenario: name, at: new Date().toISOString(), ...figures };
  writeFileSync(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
  console.info(`[reliability] ${name}\n${JSON.stringify(figures, null, 2)}`);
}

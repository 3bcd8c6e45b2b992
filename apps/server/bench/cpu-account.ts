/**
 * Where a run's CPU went, by process group (issue 19: "a profile that says where the time goes"):
 * the deployed server's processes, PostgreSQL's (every process named `postgres` on the machine, so
 * run it where no other cluster is busy), the bench's own (its load generator) and the rest of the
 * machine, read from /proc before and after the run. Linux only: elsewhere `cpuAccount`
 * returns null and the bench prints no account.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { childPids } from '../reliability/harness/processes';

/** Linux's USER_HZ: /proc counts CPU time in ticks of 1/100 s on every mainstream build. */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  command: string;
  parent: number;
  /** Own user and system time, ms. */
  ownMs: number;
  /** User and system time of children it has waited for (ended processes), ms. */
  endedChildrenMs: number;
}

function procStat(pid: number | 'self'): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state ppid ...": the command may hold spaces and brackets, so split after it.
    const close = text.lastIndexOf(')');
    const command = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    const ticks = (index: number) => Number(fields[index - 3]);
    const ms = (value: number) => (value * 1000) / TICKS_PER_SECOND;
    return {
      pid: Number(text.slice(0, text.indexOf(' '))),
      command,
      parent: ticks(4),
      ownMs: ms(ticks(14) + ticks(15)),
      endedChildrenMs: ms(ticks(16) + ticks(17)),
    };
  } catch {
    return null;
  }
}

/** Busy and total CPU time of the whole machine, ms (all cores). */
function machine() {
  const [line] = readFileSync('/proc/stat', 'utf8').split('\n');
  // user nice system idle iowait irq softirq steal; guest and guest_nice are already in user and nice.
  const ticks = line!.trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = ticks[3]! + ticks[4]!;
  const total = ticks.reduce((sum, value) => sum + value, 0);
  return {
    busyMs: ((total - idle) * 1000) / TICKS_PER_SECOND,
    totalMs: (total * 1000) / TICKS_PER_SECOND,
  };
}

function reading(serverPid: number | null) {
  const postgres = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => procStat(Number(name)))
    .filter((stat): stat is ProcStat => stat?.command === 'postgres');
  const postgresPids = new Set(postgres.map((stat) => stat.pid));
  // The postmaster's ended children are the connections that closed during the run (pgbench's).
  const postgresMs = postgres.reduce(
    (sum, stat) => sum + stat.ownMs + (postgresPids.has(stat.parent) ? 0 : stat.endedChildrenMs),
    0,
  );
  // The primary's ended children are workers that exited (and were replaced) during the run.
  const serverMs =
    serverPid === null
      ? 0
      : (procStat(serverPid)?.endedChildrenMs ?? 0) +
        [serverPid, ...childPids(serverPid)]
          .map((pid) => procStat(pid))
          .reduce((sum, stat) => sum + (stat?.ownMs ?? 0), 0);
  const self = procStat('self')!;
  return {
    serverMs,
    postgresMs,
    // The bench's threads, and the programs it ran that have ended (pgbench).
    benchMs: self.ownMs + self.endedChildrenMs,
    ...machine(),
  };
}

export interface CpuAccount {
  /** CPU ms per operation of each group, and of the rest of the machine. */
  perOperationMs: { server: number; postgres: number; bench: number; other: number };
  /** Share of the machine's cores busy during the run, 0 to 1. */
  busy: number;
}

/**
 * Starts an account of the CPU used from now on by the server (`serverPid` and its workers; null
 * when no server takes part), PostgreSQL and the bench; `finish(operations)` divides it by the
 * operations done. Null where /proc cannot be read.
 */
export function cpuAccount(serverPid: number | null) {
  let start: ReturnType<typeof reading>;
  try {
    start = reading(serverPid);
  } catch {
    return null;
  }
  return {
    finish(operations: number): CpuAccount {
      const end = reading(serverPid);
      const server = end.serverMs - start.serverMs;
      const postgres = end.postgresMs - start.postgresMs;
      const bench = end.benchMs - start.benchMs;
      const busyMs = end.busyMs - start.busyMs;
      const per = (ms: number) => Math.round((100 * ms) / Math.max(1, operations)) / 100;
      return {
        perOperationMs: {
          server: per(server),
          postgres: per(postgres),
          bench: per(bench),
          other: per(Math.max(0, busyMs - server - postgres - bench)),
        },
        busy: Math.round((100 * busyMs) / Math.max(1, end.totalMs - start.totalMs)) / 100,
      };
    },
  };
}

/** "server 9.1 ms, PostgreSQL 2.3 ms, bench 1.0 ms, other 0.4 ms a request; cores 97% busy". */
export function describeAccount(account: CpuAccount, what: string) {
  const { server, postgres, bench, other } = account.perOperationMs;
  return (
    `CPU per ${what}: server ${server} ms, PostgreSQL ${postgres} ms, bench ${bench} ms, ` +
    `other ${other} ms; ${cpus().length} cores ${Math.round(100 * account.busy)}% busy`
  );
}

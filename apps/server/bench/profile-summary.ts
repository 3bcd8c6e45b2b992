/**
 * Where a server process's time went:
 * `tsx apps/server/bench/profile-summary.ts [--from=S] [--to=S] <file.cpuprofile>...`
 * (the bench writes them with BENCH_PROFILE=<folder>). Prints how busy each second was, then, for
 * the seconds from..to after the process started (all by default), the share of busy samples by
 * package or source file (self time, mapped through the build's source map) and the functions with the most
 * self time, so a write's cost can be read off the deployed server rather than guessed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.resolve(here, '../dist/server.js');
const map = new TraceMap(readFileSync(`${bundle}.map`, 'utf8'));

/** A frame's source: the package for library code, the file for ours, the runtime's name else. */
function placeOf(frame: ProfileNode['callFrame']): { where: string; what: string } {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return { where: name.startsWith('(') ? name : '(native)', what: name };
  if (!frame.url.endsWith('dist/server.js')) {
    const url = frame.url.replace(/^file:\/\//, '');
    const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    const where = packageMatch ? packageMatch[1]! : url;
    return { where, what: `${name} (${path.basename(url)}:${frame.lineNumber + 1})` };
  }
  const original = originalPositionFor(map, {
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  const source = original.source ?? 'server.js';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  const where = packageMatch ? packageMatch[1]! : source.replace(/^.*?apps\/server\//, '');
  return { where, what: `${name} (${path.basename(source)}:${original.line ?? '?'})` };
}

/** The largest counts as shares of the busy samples (idle time left out). */
function top(counts: Map<string, number>, busy: number, limit: number) {
  return [...counts.entries()]
    .filter(([name]) => !name.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, hits]) => `${((100 * hits) / Math.max(1, busy)).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
}

const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const from = Number(option('from') ?? 0);
const to = Number(option('to') ?? Infinity);
const files = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));

const byPlace = new Map<string, number>();
const byFunction = new Map<string, number>();
/** Each sample charged to the innermost function of the app's own source on its stack. */
const byOwnFunction = new Map<string, number>();
let total = 0;
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const places = new Map(profile.nodes.map((node) => [node.id, placeOf(node.callFrame)]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const ownFunctionOf = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const place = places.get(at)!;
      if (place.where.startsWith('../src/')) return place.what;
    }
    return places.get(id)!.where.startsWith('(') ? places.get(id)!.where : '(outside the app)';
  };
  const perSecond: { all: number; busy: number }[] = [];
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index]!;
    const second = Math.floor((at - profile.startTime) / 1e6);
    const idle = nodes.get(id)!.callFrame.functionName === '(idle)';
    perSecond[second] ??= { all: 0, busy: 0 };
    perSecond[second].all += 1;
    if (!idle) perSecond[second].busy += 1;
    if (second < from || second >= to) return;
    const { where, what } = places.get(id)!;
    total += 1;
    byPlace.set(where, (byPlace.get(where) ?? 0) + 1);
    byFunction.set(`${what}  [${where}]`, (byFunction.get(`${what}  [${where}]`) ?? 0) + 1);
    const own = ownFunctionOf(id);
    byOwnFunction.set(own, (byOwnFunction.get(own) ?? 0) + 1);
  });
  const busySeconds = perSecond
    .map((counts, second) => ({ second, share: counts ? counts.busy / counts.all : 0 }))
    .filter(({ share }) => share >= 0.05)
    .map(({ second, share }) => `${second}s ${Math.round(100 * share)}%`);
  console.info(`${path.basename(file)}: busy seconds ${busySeconds.join(', ')}`);
}
const idle = byPlace.get('(idle)') ?? 0;
console.info(
  `\nseconds ${from} to ${to}: ${total} samples, ` +
    `${((100 * (total - idle)) / Math.max(1, total)).toFixed(1)}% busy\n`,
);
const busy = total - idle;
console.info(`By package or file (self time, share of busy time):\n${top(byPlace, busy, 30)}\n`);
console.info(`Functions (self time):\n${top(byFunction, busy, 40)}\n`);
console.info(
  `The app's own functions (each sample charged to the innermost one on its stack):\n${top(byOwnFunction, busy, 40)}`,
);

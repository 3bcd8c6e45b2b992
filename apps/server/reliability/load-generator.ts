/**
 * The soak test's second process: reads a TrafficPlan (JSON file, first argument), runs the mixed
 * traffic against the server over loopback, and writes what happened (second argument): the summary,
 * every request that did not succeed, and per-10-second windows of requests and latency.
 *
 *   node --import tsx apps/server/reliability/load-generator.ts plan.json result.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { runTraffic, summarize, type TrafficPlan } from './harness/traffic';

const [planFile, resultFile] = process.argv.slice(2);
if (!planFile || !resultFile) {
  console.error('usage: load-generator.ts <plan.json> <result.json>');
  process.exit(2);
}
const plan = JSON.parse(readFileSync(planFile, 'utf8')) as TrafficPlan;
const result = await runTraffic(plan);
const windows: Array<ReturnType<typeof summarize> & { fromS: number }> = [];
for (let from = 0; from < plan.durationMs; from += 10_000) {
  const inWindow = result.outcomes.filter((o) => o.at >= from && o.at < from + 10_000);
  windows.push({ fromS: from / 1000, ...summarize(inWindow) });
}
writeFileSync(
  resultFile,
  JSON.stringify({
    summary: summarize(result.outcomes),
    failures: result.outcomes.filter((o) => o.status !== 200),
    windows,
    booked: result.booked,
    releasedHolds: result.releasedHolds,
    openHolds: result.openHolds.length,
    openPayments: result.openPayments.length,
  }),
);

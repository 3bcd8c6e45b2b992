import http from 'node:http';
import { attempt, HttpFailure, type HttpAnswer } from './http';

/**
 * Mixed traffic of patients using the app, over loopback HTTP: reads (availability, own events, the
 * psychologist list, health), sign-ins, holds that are released again, and whole bookings (hold,
 * sandbox payment with its webhooks, verification). Used in-process by the PostgreSQL-outage test
 * and from a second process by the soak test (load-generator.ts). No imports from the app.
 */

export interface TrafficPlan {
  url: string;
  password: string;
  /** One entry per loop: its patient, the slot it holds and releases, the slots it books in turn. */
  loops: Array<{
    patient: { id: string; email: string; token: string };
    psychologistId: string;
    holdSlot: string;
    bookingSlots: string[];
  }>;
  /** Dates (YYYY-MM-DD) for availability and event reads. */
  from: string;
  to: string;
  /**
   * Actions per second across all loops (each loop paces itself; a booking is three requests, a
   * hold two); 0 = as fast as answers come.
   */
  actionsPerSecond: number;
  durationMs: number;
  /** Relative weights of the actions. */
  mix: Partial<Record<Action, number>>;
}

export type Action =
  'availability' | 'events' | 'psychologists' | 'health' | 'login' | 'hold' | 'book';

export interface Outcome {
  action: Action;
  step: string;
  /** HTTP status, or 0 when no complete answer arrived (see `failure`). */
  status: number;
  code?: string;
  failure?: string;
  ms: number;
  /** Milliseconds since the traffic started, when the answer (or failure) came. */
  at: number;
}

/** A booking whose payment went through at the gateway but whose verification did not succeed. */
export interface OpenPayment {
  token: string;
  response: Record<string, string>;
}

export interface TrafficResult {
  outcomes: Outcome[];
  /** Holds placed and not released (a step after them failed). */
  openHolds: Array<{ token: string; bookingId: string }>;
  openPayments: OpenPayment[];
  booked: number;
  releasedHolds: number;
}

export async function runTraffic(
  plan: TrafficPlan,
  { stop }: { stop?: () => boolean } = {},
): Promise<TrafficResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.loops.length * 2 });
  const started = performance.now();
  const result: TrafficResult = {
    outcomes: [],
    openHolds: [],
    openPayments: [],
    booked: 0,
    releasedHolds: 0,
  };
  const weights = Object.entries(plan.mix).filter(([, weight]) => (weight ?? 0) > 0) as Array<
    [Action, number]
  >;
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  const pick = (): Action => {
    let roll = Math.random() * total;
    for (const [action, weight] of weights) {
      roll -= weight;
      if (roll < 0) return action;
    }
    return weights[0]![0];
  };
  const interval =
    plan.actionsPerSecond > 0 ? (1000 * plan.loops.length) / plan.actionsPerSecond : 0;
  const done = () => performance.now() - started >= plan.durationMs || (stop?.() ?? false);

  async function call(
    action: Action,
    step: string,
    method: string,
    path: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<HttpAnswer | null> {
    const answer = await attempt(plan.url, method, path, { ...options, agent, timeoutMs: 30_000 });
    const at = performance.now() - started;
    if (answer instanceof HttpFailure) {
      result.outcomes.push({
        action,
        step,
        status: 0,
        failure: answer.code,
        ms: answer.ms,
        at,
      });
      return null;
    }
    const code = (answer.body as { error?: { code?: string } } | null)?.error?.code;
    result.outcomes.push({
      action,
      step,
      status: answer.status,
      ...(code ? { code } : {}),
      ms: answer.ms,
      at,
    });
    return answer;
  }

  async function loop(index: number) {
    const own = plan.loops[index]!;
    const { token } = own.patient;
    let nextSlot = 0;
    /** This loop's hold left placed (its release or its payment failed): released again, as a browser
     * retries, before the next hold. */
    let unreleased: string | null = null;
    const release = async (action: Action, bookingId: string) => {
      const released = await call(action, 'release', 'DELETE', `/api/bookings/holds/${bookingId}`, {
        token,
      });
      if (released?.status === 200) result.releasedHolds += 1;
      unreleased = released?.status === 200 ? null : bookingId;
    };
    /**
     * This loop's payment whose verification failed: verified again (as the browser retries) before
     * the next hold, which would otherwise replace the paid hold (one per psychologist) and refund it.
     */
    let unverified: Record<string, string> | null = null;
    const verify = async (action: Action, response: Record<string, string>) => {
      const verified = await call(action, 'verify', 'POST', '/api/payments/verify-payment', {
        token,
        body: response,
      });
      if (verified?.status === 200) result.booked += 1;
      unverified = verified?.status === 200 ? null : response;
    };
    let nextAt = performance.now() + Math.random() * interval;
    while (!done()) {
      if (interval > 0) {
        const wait = nextAt - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        nextAt += interval;
        if (done()) break;
      }
      const action = pick();
      switch (action) {
        case 'availability':
          await call(
            action,
            action,
            'GET',
            `/api/availability?psychologistId=${own.psychologistId}&from=${plan.from}&to=${plan.to}`,
            { token },
          );
          break;
        case 'events':
          await call(
            action,
            action,
            'GET',
            `/api/events?startDate=${plan.from}&endDate=${plan.to}`,
            {
              token,
            },
          );
          break;
        case 'psychologists':
          await call(action, action, 'GET', '/api/psychologists', { token });
          break;
        case 'health':
          await call(action, action, 'GET', '/api/health');
          break;
        case 'login':
          await call(action, action, 'POST', '/api/users/login', {
            body: { email: own.patient.email, password: plan.password },
          });
          break;
        case 'hold': {
          if (unverified) {
            await verify(action, unverified);
            if (unverified) break;
          }
          if (unreleased) {
            await release(action, unreleased);
            if (unreleased) break;
          }
          const hold = await call(action, 'hold', 'POST', '/api/payments/create-order', {
            token,
            body: holdBody(own.psychologistId, own.holdSlot),
          });
          if (hold?.status !== 200) break;
          await release(action, (hold.body as { data: { booking_id: string } }).data.booking_id);
          break;
        }
        case 'book': {
          const slot = own.bookingSlots[nextSlot];
          if (!slot) break;
          if (unverified) {
            await verify(action, unverified);
            if (unverified) break;
          }
          if (unreleased) {
            await release(action, unreleased);
            if (unreleased) break;
          }
          nextSlot += 1;
          const hold = await call(action, 'hold', 'POST', '/api/payments/create-order', {
            token,
            body: holdBody(own.psychologistId, slot),
          });
          if (hold?.status !== 200) break;
          const order = (hold.body as { data: { order_id: string; booking_id: string } }).data;
          const paid = await call(action, 'pay', 'POST', '/api/payments/sandbox/pay', {
            token,
            body: {
              order_id: order.order_id,
              method: 'upi',
              vpa: 'success@razorpay',
              outcome: 'success',
              webhook: 'normal',
            },
          });
          if (paid?.status !== 200) {
            unreleased = order.booking_id;
            break;
          }
          const response = (paid.body as { data: { response: Record<string, string> } }).data
            .response;
          await verify(action, response);
          break;
        }
      }
    }
    if (unreleased) result.openHolds.push({ token, bookingId: unreleased });
    if (unverified) result.openPayments.push({ token, response: unverified });
  }

  await Promise.all(plan.loops.map((_, index) => loop(index)));
  agent.destroy();
  return result;
}

function holdBody(psychologistId: string, start: string) {
  return {
    psychologist_id: psychologistId,
    start_time: start,
    duration: 20,
    title: 'Reliability traffic',
    description: 'Booked by the reliability suite',
  };
}

export function summarize(outcomes: Outcome[]) {
  const latencies = outcomes.filter((o) => o.status !== 0).map((o) => o.ms);
  const byStatus: Record<string, number> = {};
  const byAction: Record<string, number> = {};
  for (const outcome of outcomes) {
    const key = outcome.status === 0 ? `failed:${outcome.failure}` : String(outcome.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
    byAction[outcome.step] = (byAction[outcome.step] ?? 0) + 1;
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length
      ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
      : 0;
  return {
    requests: outcomes.length,
    byStatus,
    byStep: byAction,
    p50Ms: Math.round(at(50) * 10) / 10,
    p90Ms: Math.round(at(90) * 10) / 10,
    p99Ms: Math.round(at(99) * 10) / 10,
    maxMs: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
  };
}

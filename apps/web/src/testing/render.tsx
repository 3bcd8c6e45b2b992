import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { DEFAULT_PRACTICE_POLICY, type CalendarEvent } from '@sukoon/shared';

/** A booked 45-minute session with a patient; override what a test is about. */
export function makeEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Anxiety at work',
    description: 'Deadlines',
    startDate: '2026-03-10T05:30:00.000Z',
    endDate: '2026-03-10T06:15:00.000Z',
    variant: 'primary',
    color: 'blue',
    meetingLink: null,
    price: 900,
    pricePaise: 90_000,
    currency: 'INR',
    paymentRequired: true,
    paymentStatus: 'completed',
    status: 'booked',
    attendanceStatus: 'scheduled',
    attendanceNotes: null,
    markedBy: null,
    markedAt: null,
    durationMinutes: 45,
    psychologistId: '00000000-0000-4000-8000-0000000000a1',
    patientId: '00000000-0000-4000-8000-0000000000b1',
    psychologistName: 'Dr. Asha Rao',
    patientName: 'meera_k',
    policy: DEFAULT_PRACTICE_POLICY,
    patientMoves: 0,
    bookedRates: { session_20_paise: 50_000, session_45_paise: 90_000 },
    movedFrom: null,
    ...overrides,
  };
}

export interface ApiCall {
  method: string;
  path: string;
  /** The query string's parameters (e.g. limit and cursor of a paged list); undefined when none. */
  query?: Record<string, string>;
  body: unknown;
}

type Answer = {
  status?: number;
  data?: unknown;
  error?: { code: string; message: string; field?: string };
  /** A paged list's cursor to its next page (null at the end); left out of other answers. */
  next_cursor?: string | null;
};

/**
 * Stubs fetch with the API's envelope: `answer` gets each call and returns what the server would.
 * Returns the calls made, in order.
 */
export function stubApi(answer: (call: ApiCall) => Answer | Promise<Answer>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL | string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path: new URL(String(url)).pathname,
        query: new URL(String(url)).search
          ? Object.fromEntries(new URL(String(url)).searchParams)
          : undefined,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const { status = 200, data = null, error, next_cursor } = await answer(call);
      const envelope = { success: !error, data, error: error ?? null, next_cursor };
      return new Response(JSON.stringify(envelope), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Renders inside a fresh query client (no retries, so a refused call shows at once). */
export function renderWithQuery(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

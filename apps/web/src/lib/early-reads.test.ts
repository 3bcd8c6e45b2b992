import { afterEach, describe, expect, it, vi } from 'vitest';
import { availabilityPath } from '@sukoon/shared';
import { api, AUTH_TOKEN_KEY } from './api-client';
import { EARLY_READS_SCRIPT, takeEarlyRead } from './early-reads';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function runScript(user: object | null, search = '') {
  window.history.replaceState(null, '', `/${search}`);
  window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1');
  if (user) window.localStorage.setItem('authUser', JSON.stringify(user));
  // The page's inline script, run as the browser runs it (jsdom runs no <script> of its own).
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script is the page's own text
  (new Function(EARLY_READS_SCRIPT) as () => void)();
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.localStorage.clear();
  delete (window as unknown as Record<string, unknown>).__sukoonEarlyReads;
});

describe('early reads (issue 19)', () => {
  it('starts a psychologist’s first reads and hands each answer to the api client once', async () => {
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockImplementation(async (input) => envelope({ url: input }));
    runScript({ id: 'p-1', role: 'psychologist' });
    expect(fetch.mock.calls.map(([input]) => input)).toEqual([
      '/api/users/me',
      '/api/psychologists/p-1',
    ]);
    // Sent as the app sends it: the stored token, to this origin.
    expect(fetch.mock.calls[0]![1]).toMatchObject({
      headers: { authorization: 'Bearer token-1' },
    });
    expect(await api('GET', '/api/psychologists/p-1')).toEqual({ url: '/api/psychologists/p-1' });
    expect(fetch).toHaveBeenCalledTimes(2);
    // Taken once: the next read asks the server.
    await api('GET', '/api/psychologists/p-1');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('starts a patient’s sessions, the psychologists, the chosen one and its four weeks', () => {
    // 11:30 PM on 30 January on this device: the picker's four weeks run to 26 February.
    vi.useFakeTimers({ now: new Date(2026, 0, 30, 23, 30), toFake: ['Date'] });
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(async () => envelope(null));
    runScript({ id: 'u-1', role: 'patient' }, '?psychologistId=p-9');
    vi.useRealTimers();
    const picker = availabilityPath({
      psychologistId: 'p-9',
      from: '2026-01-30',
      to: '2026-02-26',
    });
    expect(fetch.mock.calls.map(([input]) => input)).toEqual([
      '/api/users/me',
      '/api/bookings/user/u-1?limit=200',
      '/api/psychologists',
      '/api/psychologists/p-9',
      picker,
    ]);
  });

  it('leaves the availability to the app when the calendar view is open or none is chosen', () => {
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(async () => envelope(null));
    runScript({ id: 'u-1', role: 'patient' }, '?psychologistId=p-9&view=calendar');
    runScript({ id: 'u-1', role: 'patient' });
    const paths = fetch.mock.calls.map(([input]) => input as string);
    expect(paths.filter((path) => path.startsWith('/api/availability'))).toEqual([]);
    expect(paths).toHaveLength(7);
  });

  it('with none chosen, reads the only psychologist’s record and weeks once the list says so', async () => {
    vi.useFakeTimers({ now: new Date(2026, 0, 30, 9, 0), toFake: ['Date'] });
    let everyone: unknown[] = [{ id: 'p-only' }];
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockImplementation(async (input) =>
        envelope(input === '/api/psychologists' ? everyone : null),
      );
    runScript({ id: 'u-1', role: 'patient' });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(5));
    const paths = fetch.mock.calls.map(([input]) => input);
    expect(paths.slice(3)).toEqual([
      '/api/psychologists/p-only',
      availabilityPath({ psychologistId: 'p-only', from: '2026-01-30', to: '2026-02-26' }),
    ]);
    // The list's answer is still the app's to read, whole.
    expect(await api('GET', '/api/psychologists')).toEqual([{ id: 'p-only' }]);
    expect(fetch).toHaveBeenCalledTimes(5);
    vi.useRealTimers();

    // Two or more: the patient chooses, so nothing more is read.
    fetch.mockClear();
    everyone = [{ id: 'p-1' }, { id: 'p-2' }];
    runScript({ id: 'u-1', role: 'patient' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch.mock.calls.map(([input]) => input)).toEqual([
      '/api/users/me',
      '/api/bookings/user/u-1?limit=200',
      '/api/psychologists',
    ]);
  });

  it('reads nothing without a stored session or on a sign-in link', () => {
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(async () => envelope(null));
    runScript(null);
    runScript({ id: 'u-1', role: 'patient' }, '?token=abc&psychologistId=p-9');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is not used for another token, and a failed one is asked again', async () => {
    const fetch = vi.spyOn(window, 'fetch').mockRejectedValueOnce(new TypeError('offline'));
    runScript({ id: 'p-1', role: 'psychologist' });
    fetch.mockImplementation(async () => envelope('fresh'));
    // The early /api/users/me failed: the client fetches it itself.
    expect(await api('GET', '/api/users/me')).toBe('fresh');
    // Signed in as someone else since: the early answer is not theirs.
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-2');
    expect(await api('GET', '/api/psychologists/p-1')).toBe('fresh');
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('lets go of an answer not taken within 10 seconds, so its body holds no connection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const cancels: ReturnType<typeof vi.fn>[] = [];
    vi.spyOn(window, 'fetch').mockImplementation(async () => {
      const response = envelope(null);
      const cancel = vi.spyOn(response.body!, 'cancel');
      cancels.push(cancel);
      return response;
    });
    runScript({ id: 'p-1', role: 'psychologist' });
    const taken = await takeEarlyRead('/api/users/me', 'token-1');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(cancels.every((cancel) => cancel.mock.calls.length === 0)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    // The record nobody took is let go; the one taken is the app's to read.
    expect(cancels[1]).toHaveBeenCalledOnce();
    expect(cancels[0]).not.toHaveBeenCalled();
    expect(await taken?.json()).toEqual({ success: true, data: null });
    expect(await takeEarlyRead('/api/psychologists/p-1', 'token-1')).toBeNull();
  });

  it('lets go of an answer refused as another session’s', async () => {
    const cancels: ReturnType<typeof vi.fn>[] = [];
    vi.spyOn(window, 'fetch').mockImplementation(async () => {
      const response = envelope(null);
      cancels.push(vi.spyOn(response.body!, 'cancel'));
      return response;
    });
    runScript({ id: 'p-1', role: 'psychologist' });
    expect(await takeEarlyRead('/api/users/me', 'token-2')).toBeNull();
    await vi.waitFor(() => expect(cancels[0]).toHaveBeenCalledOnce());
  });

  it('asks nothing more once it has let go: a list that answers after 10 s starts no reads', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    let answerList: (response: Response) => void = () => undefined;
    const fetch = vi.spyOn(window, 'fetch').mockImplementation((input) =>
      input === '/api/psychologists'
        ? new Promise<Response>((resolve) => {
            answerList = resolve;
          })
        : Promise.resolve(envelope(null)),
    );
    runScript({ id: 'u-1', role: 'patient' });
    await vi.advanceTimersByTimeAsync(10_000);
    answerList(envelope([{ id: 'p-1' }]));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@sukoon/shared';
import { SessionProvider, useSession } from '../features/auth/session';
import { useCurrentUser } from '../features/auth/use-current-user';
import { renderWithQuery, stubApi } from '../testing/render';
import { useYourDetailsLayer } from './your-details-layer';

// The dialog's code is fetched when it opens: on a busy machine that takes longer than one second.
const LAZY = { timeout: 5_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const USER: User = {
  id: '00000000-0000-4000-8000-0000000000b2',
  email: 'meera@example.test',
  username: 'meera_k',
  role: 'patient',
  fullName: null,
  avatarUrl: null,
  locale: 'en',
};

function Harness() {
  const { session } = useSession();
  const { user } = useCurrentUser();
  const details = useYourDetailsLayer(session?.user ?? null);
  return (
    <>
      <p data-testid="stored">{session?.user.fullName ?? 'no name stored'}</p>
      <p data-testid="confirmed">{user?.fullName ?? 'no name confirmed'}</p>
      <button type="button" onClick={details.open}>
        Open profile
      </button>
      {details.layer}
    </>
  );
}

function renderHarness() {
  window.localStorage.setItem('authToken', 'token-1');
  window.localStorage.setItem('authUser', JSON.stringify(USER));
  const calls = stubApi((call) => {
    if (call.method === 'GET') return { data: USER };
    const name = (call.body as { fullName: string | null }).fullName;
    return { data: { ...USER, fullName: name } };
  });
  renderWithQuery(
    <SessionProvider>
      <Harness />
    </SessionProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Open profile' }));
  return calls;
}

describe('a patient’s profile: the name on their receipts', () => {
  it('saves the name, and the signed-in user everywhere carries it at once', async () => {
    const calls = renderHarness();
    const dialog = within(await screen.findByRole('dialog', { name: 'Your profile' }, LAZY));
    const field = dialog.getByLabelText(/^Full name/);
    expect(dialog.getByText(/Printed on the receipts of sessions you pay for/)).toBeTruthy();
    fireEvent.change(field, { target: { value: ' Meera Kapoor ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(dialog.getByRole('status').textContent).toBe('Your details are saved'),
    );
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      path: '/api/users/me',
      body: { fullName: 'Meera Kapoor' },
    });
    expect(screen.getByTestId('stored').textContent).toBe('Meera Kapoor');
    expect(screen.getByTestId('confirmed').textContent).toBe('Meera Kapoor');
    expect(JSON.parse(window.localStorage.getItem('authUser')!).fullName).toBe('Meera Kapoor');
  });

  it('says what is wrong with a name at the field, without asking the server', async () => {
    const calls = renderHarness();
    const dialog = within(await screen.findByRole('dialog', { name: 'Your profile' }, LAZY));
    const field = dialog.getByLabelText(/^Full name/);
    fireEvent.change(field, { target: { value: 'Meera <b>' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByText(/^Full name can hold letters/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('removes the name when the field is emptied', async () => {
    const calls = renderHarness();
    const dialog = within(await screen.findByRole('dialog', { name: 'Your profile' }, LAZY));
    fireEvent.change(dialog.getByLabelText(/^Full name/), { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ fullName: null }),
    );
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@sukoon/shared';
import { SessionProvider, useSession } from '../features/auth/session';
import { renderWithQuery, stubApi } from '../testing/render';
import { usePrivacyLayer } from './privacy-layer';

// The dialog's code is fetched when it opens: on a busy machine that takes longer than the default
// one-second wait.
const LAZY = { timeout: 5_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const USER: User = {
  id: '00000000-0000-4000-8000-0000000000b1',
  email: 'meera@example.test',
  username: 'meera_k',
  role: 'patient',
  fullName: null,
  avatarUrl: null,
  locale: 'en',
};

function Harness({ onDeleted }: { onDeleted: (summary: string) => void }) {
  const { session } = useSession();
  const privacy = usePrivacyLayer(session?.user ?? null, onDeleted);
  return (
    <>
      <p data-testid="who">{session?.user.username ?? 'signed out'}</p>
      <button type="button" onClick={privacy.open}>
        Open privacy
      </button>
      {privacy.layer}
    </>
  );
}

describe('the privacy layer', () => {
  it('forgets the session in this browser once the account is deleted, and says what was done', async () => {
    window.localStorage.setItem('authToken', 'token-1');
    window.localStorage.setItem('authUser', JSON.stringify(USER));
    window.localStorage.setItem('userToken', 'token-1');
    window.localStorage.setItem('userID', USER.id);
    const calls = stubApi(() => ({ data: { deleted: true, canceled_sessions: 1 } }));
    const onDeleted = vi.fn();
    const { client } = renderWithQuery(
      <SessionProvider>
        <Harness onDeleted={onDeleted} />
      </SessionProvider>,
    );
    client.setQueryData(['events', 'week'], []);
    client.setQueryData(['config'], { demo: true });
    expect(screen.getByTestId('who').textContent).toBe('meera_k');

    fireEvent.click(screen.getByRole('button', { name: 'Open privacy' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account...' }, LAZY));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete your account?' }));
    fireEvent.change(dialog.getByLabelText('Your password'), { target: { value: 'right-pass' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: /deleted for good/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete my account permanently' }));

    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(onDeleted).toHaveBeenCalledWith(
      'Your account has been deleted and you are signed out. 1 upcoming session was canceled, and what you paid for it is refunded in full.',
    );
    expect(calls).toEqual([
      { method: 'DELETE', path: '/api/users/me', body: { password: 'right-pass' } },
    ]);
    for (const key of ['authToken', 'authUser', 'userToken', 'userID']) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(screen.getByTestId('who').textContent).toBe('signed out');
    expect(client.getQueryData(['events', 'week'])).toBeUndefined();
    expect(client.getQueryData(['config'])).toEqual({ demo: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the session when the password is wrong', async () => {
    window.localStorage.setItem('authToken', 'token-1');
    window.localStorage.setItem('authUser', JSON.stringify(USER));
    stubApi(() => ({
      status: 401,
      error: {
        code: 'INVALID_CREDENTIALS',
        message: 'That password is not right, so nothing was deleted.',
      },
    }));
    const onDeleted = vi.fn();
    renderWithQuery(
      <SessionProvider>
        <Harness onDeleted={onDeleted} />
      </SessionProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open privacy' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account...' }, LAZY));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete your account?' }));
    fireEvent.change(dialog.getByLabelText('Your password'), { target: { value: 'wrong' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: /deleted for good/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete my account permanently' }));
    await dialog.findByText('That password is not right, so nothing was deleted.');
    expect(onDeleted).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('authToken')).toBe('token-1');
    expect(screen.getByTestId('who').textContent).toBe('meera_k');
  });
});

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, stubApi } from '../../testing/render';
import { AvatarMenu } from './avatar-menu';
import { SessionProvider } from './session';
import * as catalogue from '../../i18n/catalogue';
import { ENGLISH } from '../../i18n/catalogue';
import { I18nProvider } from '../../i18n/i18n';
import { pageLocale, setPageLocale } from '../../i18n/locale';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const USER = {
  id: '00000000-0000-4000-8000-0000000000c1',
  email: 'meera@example.test',
  username: 'meera_k',
  role: 'patient' as const,
  fullName: null,
  avatarUrl: null,
  locale: 'en' as const,
};

function renderMenu(answer: Parameters<typeof stubApi>[0]) {
  const calls = stubApi(answer);
  const onLogout = vi.fn();
  renderWithQuery(
    <SessionProvider>
      <AvatarMenu
        user={USER}
        onPrivacy={vi.fn()}
        onCalendarFeed={vi.fn()}
        onLogout={onLogout}
        defaultOpen
      />
    </SessionProvider>,
  );
  fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out everywhere' }));
  return { calls, onLogout };
}

describe('sign out everywhere', () => {
  it('asks first, and a cancel sends nothing', async () => {
    const { calls, onLogout } = renderMenu(() => ({ data: { signedOut: true } }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    expect(dialog.textContent).toMatch(/sign-in links in emails we sent you will stop working/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([]);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('once confirmed, ends every session on the server and then this visit', async () => {
    const { calls, onLogout } = renderMenu(() => ({ data: { signedOut: true } }));
    await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(onLogout).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([
      { method: 'POST', path: '/api/auth/sign-out-everywhere', body: undefined },
    ]);
  });

  it('says so when the server could not be reached, and stays signed in', async () => {
    const { onLogout } = renderMenu(() => ({
      status: 503,
      error: { code: 'SERVICE_UNAVAILABLE', message: 'Sukoon is busy. Please try again.' },
    }));
    await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Sukoon is busy. Please try again.')).toBeTruthy();
    expect(onLogout).not.toHaveBeenCalled();
  });
});

describe('choosing a language', () => {
  function renderLanguages(onLocaleChosen: (locale: 'en' | 'hi') => Promise<unknown>) {
    stubApi(() => ({ data: {} }));
    renderWithQuery(
      <I18nProvider locale="en" messages={ENGLISH}>
        <SessionProvider>
          <AvatarMenu
            user={USER}
            onPrivacy={vi.fn()}
            onCalendarFeed={vi.fn()}
            onLogout={vi.fn()}
            onLocaleChosen={onLocaleChosen}
            defaultOpen
          />
        </SessionProvider>
      </I18nProvider>,
    );
  }
  afterEach(() => setPageLocale('en'));

  it('says so when the account could not save it, and keeps the page as it was', async () => {
    const onLocaleChosen = vi.fn(() => Promise.reject(new Error('offline')));
    renderLanguages(onLocaleChosen);
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'हिन्दी' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your language could not be saved to your account. Check your connection and try again.',
    );
    expect(onLocaleChosen).toHaveBeenCalledWith('hi');
    expect(pageLocale()).toBe('en');
    expect(
      screen.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it("says so when the language's words cannot be fetched, and leaves the account alone", async () => {
    const onLocaleChosen = vi.fn(() => Promise.resolve());
    const fetchWords = vi
      .spyOn(catalogue, 'loadMessages')
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    renderLanguages(onLocaleChosen);
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'हिन्दी' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Hindi could not be loaded. Check your connection and try again, or reload the page.',
    );
    expect(onLocaleChosen).not.toHaveBeenCalled();
    expect(pageLocale()).toBe('en');
    fetchWords.mockRestore();

    // Once the words arrive, the same choice goes through.
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'हिन्दी' }));
    await waitFor(() => expect(pageLocale()).toBe('hi'));
    expect(onLocaleChosen).toHaveBeenCalledWith('hi');
  });

  it('switches the page once the account has saved it', async () => {
    renderLanguages(() => Promise.resolve());
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'हिन्दी' }));
    await waitFor(() => expect(pageLocale()).toBe('hi'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY_NOTICE_VERSION, type AccountExport } from '@sukoon/shared';
import { renderWithQuery, stubApi } from '../../testing/render';
import { deletionSummary, exportFileName } from './privacy-api';
import { PrivacyDialog } from './privacy-dialog';
import { englishT } from '../../i18n/i18n';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const EXPORT: AccountExport = {
  exported_at: '2026-11-23T04:30:00.000Z',
  privacy_notice_version: PRIVACY_NOTICE_VERSION,
  account: {
    id: '00000000-0000-4000-8000-0000000000b1',
    email: 'meera@example.test',
    username: 'meera_k',
    role: 'patient',
    locale: 'en',
    full_name: 'Meera Kapoor',
    created_at: '2026-11-01T04:30:00.000Z',
    email_verified_at: '2026-11-01T04:31:00.000Z',
    consented_at: '2026-11-01T04:30:00.000Z',
    consent_version: PRIVACY_NOTICE_VERSION,
  },
  psychologist_profile: null,
  bookings: [],
  payments: [],
  receipts: [],
  account_events: [],
  emails: [],
};

function renderDialog(role: 'patient' | 'psychologist' = 'patient') {
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  renderWithQuery(<PrivacyDialog role={role} onClose={onClose} onDeleted={onDeleted} />);
  return { onClose, onDeleted };
}

/** Captures what the download link would save instead of letting jsdom navigate. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const saved: Array<{ href: string; download: string }> = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return `blob:sukoon/${blobs.length}`;
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.href, download: this.download });
  });
  return { blobs, saved };
}

describe('Privacy & data: download', () => {
  it('saves the export as a pretty-printed sukoon-data-YYYY-MM-DD.json file', async () => {
    const calls = stubApi(() => ({ data: EXPORT }));
    const { blobs, saved } = captureDownloads();
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    const status = await screen.findByText(/^Downloaded/);
    const name = exportFileName(EXPORT.exported_at);
    expect(name).toMatch(/^sukoon-data-2026-11-2[34]\.json$/);
    expect(status.textContent).toBe(`Downloaded ${name}.`);
    expect(calls).toEqual([{ method: 'GET', path: '/api/users/me/export', body: undefined }]);
    expect(saved).toEqual([{ href: 'blob:sukoon/1', download: name }]);
    expect(blobs[0]!.type).toBe('application/json');
    const text = await blobs[0]!.text();
    expect(text).toBe(`${JSON.stringify(EXPORT, null, 2)}\n`);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('names the file by the day in the viewer’s zone', () => {
    expect(exportFileName('2026-11-22T20:00:00.000Z', 'Asia/Kolkata')).toBe(
      'sukoon-data-2026-11-23.json',
    );
    expect(exportFileName('2026-11-22T20:00:00.000Z', 'UTC')).toBe('sukoon-data-2026-11-22.json');
  });

  it('shows why a download failed', async () => {
    stubApi(() => ({ status: 503, error: { code: 'INTERNAL', message: 'Please try again.' } }));
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please try again.');
  });
});

describe('Privacy & data: delete my account', () => {
  function openDelete() {
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account...' }));
    return within(screen.getByRole('dialog', { name: 'Delete your account?' }));
  }

  it('explains what happens and stays disabled until the password and the confirmation are given', () => {
    stubApi(() => ({ data: null }));
    renderDialog();
    const dialog = openDelete();
    const text = screen.getByRole('dialog', { name: 'Delete your account?' }).textContent;
    expect(text).toContain('refunded in full');
    expect(text).toContain('anonymised');
    expect(text).toContain('This cannot be undone.');
    const submit = dialog.getByRole<HTMLButtonElement>('button', {
      name: 'Delete my account permanently',
    });
    expect(submit.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('Your password'), { target: { value: 'secret-pass' } });
    expect(submit.disabled).toBe(true);
    fireEvent.click(dialog.getByRole('checkbox', { name: /deleted for good/ }));
    expect(submit.disabled).toBe(false);
  });

  it('shows the server’s message for a wrong password and deletes nothing', async () => {
    const calls = stubApi(() => ({
      status: 401,
      error: {
        code: 'INVALID_CREDENTIALS',
        message: 'That password is not right, so nothing was deleted.',
      },
    }));
    const { onDeleted } = renderDialog();
    const dialog = openDelete();
    fireEvent.change(dialog.getByLabelText('Your password'), { target: { value: 'wrong-pass' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: /deleted for good/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete my account permanently' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'That password is not right, so nothing was deleted.',
    );
    expect(calls).toEqual([
      { method: 'DELETE', path: '/api/users/me', body: { password: 'wrong-pass' } },
    ]);
    expect(onDeleted).not.toHaveBeenCalled();
    // Typing again clears the message.
    fireEvent.change(dialog.getByLabelText('Your password'), { target: { value: 'right-pass' } });
    expect(dialog.queryByRole('alert')).toBeNull();
  });

  it('reports the deletion once the server confirms it', async () => {
    let answer: () => void = () => undefined;
    stubApi(
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ data: { deleted: true, canceled_sessions: 2 } });
        }),
    );
    const { onDeleted } = renderDialog();
    const dialog = openDelete();
    fireEvent.change(dialog.getByLabelText('Your password'), { target: { value: 'right-pass' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: /deleted for good/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete my account permanently' }));
    const pending = await dialog.findByRole<HTMLButtonElement>('button', {
      name: 'Deleting your account...',
    });
    expect(pending.disabled).toBe(true);
    expect(onDeleted).not.toHaveBeenCalled();
    answer();
    await waitFor(() =>
      expect(onDeleted).toHaveBeenCalledWith({ deleted: true, canceled_sessions: 2 }),
    );
  });

  it('Keep my account goes back to Privacy & data', () => {
    stubApi(() => ({ data: null }));
    const { onClose } = renderDialog();
    const dialog = openDelete();
    fireEvent.click(dialog.getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('dialog', { name: 'Delete your account?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Privacy & data' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('summarises what was done for each role', () => {
    expect(deletionSummary('patient', { deleted: true, canceled_sessions: 1 }, englishT)).toBe(
      'Your account has been deleted and you are signed out. 1 upcoming session was canceled, and what you paid for it is refunded in full.',
    );
    expect(deletionSummary('psychologist', { deleted: true, canceled_sessions: 3 }, englishT)).toBe(
      'Your account has been deleted and you are signed out. 3 upcoming sessions were canceled, and the patients are refunded in full.',
    );
    expect(deletionSummary('patient', { deleted: true, canceled_sessions: 0 }, englishT)).toContain(
      'You had no upcoming sessions to cancel.',
    );
  });
});

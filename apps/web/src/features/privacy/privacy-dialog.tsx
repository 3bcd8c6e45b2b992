import { useId, useState, type FormEvent } from 'react';
import type { DeleteAccountData, Role } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { PrivacyNotice } from '../../components/ui/privacy-notice';
import { Notice, PasswordField } from '../../components/ui/text-field';
import { useDeleteAccount, useDownloadData } from './privacy-api';

interface PrivacyDialogProps {
  role: Role;
  onClose: () => void;
  /** The account is deleted: the app forgets the session and says what was done. */
  onDeleted: (data: DeleteAccountData) => void;
}

/** What deleting an account does, as the server does it (README, "Privacy, security and the audit log"). */
const CONSEQUENCES: Record<Role, string[]> = {
  patient: [
    'Your upcoming sessions are canceled, and what you paid for them is refunded in full to the original payment method.',
    'Your email, username, full name and password are erased, and what you wrote under “Problems Facing” is removed.',
    'Past sessions and payments are kept only as anonymised records, as the practice and the accounts must keep them. Receipts already issued keep the name and email printed on them.',
    'You are signed out on every device, and your calendar feed’s link stops working.',
  ],
  psychologist: [
    'Your upcoming sessions are canceled, and their patients are refunded in full. No cancellation fee is charged.',
    'Your profile is hidden from patients, your calendar settings are removed, and your email, username and password are erased.',
    'Past sessions, attendance and payments are kept only as anonymised records, as the practice and the accounts must keep them. Receipts already issued keep the names printed on them.',
    'You are signed out on every device, and your calendar feed’s link stops working.',
  ],
};

/**
 * Privacy & data: read the notice again, download everything Sukoon holds about you, or delete the
 * account (which withdraws consent). Deleting asks for the password and an explicit confirmation in a
 * dialog over this one, so going back returns focus to the button that opened it.
 */
export function PrivacyDialog({ role, onClose, onDeleted }: PrivacyDialogProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <PrivacyOverview onClose={onClose} onDelete={() => setConfirming(true)} />
      {confirming && (
        <DeleteAccountDialog
          role={role}
          onBack={() => setConfirming(false)}
          onDeleted={onDeleted}
        />
      )}
    </>
  );
}

function PrivacyOverview({ onClose, onDelete }: { onClose: () => void; onDelete: () => void }) {
  const download = useDownloadData();
  const downloadId = useId();
  const deleteId = useId();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Privacy & data"
      description="Read how Sukoon uses your information, download a copy of it, or delete your account."
    >
      <div className="flex flex-col gap-5">
        <PrivacyNotice />

        <section aria-labelledby={downloadId} className="flex flex-col gap-2">
          <h3 id={downloadId} className="text-base font-semibold text-slate-900">
            Download my data
          </h3>
          <p className="text-sm text-slate-600">
            A JSON file with everything Sukoon holds about you: your account, sessions, payments and
            refunds, sign-in history and the emails we sent you.
          </p>
          <div>
            <Button
              variant="secondary"
              disabled={download.isPending}
              onClick={() => download.mutate()}
            >
              {download.isPending ? 'Preparing your file...' : 'Download my data'}
            </Button>
          </div>
          {download.isSuccess && (
            <Notice tone="success">
              Downloaded <span className="font-semibold break-all">{download.data}</span>.
            </Notice>
          )}
          {download.isError && <Notice tone="error">{download.error.message}</Notice>}
        </section>

        <section
          aria-labelledby={deleteId}
          className="flex flex-col gap-2 rounded-xl border border-red-200 bg-red-50/60 p-4"
        >
          <h3 id={deleteId} className="text-base font-semibold text-red-900">
            Delete my account
          </h3>
          <p className="text-sm text-red-900">
            Withdraws your consent. Upcoming sessions are canceled and refunded in full, and your
            past records are anonymised. This cannot be undone.
          </p>
          <div>
            <Button variant="danger" onClick={onDelete}>
              Delete my account...
            </Button>
          </div>
        </section>
      </div>
    </Modal>
  );
}

function DeleteAccountDialog({
  role,
  onBack,
  onDeleted,
}: {
  role: Role;
  /** Keep my account, Escape or the close button: back to Privacy & data. */
  onBack: () => void;
  onDeleted: (data: DeleteAccountData) => void;
}) {
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const remove = useDeleteAccount();
  const listId = useId();
  const busy = remove.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !password || !understood) return;
    remove.mutate({ password }, { onSuccess: (data) => onDeleted(data) });
  }

  return (
    <Modal
      open
      // Nothing closes it while the deletion is under way.
      onOpenChange={(open) => !open && !busy && onBack()}
      title="Delete your account?"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          <p id={listId} className="font-semibold">
            Deleting your account withdraws your consent, at once:
          </p>
          <ul aria-labelledby={listId} className="mt-2 list-disc space-y-1.5 pl-5">
            {CONSEQUENCES[role].map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-3 font-semibold">This cannot be undone.</p>
        </div>
        <p className="text-sm text-slate-600">
          Want a copy first? Go back and choose Download my data.
        </p>
        <PasswordField
          label="Your password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (remove.isError) remove.reset();
          }}
          hint="To confirm it is you."
        />
        <label className="flex cursor-pointer items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={understood}
            onChange={(event) => setUnderstood(event.target.checked)}
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-red-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          />
          <span>I understand that my account is deleted for good.</span>
        </label>
        {remove.isError && <Notice tone="error">{remove.error.message}</Notice>}
        {/* Stacked, full width: both labels stay on one line, and neither hides beside the other. */}
        <div className="flex flex-col-reverse gap-2">
          <Button variant="secondary" className="w-full" onClick={onBack} disabled={busy}>
            Keep my account
          </Button>
          <Button
            type="submit"
            variant="danger"
            className="w-full"
            disabled={busy || !password || !understood}
          >
            {busy ? 'Deleting your account...' : 'Delete my account permanently'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

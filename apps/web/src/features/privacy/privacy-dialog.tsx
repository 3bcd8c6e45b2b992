import { useId, useState, type FormEvent } from 'react';
import type { DeleteAccountData, Role } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { PrivacyNotice } from '../../components/ui/privacy-notice';
import { PasswordField } from '../../components/form/text-field';
import { Notice } from '../../components/ui/notice';
import type { MessageKey } from '../../i18n/catalogue';
import { useI18n, useT } from '../../i18n/i18n';
import { useDeleteAccount, useDownloadData } from './privacy-api';

interface PrivacyDialogProps {
  role: Role;
  onClose: () => void;
  /** The account is deleted: the app forgets the session and says what was done. */
  onDeleted: (data: DeleteAccountData) => void;
}

/**
 * What deleting an account does, as the server does it (docs/accounts-and-privacy.md, "Privacy,
 * security and the audit log").
 */
const CONSEQUENCES: Record<Role, MessageKey[]> = {
  patient: [
    'privacy.delete.patient.sessions',
    'privacy.delete.patient.erased',
    'privacy.delete.patient.records',
    'privacy.delete.signedOut',
  ],
  psychologist: [
    'privacy.delete.psychologist.sessions',
    'privacy.delete.psychologist.erased',
    'privacy.delete.psychologist.records',
    'privacy.delete.signedOut',
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
  const { t, rich } = useI18n();
  const download = useDownloadData();
  const downloadId = useId();
  const deleteId = useId();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('privacy.title')}
      description={t('privacy.description')}
    >
      <div className="flex flex-col gap-5">
        <PrivacyNotice />

        <section aria-labelledby={downloadId} className="flex flex-col gap-2">
          <h3 id={downloadId} className="text-base font-semibold text-slate-900">
            {t('privacy.download.title')}
          </h3>
          <p className="text-sm text-slate-600">{t('privacy.download.description')}</p>
          <div>
            <Button
              variant="secondary"
              disabled={download.isPending}
              onClick={() => download.mutate()}
            >
              {download.isPending ? t('privacy.download.preparing') : t('privacy.download.button')}
            </Button>
          </div>
          {download.isSuccess && (
            <Notice tone="success">
              {rich('privacy.download.done', {
                file: download.data,
                strong: (chunks) => <span className="font-semibold break-all">{chunks}</span>,
              })}
            </Notice>
          )}
          {download.isError && <Notice tone="error">{download.error.message}</Notice>}
        </section>

        <section
          aria-labelledby={deleteId}
          className="flex flex-col gap-2 rounded-xl border border-red-200 bg-red-50/60 p-4"
        >
          <h3 id={deleteId} className="text-base font-semibold text-red-900">
            {t('privacy.delete.title')}
          </h3>
          <p className="text-sm text-red-900">{t('privacy.delete.description')}</p>
          <div>
            <Button variant="danger" onClick={onDelete}>
              {t('privacy.delete.open')}
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
  const t = useT();
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
      title={t('privacy.delete.confirmTitle')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          <p id={listId} className="font-semibold">
            {t('privacy.delete.consequences')}
          </p>
          <ul aria-labelledby={listId} className="mt-2 list-disc space-y-1.5 pl-5">
            {CONSEQUENCES[role].map((line) => (
              <li key={line}>{t(line)}</li>
            ))}
          </ul>
          <p className="mt-3 font-semibold">{t('privacy.delete.final')}</p>
        </div>
        <p className="text-sm text-slate-600">{t('privacy.delete.copyFirst')}</p>
        <PasswordField
          label={t('privacy.delete.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (remove.isError) remove.reset();
          }}
          hint={t('privacy.delete.passwordHint')}
        />
        <label className="flex cursor-pointer items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={understood}
            onChange={(event) => setUnderstood(event.target.checked)}
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-red-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          />
          <span>{t('privacy.delete.understood')}</span>
        </label>
        {remove.isError && <Notice tone="error">{remove.error.message}</Notice>}
        {/* Stacked, full width: both labels stay on one line, and neither hides beside the other. */}
        <div className="flex flex-col-reverse gap-2">
          <Button variant="secondary" className="w-full" onClick={onBack} disabled={busy}>
            {t('privacy.delete.keep')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            className="w-full"
            disabled={busy || !password || !understood}
          >
            {busy ? t('privacy.delete.deleting') : t('privacy.delete.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

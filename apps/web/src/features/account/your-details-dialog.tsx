import { useState, type FormEvent } from 'react';
import { FullName, type User } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { TextField } from '../../components/form/text-field';
import { useT } from '../../i18n/i18n';
import { useUpdateAccount } from './account-api';
import { fullNameProblem } from '../../i18n/shared-words';

interface YourDetailsDialogProps {
  user: User;
  onClose: () => void;
}

/**
 * A patient's own details: the full name printed on their receipts (issue 21), for those who did not
 * give it at registration or want it spelt otherwise. A psychologist's name is their profile's.
 */
export function YourDetailsDialog({ user, onClose }: YourDetailsDialogProps) {
  const t = useT();
  const [fullName, setFullName] = useState(user.fullName ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useUpdateAccount();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const problem = fullName.trim() ? FullName.safeParse(fullName).error?.issues[0]?.code : null;
    if (problem) return setError(fullNameProblem(t, problem));
    save.mutate(
      { fullName: fullName.trim() || null },
      {
        onSuccess: (updated) => {
          setFullName(updated.fullName ?? '');
          setSaved(true);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('account.details.title')}
      description={t('account.details.signedInAs', { username: user.username, email: user.email })}
      // A name already given is not selected for the next keystroke to replace.
      focusDialogOnOpen={Boolean(user.fullName)}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label={t('account.details.fullName')}
          optional
          autoComplete="name"
          value={fullName}
          onChange={(event) => {
            setFullName(event.target.value);
            setError(null);
            setSaved(false);
          }}
          {...(error ? { 'aria-invalid': true } : {})}
          hint={
            <>
              {error && <span className="block text-sm font-medium text-red-700">{error}</span>}
              {t('account.details.fullNameHint')}
            </>
          }
        />
        <div className="flex flex-wrap items-center justify-end gap-2">
          <p
            role="status"
            className="w-full text-sm font-medium text-brand-700 sm:mr-auto sm:w-auto"
          >
            {saved ? t('account.details.saved') : ''}
          </p>
          <Button variant="secondary" onClick={onClose}>
            {saved ? t('account.details.done') : t('account.details.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('account.details.saving') : t('account.details.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

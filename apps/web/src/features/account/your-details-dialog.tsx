import { useState, type FormEvent } from 'react';
import { FullName, type User } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { TextField } from '../../components/ui/text-field';
import { useUpdateAccount } from './account-api';

interface YourDetailsDialogProps {
  user: User;
  onClose: () => void;
}

/**
 * A patient's own details: the full name printed on their receipts (issue 21), for those who did not
 * give it at registration or want it spelt otherwise. A psychologist's name is their profile's.
 */
export function YourDetailsDialog({ user, onClose }: YourDetailsDialogProps) {
  const [fullName, setFullName] = useState(user.fullName ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useUpdateAccount();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const problem = fullName.trim() ? FullName.safeParse(fullName).error?.issues[0]?.message : null;
    if (problem) return setError(problem);
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
      title="Your profile"
      description={`Signed in as ${user.username} (${user.email}).`}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label="Full name"
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
              Printed on the receipts of sessions you pay for from now on; receipts already issued
              keep the name they were issued with. Left empty, receipts show your username.
            </>
          }
        />
        <div className="flex flex-wrap items-center justify-end gap-2">
          <p
            role="status"
            className="w-full text-sm font-medium text-brand-700 sm:mr-auto sm:w-auto"
          >
            {saved ? 'Your details are saved' : ''}
          </p>
          <Button variant="secondary" onClick={onClose}>
            {saved ? 'Done' : 'Cancel'}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

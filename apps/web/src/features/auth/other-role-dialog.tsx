import { useEffect, useRef } from 'react';
import type { Role } from '@sukoon/shared';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Notice } from '../../components/ui/notice';
import { useT } from '../../i18n/i18n';
import { OTHER_ROLE } from './auth-form-words';

interface OtherRoleDialogProps {
  title: string;
  /** The role of the account that signed in here. */
  otherRole: Role;
  username: string;
  signingOut: boolean;
  onCancel: () => void;
  /** To that role's dashboard. */
  onContinue: () => void;
  /** Signs out, to sign in with an account of this card's role. */
  onSignIn: () => void;
}

/** Signed in through one role's card with an account of the other role: the way on, or back. */
export function OtherRoleDialog({
  title,
  otherRole,
  username,
  signingOut,
  onCancel,
  onContinue,
  onSignIn,
}: OtherRoleDialogProps) {
  const t = useT();
  const other = OTHER_ROLE[otherRole];
  const ref = useRef<HTMLDivElement>(null);
  // Focus the way on as soon as the account turns out to be of the other role.
  useEffect(() => {
    ref.current?.querySelector('button')?.focus();
  }, []);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onCancel()}
      title={title}
      description={t('auth.signedInAs', { username })}
    >
      <div ref={ref} className="space-y-4">
        <Notice tone="info">
          <p className="font-semibold">{t(other.title)}</p>
          <p className="mt-1">{t(other.body)}</p>
        </Notice>
        <Button className="w-full" onClick={onContinue}>
          {t(other.continue)}
        </Button>
        <Button variant="secondary" className="w-full" disabled={signingOut} onClick={onSignIn}>
          {t(signingOut ? 'auth.signingOut' : other.signIn)}
        </Button>
      </div>
    </Modal>
  );
}
